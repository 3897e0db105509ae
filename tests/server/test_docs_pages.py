"""/docs and /redoc work with no internet: every script, style and icon the pages load is
a local URL, and each of them is served."""

from __future__ import annotations

import re

from tests.server.conftest import LiveServer

ASSET = re.compile(r"""(?:src|href)=["']([^"']+)["']""")


def test_docs_pages_load_only_local_assets(server: LiveServer) -> None:
    for page in ("/docs", "/redoc"):
        r = server.http.get(page)
        assert r.status_code == 200, page
        urls = ASSET.findall(r.text)
        assert urls, page
        for url in urls:
            assert url.startswith("/"), f"{page} loads {url} from elsewhere"
            got = server.http.get(url)
            assert got.status_code == 200 and len(got.content) > 100, url
        assert "openapi.json" in r.text
    swagger = server.http.get("/docs").text
    assert "/docs-assets/swagger-ui-bundle.js" in swagger
    assert "/docs-assets/swagger-ui.css" in swagger
    assert "/docs-assets/redoc.standalone.js" in server.http.get("/redoc").text
    assert server.http.get("/openapi.json").status_code == 200
