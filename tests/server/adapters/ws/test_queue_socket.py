"""The queue WebSocket reads frames as the table socket does: hostile frames (deep
nesting, huge numbers, lone surrogates) and anything but ``leave`` get an error code and
leave the player queued; repeated garbage closes with 4400; a foreign ``Origin`` is
refused with 4403."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from websockets.sync.client import connect

from server.cli.client import auth_frame
from tests.server.adapters.ws.test_hostile_frames import HOSTILE
from tests.server.conftest import LiveServer, Socket, running, suite_settings

QUEUE = "test-socket"


def _open(live: LiveServer, token: str, origin: str | None = None) -> Socket:
    parts = urlsplit(live.base_url)
    url = urlunsplit(("ws", parts.netloc, f"/ws/queues/{QUEUE}", "auth=frame", ""))
    sock = Socket(connect(url, open_timeout=5, origin=origin).__enter__())  # type: ignore[arg-type]
    if origin is None:  # a foreign origin is refused before any frame
        sock.conn.send(auth_frame(token))
    return sock


def _status(live: LiveServer, token: str) -> str:
    r = live.http.get("/api/queues/me", headers={"Authorization": f"Bearer {token}"})
    status: str = r.json()["status"]
    return status


def test_hostile_frames_are_answered_and_the_player_stays_queued(tmp_path: Path) -> None:
    settings = suite_settings(
        tmp_path,
        queue_tick=0.2,
        queue_bot_fill_after=None,
        queues=[{"id": QUEUE, "title": "t", "ruleset": "mcr", "bot": "bot:greedy"}],
    )
    with running(settings) as live:
        _, token = live.player("queuer")
        foreign = _open(live, token, origin="http://evil.example")
        assert foreign.recv()["code"] == "origin_not_allowed"
        assert foreign.close_code() == 4403

        ws = _open(live, token)
        assert ws.until_type("queue")["status"] == "queued"
        cases = [*HOSTILE[:4], ("[" * 999, "json_too_deep"), ('{"type": "chat"}', "unknown_type")]
        for frame, code in cases:
            ws.send(frame)
            assert ws.until_type("error")["code"] == code, frame[:30]
            assert _status(live, token) == "queued"
            ws.close()
            ws = _open(live, token)  # each socket gets up to garbage_limit - 1 of them
            assert ws.until_type("queue")["status"] == "queued"
        for _ in range(live.settings.garbage_limit):
            ws.send("not json")
        assert ws.close_code() == 4400

        ws = _open(live, token)
        assert ws.until_type("queue")["status"] == "queued"
        ws.send({"type": "leave"})
        assert ws.close_code() == 1000
        assert _status(live, token) != "queued"
