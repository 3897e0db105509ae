"""A client that stops reading is closed with 4429 (not uvicorn's 1011 keepalive code)."""

from __future__ import annotations

import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server.cli.client import auth_frame, ws_url
from tests.server.conftest import running, suite_settings


def test_client_that_stops_reading_is_closed_with_4429(tmp_path: Path) -> None:
    settings = suite_settings(tmp_path, ws_ping_interval=0.2, ws_ping_timeout=0.2)
    with running(settings) as server:
        pid, token = server.player("sleepy")
        tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
        # max_queue=1: the client stops reading the socket once a frame waits unread,
        # so the server's keepalive pings go unanswered
        with connect(ws_url(server.base_url, tid, auth="frame"), max_queue=1) as ws:
            ws.send(auth_frame(token))
            time.sleep(2.0)  # several ping intervals without reading
            frames = 0
            try:
                while True:
                    ws.recv(timeout=5)
                    frames += 1
            except ConnectionClosed:
                pass
            assert frames >= 1
            assert ws.close_code == 4429 and ws.close_reason == "client does not read its frames"
        assert server.live(tid)["status"] == "playing"  # the table does not mind
