"""A tournament of three-player tables (sanma): nine players in three tables of three, a
duplicate round whose tables play the same walls with the seats rotated by table, and
the standings for three."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from server.cli.client import SeatClient
from server.domain.tournaments.seating import rotated, seat_round
from tests.server.conftest import LiveServer
from tests.server.domain.tournaments.conftest import ok


def test_a_duplicate_sanma_round(live: LiveServer) -> None:
    tokens = dict(live.player(f"sanma-t{i}") for i in range(9))
    body = {
        "name": "Sanma cup",
        "ruleset": "sanma",
        "options": {"preset": "tenhou_sanma", "game_length": "tonpuusen"},
        "rounds": 1,
        "players": list(tokens),
    }
    created = live.http.post("/api/tournaments", json=body, headers=live.admin)
    tid = ok(created, 201)["tournament_id"]
    rounds = f"/api/tournaments/{tid}/rounds"
    rnd = ok(live.http.post(rounds, json={"duplicate": True}, headers=live.admin), 201)
    assert len(rnd["tables"]) == 3 and all(len(tb["seats"]) == 3 for tb in rnd["tables"])
    clients = [
        SeatClient(live.base_url, tb["match_id"], tokens[s["occupant"]], "greedy")
        for tb in rnd["tables"]
        for s in tb["seats"]
    ]

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), 240)

    asyncio.run(play())
    assert all(c.errors == [] for c in clients)
    deadline = time.monotonic() + 60
    while (t := ok(live.http.get(f"/api/tournaments/{tid}")))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    planned = seat_round(1, list(tokens), t["seed"], size=3).tables
    deals: list[Any] = []
    for k, tb in enumerate(t["round_list"][0]["tables"]):
        assert [s["occupant"] for s in tb["seats"]] == rotated(planned[k], k)
        log = ok(live.http.get(f"/api/matches/{tb['match_id']}/events", headers=live.admin))
        first = [e["event"] for e in log["events"] if e["hand_number"] == 0]
        deals.append([(e["seat"], e["tiles"]) for e in first if e["type"] == "dealt"])
    assert deals[0] and all(d == deals[0] for d in deals)  # the same walls at every table
    compared = ok(live.http.get(f"/api/tournaments/{tid}/rounds/1/walls"))
    assert compared["same_walls"] and len(compared["hands"][0]["tables"]) == 3
    standings = ok(live.http.get(f"/api/tournaments/{tid}/standings"))
    assert standings["ruleset"] == "sanma" and standings["rounds_finished"] == 1
    assert sorted(p["player_id"] for p in standings["players"]) == sorted(tokens)
    # collusion signals over three-seat matches: each player met two others per match
    report = ok(
        live.http.get(
            "/api/admin/collusion",
            params={"ruleset": "sanma", "min_matches": 1, "all": "true"},
            headers=live.admin,
        )
    )
    assert report["population"]["matches"] == 3
    assert report["pairs_considered"] == 9  # three pairs at each of three tables of three
    assert all(len(set(p["players"])) == 2 for p in report["pairs"])
