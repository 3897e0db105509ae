"""The protocol client (``jantaku play``): it reconnects and resyncs when the server
restarts in the middle of a match, and a person's prompt is dropped the moment the table
moves past it, so no answer is ever sent to a closed prompt."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from engine.views import TableView
from server.cli.client import SeatClient
from tests.server.adapters.sql.test_crash_recovery import Server
from tests.server.conftest import LiveServer


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
    # two hands: one short hand in about 2,000 asks this seat 3 times or fewer
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"],
        options={"hands_per_session": 2},
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


def test_a_resync_gap_survives_a_second_drop() -> None:
    """A live event can overtake the resync's replay (the table moved on between the
    welcome and the resync). If the connection drops before the replay arrives, the next
    resync must start from before the gap again, not from the live event: here seat 0 had
    1–2, the second connection brought only live event 6 (the welcome said 5), so the third
    must resync from 2 and get 3–5. A scripted server plays the three connections."""
    resyncs: list[int] = []
    welcome = {
        "type": "welcome",
        "protocol": 1,
        "table_id": "t1",
        "ruleset": {"id": "mcr", "version": "1"},
        "options": {},
        "role": "player",
        "seat": 0,
    }

    def event(seq: int) -> str:
        return json.dumps({"type": "event", "seq": seq, "event": {"type": "note", "n": seq}})

    async def script(ws: ServerConnection) -> None:
        await ws.recv()  # the auth frame
        turn = len(resyncs) if connections else -1
        connections.append(1)
        if turn == -1:  # the first connection: events 1 and 2, then the server is gone
            await ws.send(json.dumps(welcome | {"last_seq": 0}))
            for seq in (1, 2):
                await ws.send(event(seq))
            return
        await ws.send(json.dumps(welcome | {"last_seq": 5 if turn == 0 else 6}))
        resyncs.append(json.loads(await ws.recv())["last_seq"])
        if turn == 0:  # live 6 comes before the replay of 3–5, and the connection drops
            await ws.send(event(6))
            return
        for seq in range(resyncs[-1] + 1, 7):  # the replay, then the table goes on
            await ws.send(event(seq))
        await ws.send(event(7))
        await ws.send(json.dumps({"type": "match_end", "scores": []}))

    def health(conn: ServerConnection, request: Request) -> Response | None:
        return conn.respond(200, "ok\n") if request.path == "/api/health" else None

    connections: list[int] = []
    seen: list[int] = []

    async def run() -> dict[str, Any] | None:
        async with serve(script, "127.0.0.1", 0, process_request=health) as server:
            port = server.sockets[0].getsockname()[1]

            def on_frame(frame: dict[str, Any]) -> None:
                if frame["type"] == "event":
                    seen.append(frame["seq"])

            client = SeatClient(f"http://127.0.0.1:{port}", "t1", "tok", reconnect_for=10)
            client.on_frame = on_frame
            return await asyncio.wait_for(client.play(), 20)

    end = asyncio.run(run())
    assert end is not None and end["type"] == "match_end"
    assert resyncs == [2, 2]  # not 6: events 3–5 had not come yet
    assert seen == [1, 2, 6, 3, 4, 5, 7]  # each event shown once
