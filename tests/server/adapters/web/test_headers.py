"""Security headers on the pages (issue 35): a strict Content-Security-Policy with no
inline script anywhere we serve, framing refused, no sniffing, no referrer."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from fastapi.testclient import TestClient

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.config import Settings

PAGES = ("/", "/web/main.js", "/web/style.css", "/api/health", "/api/rulesets", "/docs", "/redoc")


class Inline(HTMLParser):
    """Notes every inline script: a <script> without src, an on* handler, a javascript: URL."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "script":
            self._in_script = "src" not in named
        for name, value in attrs:
            if name.startswith("on") or (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"{tag} {name}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append(f"script: {data.strip()[:40]}")


def test_every_answer_carries_the_security_headers() -> None:
    with TestClient(create_app(Settings(admin_token="adm"), MemoryStore())) as client:
        for path in PAGES:
            r = client.get(path)
            assert r.status_code == 200, path
            csp = r.headers["content-security-policy"]
            directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
            assert directives["script-src"] == "'self'", path  # no 'unsafe-inline', no eval
            assert directives["frame-ancestors"] == "'none'" and "object-src" in directives
            assert r.headers["x-frame-options"] == "DENY"
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "no-referrer"
        # the client page allows no <style> element, only style attributes
        page = client.get("/").headers["content-security-policy"]
        assert re.search(r"style-src 'self';", page)


def test_no_page_holds_an_inline_script() -> None:
    with TestClient(create_app(Settings(admin_token="adm"), MemoryStore())) as client:
        for path in ("/", "/docs", "/redoc"):
            parser = Inline()
            parser.feed(client.get(path).text)
            assert parser.found == [], (path, parser.found)
        start = client.get("/docs/start.js")
        assert start.status_code == 200 and "SwaggerUIBundle" in start.text
        assert "/openapi.json" in start.text
