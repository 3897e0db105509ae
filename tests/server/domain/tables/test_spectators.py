"""Spectators see public information only, optionally some seconds late."""

from __future__ import annotations

import contextlib
import time
from typing import Any

from tests.server.conftest import LiveServer, Socket
from tests.server.viewer_seqs import log_seqs


def next_draw_seen(watcher: Socket, player: Socket, timeout: float = 10.0) -> dict[str, Any]:
    """The first draw the watcher is shown. The table is untimed, so a bot's claim of the
    player's discard may leave the player a claim prompt on the bot's discard before anyone
    draws: the player answers every prompt meanwhile (a pass where there is one)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(TimeoutError):
            frame = watcher.recv(timeout=0.05)
            if frame["type"] == "event" and frame["event"]["type"] == "drew":
                return frame
        with contextlib.suppress(TimeoutError):
            frame = player.recv(timeout=0.05)
            if frame["type"] == "prompt":
                offered = frame["actions"]
                player.send(next((a for a in offered if a["action"]["type"] == "pass"), offered[0]))
    raise TimeoutError("the watcher was shown no draw")


def test_spectators_see_no_hidden_tiles_and_cannot_act(server: LiveServer) -> None:
    pid, token = server.player("watched")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    player = server.ws(tid, token)
    prompt = player.until_type("prompt")
    watcher = server.ws(tid)
    welcome = watcher.recv()
    assert welcome["role"] == "spectator" and welcome["seat"] is None
    state = watcher.recv()
    assert state["view"]["viewer"] is None and state["view"]["legal"] == []
    assert all(s["hand"] is None for s in state["view"]["hand"]["seats"])
    watcher.send(prompt["actions"][0])
    assert watcher.until_type("error")["code"] == "spectator"
    player.send(prompt["actions"][0])
    seen = next_draw_seen(watcher, player)
    assert seen["event"]["tile"] is None
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_spectators_can_be_delayed(server: LiveServer) -> None:
    t0 = time.monotonic()
    tid = server.table(
        ["bot:greedy"] * 4, options={"hands_per_session": 1}, spectators={"delay": 1.0}
    )["table_id"]
    watcher = server.ws(tid)
    welcome = watcher.recv()
    assert welcome["spectator_delay"] == 1.0
    first = watcher.until_type("event", timeout=10)
    assert time.monotonic() - t0 >= 0.9
    assert first["seq"] <= 2
    end = watcher.until_type("match_end", timeout=20)
    seqs = [f["seq"] for f in watcher.frames if f["type"] == "event"]
    # in order and without a gap: the spectators number only the events they are shown
    assert seqs == list(range(seqs[0], seqs[-1] + 1))
    log = server.http.get(f"/api/matches/{tid}/events", headers=server.admin).json()["events"]
    assert seqs[-1] == end["seq"] == len(log_seqs(log, None)) - 1 < server.live(tid)["events"]
    assert end["seed"]
