"""The protocol client (``jantaku play``): it reconnects and resyncs when the server
restarts in the middle of a match, and a person's prompt is dropped the moment the table
moves past it, so no answer is ever sent to a closed prompt."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

from engine.views import TableView
from server.client import SeatClient
from tests.server.conftest import LiveServer
from tests.server.db.test_crash_recovery import Server


def test_reconnects_after_a_server_restart(tmp_path: Path) -> None:
    srv = Server(tmp_path, f"sqlite+aiosqlite:///{tmp_path / 'j.db'}")
    srv.start()
    try:
        r = srv.http.post("/api/players", json={"name": "cli"})
        pid, token = r.json()["player_id"], r.json()["token"]
        tid = srv.http.post(
            "/api/tables",
            json={
                "ruleset": "mcr",
                "seats": [pid, "bot:greedy", "bot:greedy", "bot:greedy"],
                "options": {"hands_per_session": 2},
            },
            headers=srv.admin,
        ).json()["table_id"]
        dropped, stopped = threading.Event(), threading.Event()
        hands: list[int] = []

        def on_frame(frame: dict[str, Any]) -> None:
            if frame["type"] == "hand_end":
                hands.append(frame["seq"])
                dropped.set()  # restart the server once the first hand is over

        async def chooser(view: TableView | None, prompt: dict[str, Any]) -> dict[str, Any]:
            # after the first hand the seat waits until the server is down, so the match
            # cannot end before the restart (the client keeps reading meanwhile)
            while dropped.is_set() and not stopped.is_set():
                await asyncio.sleep(0.05)
            return client.choose(prompt)

        client = SeatClient(srv.base, tid, token, on_frame=on_frame, ask=chooser, reconnect_for=60)
        result: list[Any] = []
        runner = threading.Thread(target=lambda: result.append(asyncio.run(client.play())))
        runner.start()
        assert dropped.wait(60)
        srv.stop()  # a clean restart: the server closes every socket with 1001
        stopped.set()
        srv.start()
        runner.join(120)
        end = result[0]
        assert end is not None and end["type"] == "match_end"
        assert client.reconnects >= 1 and client.errors == []
        assert len(hands) == len(set(hands)) == 2  # each hand's result once, none missed
    finally:
        srv.stop()


def test_a_closed_prompt_is_dropped(server: LiveServer) -> None:
    """A person who never answers: every prompt times out (the server plays), each is
    dropped as the next arrives or the table moves on, and nothing stale is ever sent."""
    pid, token = server.player("slow")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"],
        options={"hands_per_session": 1},
        timers={"move": 0.2, "claim": 0.1, "bank": 0},
    )["table_id"]
    asked: list[int] = []
    closed: list[str] = []

    async def never(view: TableView | None, prompt: dict[str, Any]) -> dict[str, Any] | None:
        asked.append(prompt["prompt_id"])
        await asyncio.sleep(3600)
        return None

    client = SeatClient(server.base_url, tid, token, ask=never, on_closed=closed.append)
    end = asyncio.run(asyncio.wait_for(client.play(), 120))
    assert end is not None and client.errors == []
    assert len(asked) == len(set(asked)) > 3
    assert closed and set(closed) <= {"a new prompt", "the hand is over", "the claim window closed"}
