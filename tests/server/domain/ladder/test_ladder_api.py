"""The ladder over HTTP, derived from the records: a ranked queue seats a player with
three bots, the match is played to its end, and the ladder moves by the hand-computed
amount for the placement; the rank shows at the table; an administrator's adjustment
that changes the placement and then a void reach the ladder as they reach the ratings."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from server.cli.client import SeatClient
from tests.server.adapters.rest.test_matches import wait_finished
from tests.server.conftest import running, suite_settings


def expected_move(standings: list[dict[str, float]], seat: int) -> float:
    """10 x (table points - their mean): +22.5/+2.5/-7.5/-17.5 without ties."""
    mean = sum(s["points"] for s in standings) / 4
    return 10 * (next(s["points"] for s in standings if s["place"] == seat) - mean)


def test_the_ladder_follows_the_records(tmp_path: Path) -> None:
    settings = suite_settings(
        tmp_path,
        queue_tick=0.1,
        queues=[
            {
                "id": "mcr-one",
                "title": "MCR one hand",
                "ruleset": "mcr",
                "options": {"hands_per_session": 1},
                "bot_fill_after": 0,
            }
        ],
    )
    with running(settings) as live:
        pid, token = live.player("Laddie")
        auth = {"Authorization": f"Bearer {token}"}
        assert live.http.post("/api/queues/mcr-one/join", headers=auth).status_code == 200
        deadline = time.monotonic() + 10
        while (mine := live.http.get("/api/queues/me", headers=auth).json())["status"] != (
            "matched"
        ):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        tid, seat = mine["table_id"], mine["seat"]
        table = live.http.get(f"/api/tables/{tid}").json()
        assert table["seats"][seat]["rank"] == "Novice"
        end = asyncio.run(
            asyncio.wait_for(SeatClient(live.base_url, tid, token, "greedy").play(), 120)
        )
        assert end is not None
        wait_finished(live, tid)

        def standing() -> tuple[int, dict[str, object]]:
            r = live.http.get(f"/api/ladder/players/{pid}", params={"ruleset": "mcr"})
            assert r.status_code == 200, r.text
            body = r.json()
            return body["matches"], body["current"]

        def standings() -> list[dict[str, float]]:
            found: list[dict[str, float]] = live.http.get(f"/api/matches/{tid}").json()["standings"]
            return found

        played, current = standing()
        # Novice is protected: the points never fall below 0
        assert played == 1 and current["points"] == max(0.0, expected_move(standings(), seat))
        board = live.http.get("/api/ladder", params={"ruleset": "mcr"}).json()
        assert board["scheme"] == "points" and [p["player_id"] for p in board["players"]] == [pid]

        # an adjustment that makes the player first reaches the ladder
        r = live.http.post(
            f"/api/admin/matches/{tid}/adjustments",
            json={"by": "ops", "reason": "test", "seat": seat, "amount": 100_000},
            headers=live.admin,
        )
        assert r.status_code in (200, 201), r.text
        mine = next(s for s in standings() if s["place"] == seat)
        assert mine["rank"] == 1 and mine["points"] == 4
        assert standing()[1]["points"] == 22.5
        # and a void takes the match off it
        r = live.http.post(
            f"/api/admin/matches/{tid}/void",
            json={"by": "ops", "reason": "test"},
            headers=live.admin,
        )
        assert r.status_code == 200, r.text
        assert standing() == (0, standing()[1]) and standing()[1]["points"] == 0
        assert live.http.get("/api/ladder", params={"ruleset": "mcr"}).json()["total"] == 0

        r = live.http.get("/api/ladder", params={"ruleset": "three_kingdoms"})
        assert r.status_code == 422 and r.json()["error"]["code"] == "no_ladder"
        r = live.http.get("/api/ladder/players/nobody", params={"ruleset": "riichi"})
        assert r.status_code == 404
        r = live.http.get("/api/ladder", params={"ruleset": "riichi"}).json()
        assert r["scheme"] == "tenhou" and r["levels"][10]["ja"] == "初段"
