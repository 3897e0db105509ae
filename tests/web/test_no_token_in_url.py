"""The browser never puts its token in a URL: not in a REST request, not in the page's
address, not in a WebSocket URL (the token goes in the socket's first frame, an ``auth``
frame, and REST's ``Authorization`` header), also after a reload."""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import LiveServer
from tests.web.test_play import create_table, register


def test_the_token_travels_in_headers_and_the_first_frame_only(
    new_page: Any, web: LiveServer
) -> None:
    page = new_page()
    urls: list[str] = []
    sockets: list[tuple[str, list[str]]] = []  # each WebSocket's URL and the frames it sent

    def on_socket(ws: Any) -> None:
        sent: list[str] = []
        sockets.append((ws.url, sent))
        ws.on("framesent", lambda payload: sent.append(str(payload)))

    page.on("request", lambda r: urls.append(r.url))
    page.on("websocket", on_socket)
    register(page, "Urlwary")
    token = json.loads(page.evaluate("localStorage.getItem('jantaku.player')"))["token"]
    assert len(token) > 20
    seats = ["me", "open", "bot:greedy", "bot:greedy"]
    table = create_table(page, "mcr", seats, {}, (30, 10, 0))
    for _ in range(2):  # the table page, and again after a reload
        page.goto(f"/#/table/{table}")
        page.wait_for_selector("#conn[data-state='connected']")
        urls.append(page.url)
        page.reload()
    page.wait_for_selector("#conn[data-state='connected']")
    tables = [(url, sent) for url, sent in sockets if "/ws/tables/" in url]
    assert len(tables) >= 2
    for url, sent in tables:
        assert "auth=frame" in url and sent, (url, sent)
        assert json.loads(sent[0]) == {"type": "auth", "token": token}
        assert not any(token in f for f in sent[1:])
    for url in urls + [url for url, _ in sockets]:
        assert token not in url and "token=" not in url, url
    web.http.post(f"/api/admin/tables/{table}/abort", headers=web.admin)
