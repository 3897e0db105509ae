"""The frames each viewer gets through the table actor stay what they were: seeded matches
(MCR and riichi) played through ``TableActor`` by four players answering with seeded random
choices, and a spectator watching; every frame each connection was sent, in order, is
compared with the digests recorded before the server's frame path was optimised (issue 19:
legal actions, prompts and states computed and encoded once per state change, frames
shared between viewers). JSON key order is free (the frames are compared canonicalised).

When the protocol or the engine changes what viewers get on purpose, record again:
``JANTAKU_RECORD_FRAMES=1 pytest tests/server/domain/tables/test_frames_per_viewer.py`` and say
why in the commit."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.tables.connection import Connection
from server.domain.tables.manager import TableManager

RECORDED = Path(__file__).with_name("frames_per_viewer.json")
MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "mcr": ("mcr", {"hands_per_session": 2}),
    "riichi": ("riichi", {"game_length": "tonpuusen"}),
}
VIEWERS = ("place 0", "place 1", "place 2", "place 3", "spectator")


def canonical(frame: str, table_id: str) -> str:
    return json.dumps(json.loads(frame.replace(table_id, "TABLE")), sort_keys=True)


async def play(ruleset: str, options: dict[str, Any]) -> dict[str, list[str]]:
    """Every frame each viewer's connection was sent, canonicalised, in order."""
    manager = TableManager(
        MemoryStore(), Settings(admin_token="x", bot_delay=0, hand_pause=0, absent_grace=0)
    )
    seats = [f"p-{place}" for place in range(4)]
    actor = await manager.create(
        ruleset=ruleset,
        ruleset_version="1",
        options=options,
        seats=seats,
        names={place: f"player {place}" for place in range(4)},
        timers={"move": 0, "claim": 0, "bank": 0},
        spectators={"allowed": True, "delay": 0},
        created_by="admin",
    )
    conns = [
        Connection(
            None,  # type: ignore[arg-type]  # never written: the frames stay queued
            player_id=seats[place],
            name=f"player {place}",
            place=place,
            state_on_prompt=place % 2 == 0,  # the web client's way and the bare protocol
        )
        for place in range(4)
    ]
    watcher = Connection(None, player_id=None, name="spectator", place=None)  # type: ignore[arg-type]
    for conn in [*conns, watcher]:
        conn.queue_limit = 1 << 30
        await actor.call(lambda conn=conn: actor.join(conn))  # type: ignore[misc]
    rng = random.Random(f"frames {ruleset}")
    for _ in range(20000):
        if actor.record.status != "playing":
            break
        place = min(actor.prompts)
        p = actor.prompts[place]
        action = p.actions[rng.randrange(len(p.actions))]
        refused = await actor.call(
            lambda: actor.act(conns[place], p.prompt_id, action)  # noqa: B023
        )
        assert refused is None, refused
    assert actor.record.status == "finished"
    out: dict[str, list[str]] = {}
    for name, conn in zip(VIEWERS, [*conns, watcher], strict=True):
        frames = [canonical(item, actor.id) for item in conn.pending() if item is not None]
        out[name] = frames
    await manager.shutdown()
    return out


def digests(frames: list[str]) -> dict[str, Any]:
    whole = hashlib.sha256("\n".join(frames).encode()).hexdigest()
    return {"frames": len(frames), "sha256": whole}


@pytest.mark.parametrize("match", sorted(MATCHES))
def test_every_viewer_gets_the_frames_it_got_before(
    match: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.domain.tables.actor.secrets.token_hex", lambda n: f"seed-{match}")
    ruleset, options = MATCHES[match]
    got = {name: digests(f) for name, f in asyncio.run(play(ruleset, options)).items()}
    recorded = json.loads(RECORDED.read_text()) if RECORDED.exists() else {}
    if os.environ.get("JANTAKU_RECORD_FRAMES"):
        recorded[match] = got
        RECORDED.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    assert got == recorded[match], "the frames changed (see this file's docstring)"
