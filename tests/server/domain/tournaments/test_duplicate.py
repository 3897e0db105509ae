"""A duplicate round (issue 23): four tables play the same seeded walls, seats rotated by
table; the walls are provably identical — one commitment, the revealed seed derived from
the tournament's, and the very same deal at every table — and the results compare per
wall (GET …/rounds/{n}/walls). Until every table of the round is over, the seed, the
logs, the sheets, the exports and the results per wall stay sealed, and nobody may watch."""

from __future__ import annotations

import asyncio
import hashlib
import time
from datetime import UTC, datetime
from typing import Any

from server.cli.client import SeatClient
from server.domain.tournaments.seating import duplicate_seed, rotated, seat_round
from tests.server.conftest import LiveServer
from tests.server.domain.tournaments.conftest import ok


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
    ends: list[dict[str, Any]] = []

    def keep(frame: dict[str, Any]) -> None:
        if frame["type"] in ("match_end", "event") and (
            frame["type"] == "match_end" or frame["event"]["type"] == "match_ended"
        ):
            ends.append(frame)

    clients = [
        SeatClient(
            live.base_url,
            tb["match_id"],
            tokens[tb["seats"][0]["occupant"]],
            "greedy",
            on_frame=keep,
        )
        for tb in rnd["tables"]
    ]

    async def play(some: list[SeatClient]) -> None:
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in some)), 120)

    # three tables finish while the fourth has not begun: the walls it will play stay
    # sealed everywhere (issue 23)
    asyncio.run(play(clients[:3]))
    early, last = rnd["tables"][0]["match_id"], rnd["tables"][3]["match_id"]
    deadline = time.monotonic() + 30
    while ok(live.http.get(f"/api/tables/{early}"))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    public = ok(live.http.get(f"/api/tables/{early}"))
    assert public["sealed"] and public["seed"] is None and public["assist"] is False
    assert len(ends) == 6 and all(
        (f.get("seed") if f["type"] == "match_end" else f["event"]["seed"]) in (None, "")
        for f in ends
    ), ends
    for path in ("", "/events", "/scoresheet.csv", "/scoresheet.json", "/standings.csv", "/mjai"):
        r = live.http.get(f"/api/matches/{early}{path}")
        assert r.status_code == 409 and r.json()["error"]["code"] == "sealed", (path, r.text)
    assert ok(live.http.get(f"/api/matches/{early}/events", headers=live.admin))["seed"]
    sealed_walls = ok(live.http.get(f"/api/tournaments/{tid}/rounds/1/walls"))
    assert sealed_walls["sealed"] and sealed_walls["hands"] == []
    assert sealed_walls["same_walls"]  # the commitments are public from the start
    today = datetime.now(UTC).date().isoformat()
    r = live.http.get("/api/archive", params={"from": today, "to": today})
    assert early not in r.text
    watcher = live.ws(last)  # no spectators while the round's walls are in play
    assert watcher.until_type("error")["code"] == "sealed"
    watcher.close()

    asyncio.run(play(clients[3:]))
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

    assert ok(live.http.get(f"/api/tables/{early}"))["seed"] == walls
    compared = ok(live.http.get(f"/api/tournaments/{tid}/rounds/1/walls"))
    assert compared["duplicate"] and compared["same_walls"] and not compared["sealed"]
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
