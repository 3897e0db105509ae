"""A duplicate round (issue 23): four tables play the same seeded walls, seats rotated by
table; the walls are provably identical — one commitment, the revealed seed derived from
the tournament's, and the very same deal at every table — and the results compare per
wall (GET …/rounds/{n}/walls)."""

from __future__ import annotations

import asyncio
import hashlib
import time

from server.client import SeatClient
from server.tournaments.seating import duplicate_seed, rotated, seat_round
from tests.server.conftest import LiveServer
from tests.server.tournaments.conftest import ok


def test_four_tables_play_the_same_walls(live: LiveServer) -> None:
    tokens = dict(live.player(f"dup-{i}") for i in range(16))
    body = {"name": "Duplicate", "rounds": 1, "hands": 1, "players": list(tokens)}
    tid = ok(live.http.post("/api/tournaments", json=body, headers=live.admin), 201)[
        "tournament_id"
    ]
    rnd = ok(
        live.http.post(
            f"/api/tournaments/{tid}/rounds", json={"duplicate": True}, headers=live.admin
        ),
        201,
    )
    assert rnd["duplicate"] and len(rnd["tables"]) == 4
    # one player per table plays; stand-ins take the other seats
    clients = [
        SeatClient(live.base_url, tb["match_id"], tokens[tb["seats"][0]["occupant"]], "greedy")
        for tb in rnd["tables"]
    ]

    async def play() -> None:
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), 120)

    asyncio.run(play())
    deadline = time.monotonic() + 60
    while (t := ok(live.http.get(f"/api/tournaments/{tid}")))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)

    seed = t["seed"]
    walls = duplicate_seed(seed, 1)
    planned = seat_round(1, list(tokens), seed).tables
    deals = []
    for k, tb in enumerate(t["round_list"][0]["tables"]):
        assert [s["occupant"] for s in tb["seats"]] == rotated(planned[k], k)
        sheet = ok(live.http.get(f"/api/matches/{tb['match_id']}"))["match"]
        assert sheet["seed"] == walls  # revealed, and derived from the tournament's seed
        assert sheet["commitment"] == hashlib.sha256(walls.encode()).hexdigest()
        log = ok(live.http.get(f"/api/matches/{tb['match_id']}/events", headers=live.admin))
        first = [e["event"] for e in log["events"] if e["hand_number"] == 0]
        deals.append([(e["seat"], e["tiles"]) for e in first if e["type"] == "dealt"])
    assert deals[0] and all(d == deals[0] for d in deals)  # the same tiles to every seat

    compared = ok(live.http.get(f"/api/tournaments/{tid}/rounds/1/walls"))
    assert compared["duplicate"] and compared["same_walls"]
    assert len(compared["commitments"]) == 1
    hand = compared["hands"][0]
    assert hand["hand_number"] == 0 and len(hand["tables"]) == 4
    for row in hand["tables"]:
        assert sum(row["deltas"]) == 0  # MCR hands are zero-sum


def test_a_plain_round_has_its_own_walls_per_table(live: LiveServer) -> None:
    tokens = dict(live.player(f"plain-{i}") for i in range(8))
    body = {"name": "Plain", "rounds": 1, "hands": 1, "players": list(tokens)}
    tid = ok(live.http.post("/api/tournaments", json=body, headers=live.admin), 201)[
        "tournament_id"
    ]
    rnd = ok(live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin), 201)
    assert not rnd["duplicate"]
    commitments = {
        ok(live.http.get(f"/api/matches/{tb['match_id']}"))["match"]["commitment"]
        for tb in rnd["tables"]
    }
    assert len(commitments) == 2
    compared = ok(live.http.get(f"/api/tournaments/{tid}/rounds/1/walls"))
    assert not compared["same_walls"]
    r = live.http.post(
        f"/api/tournaments/{tid}/rounds", json={"duplicate": "yes"}, headers=live.admin
    )
    assert r.status_code == 422
