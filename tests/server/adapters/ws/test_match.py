"""Whole matches over the real protocol: one client and three bot seats, four clients."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from server.cli.client import SeatClient
from server.domain.protocol.messages import SERVER_ADAPTER
from tests.server.conftest import LiveServer


def test_full_mcr_match_one_client_three_bots(server: LiveServer) -> None:
    pid, token = server.player("solo")
    tid = server.table([pid, "bot:greedy", "bot:random", "bot:greedy"])["table_id"]
    frames: list[dict[str, Any]] = []
    client = SeatClient(server.base_url, tid, token, "greedy", on_frame=frames.append)
    end = asyncio.run(asyncio.wait_for(client.play(), 120))
    assert end is not None and client.errors == []
    assert len(client.hands) == 16  # the MCR session
    assert sum(r["points"] for r in end["standings"]) == 7  # 4 + 2 + 1 + 0, ties shared
    assert hashlib.sha256(end["seed"].encode()).hexdigest() == end["commitment"]
    assert end["scores"] == client.hands[-1]["scores"]
    wins = [w for h in client.hands for w in h["result"]["wins"]]
    assert wins and all(w["score"]["patterns"] and w["score"]["total"] > 0 for w in wins)
    for h in client.hands:  # itemised payments move points between seats, nothing is lost
        paid = sum(p["amount"] for p in h["payments"] if p["payer"] is not None)
        received = sum(p["amount"] for p in h["payments"] if p["payee"] is not None)
        assert paid == received and all(p["reason"] for p in h["payments"])
    assert sum(end["scores"]) == 0
    seqs = [f["seq"] for f in frames if f["type"] == "event"]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    me = 0  # the client's engine seat: seating[seat] = table place (ours is 0)
    for f in frames:
        SERVER_ADAPTER.validate_python(f)  # every frame is a documented message
        if f["type"] == "event":
            ev = f["event"]
            if ev["type"] == "hand_started":
                me = ev["seating"].index(0)
            if ev["type"] in ("dealt", "drew") and ev["seat"] != me:
                assert ev.get("tiles") is None and ev.get("tile") is None, ev
            if ev["type"] == "claim_window_opened":
                assert ev["completes"] is None
                assert all(seat == me for seat, _ in ev["options"])
            if ev["type"] in ("answered", "furiten"):
                assert ev["seat"] == me
        if f["type"] == "state":
            view = f["view"]
            hidden = [s for i, s in enumerate(view["hand"]["seats"]) if i != view["viewer"]]
            assert all(s["hand"] is None for s in hidden)
    public = server.http.get(f"/api/tables/{tid}").json()
    assert public["status"] == "finished" and public["seed"] == end["seed"]
    assert public["scores"] == end["scores"]


def test_four_protocol_clients_at_one_table(server: LiveServer) -> None:
    players = [server.player(f"p{i}") for i in range(4)]
    tid = server.table([p for p, _ in players], options={"hands_per_session": 2})["table_id"]

    async def everyone() -> list[SeatClient]:
        clients = [SeatClient(server.base_url, tid, tok, "greedy") for _, tok in players]
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), 60)
        return clients

    clients = asyncio.run(everyone())
    ends = [c.match_end for c in clients]
    assert all(e is not None for e in ends)
    # the same end for everyone, each numbered in its own seat's sequence
    unnumbered = [{k: v for k, v in e.items() if k != "seq"} for e in ends if e is not None]
    assert all(e == unnumbered[0] for e in unnumbered)
    assert all(len(c.hands) == 2 and c.errors == [] for c in clients)
    assert sum(c.actions for c in clients) == server.live(tid)["actions"]


def test_a_riichi_match_over_the_protocol(server: LiveServer) -> None:
    pid, token = server.player("riichi")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"], ruleset="riichi")[
        "table_id"
    ]
    client = SeatClient(server.base_url, tid, token, "greedy")
    end = asyncio.run(asyncio.wait_for(client.play(), 120))
    assert end is not None and client.errors == [] and client.hands
    assert hashlib.sha256(end["seed"].encode()).hexdigest() == end["commitment"]
    assert server.http.get(f"/api/tables/{tid}").json()["ruleset"] == "riichi"
