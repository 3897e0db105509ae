"""Hostile frames (deep nesting, huge numbers, lone surrogates) are answered with their
error code; the connection and the table live on, for players and tokenless spectators."""

from __future__ import annotations

import logging

import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from server.cli.client import ws_url
from tests.server.adapters.ws.test_bad_frames import seated
from tests.server.conftest import LiveServer, Socket

HOSTILE = [
    ("[" * 5000, "json_too_deep"),
    ('{"type": "ping", "nonce": ' + "7" * 5000 + "}", "number_too_long"),
    ('{"type": "\\ud800"}', "invalid_string"),
    ('{"type": "chat", "text": "a\\udc00b"}', "invalid_string"),
    ('{"type": "ping", "nonce": 1e999}', "number_too_long"),
    ('{"type": "ping", "nonce": NaN}', "malformed_json"),
]


def _survives(ws: Socket) -> None:
    for frame, code in HOSTILE:
        ws.send(frame)
        err = ws.until_type("error")
        assert err["code"] == code, (frame[:30], err)
        ws.send({"type": "ping", "nonce": 1})  # the connection lives on
        assert ws.until_type("pong")["nonce"] == 1


def test_player_connection_and_table_live_on(server: LiveServer) -> None:
    tid, _, ws, prompt = seated(server)
    _survives(ws)
    ws.send(prompt["actions"][0])  # and the table still plays
    assert ws.until_type("event")["event"]["seat"] == prompt["actions"][0]["action"]["seat"]
    ws.close()
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_tokenless_spectator_is_answered_too(server: LiveServer) -> None:
    tid, _, player, _ = seated(server, spectators={"allowed": True})
    watcher = server.ws(tid)
    assert watcher.recv()["role"] == "spectator"
    _survives(watcher)
    player.send({"type": "ping", "nonce": 2})
    assert player.until_type("pong")["nonce"] == 2
    assert server.live(tid)["status"] == "playing"
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_rate_limited_frames_count_toward_the_garbage_close(server: LiveServer) -> None:
    tid, _, ws, _ = seated(server)
    limit = server.settings.pings_per_10s
    for _ in range(limit):
        ws.send({"type": "ping"})
        ws.until_type("pong")
    for _ in range(server.settings.garbage_limit - 1):
        ws.send({"type": "ping"})
        assert ws.until_type("error")["code"] == "rate_limited"
    ws.send("not json")  # the fifth in a row
    assert ws.until_type("error")["code"] == "malformed_json"
    assert ws.close_code() == 4400
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


@pytest.mark.parametrize("origin", ["http://evil.example", "null"])
def test_foreign_origin_is_refused(server: LiveServer, origin: str) -> None:
    tid, _, ws, _ = seated(server, spectators={"allowed": True})
    watcher = _from(server, tid, origin)
    assert watcher.recv()["code"] == "origin_not_allowed"
    assert watcher.close_code() == 4403
    same = _from(server, tid, server.base_url.replace("localhost", "127.0.0.1"))
    assert same.recv()["type"] == "welcome"
    same.close()
    ws.close()
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def _from(server: LiveServer, tid: str, origin: str) -> Socket:
    url = ws_url(server.base_url, tid)
    return Socket(connect(url, origin=Origin(origin), open_timeout=5).__enter__())


def test_each_refusal_is_logged_without_the_frame(server: LiveServer) -> None:
    """A hostile frame leaves one log line (its code, the table, who), no traceback and
    never the frame itself; a garbage close is logged too."""
    lines: list[logging.LogRecord] = []
    handler = logging.Handler()
    # collects what reaches this one handler (assigning to a method: method-assign)
    handler.emit = lambda record: lines.append(record)  # type: ignore[method-assign]
    logger = logging.getLogger("jantaku.ws")
    logger.addHandler(handler)
    old_level = logger.level
    logger.setLevel(logging.INFO)
    try:
        tid, _, player, _ = seated(server, spectators={"allowed": True})
        watcher = server.ws(tid)
        assert watcher.recv()["role"] == "spectator"
        for frame, code in HOSTILE[:3]:
            watcher.send(frame)
            assert watcher.until_type("error")["code"] == code
        for _ in range(server.settings.garbage_limit):
            player.send("secret-looking-frame")
        assert player.close_code() == 4400
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    text = [r.getMessage() for r in lines]
    for _, code in HOSTILE[:3]:
        assert any(tid in t and "a spectator (no token)" in t and t.endswith(code) for t in text)
    closing = f"after {server.settings.garbage_limit} bad frames in a row (4400)"
    assert any(closing in t for t in text), text
    assert not any(r.exc_info for r in lines)
    assert not any("secret-looking" in t or "ud800" in t or "[[[" in t for t in text)
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)
