"""The rated leaderboard and a player's rating history over HTTP: a finished match rates
its player at once; the board is per ruleset, paginated, and refuses a missing or unknown
ruleset with a precise error."""

from __future__ import annotations

import asyncio

from server.cli.client import SeatClient
from tests.server.adapters.rest.test_matches import wait_finished
from tests.server.conftest import LiveServer


def test_a_finished_match_is_rated_and_on_the_board(server: LiveServer) -> None:
    pid, token = server.player("rated")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )["table_id"]
    end = asyncio.run(
        asyncio.wait_for(SeatClient(server.base_url, tid, token, "greedy").play(), 120)
    )
    assert end is not None
    wait_finished(server, tid)
    mine = server.http.get(f"/api/players/{pid}/ratings", params={"ruleset": "mcr"}).json()
    assert [s["match_id"] for s in mine["history"]] == [tid]
    step = mine["history"][0]
    assert step["matches"] == 1 and step["place"] == 0
    # mu and sigma are reported rounded to 4 places, and so is the rating computed from the
    # unrounded pair: the two roundings may differ in the last place
    assert abs(step["rating"] - (step["mu"] - 3 * step["sigma"])) <= 2e-4
    assert mine["current"]["rating"] == step["rating"]
    board = server.http.get("/api/ratings", params={"ruleset": "mcr", "limit": 500}).json()
    assert board["total"] >= 1 and board["limit"] == 500
    ours = [p for p in board["players"] if p["player_id"] == pid]
    assert ours == [mine["current"]] and ours[0]["name"] == "rated"
    values = [p["rating"] for p in board["players"]]
    assert values == sorted(values, reverse=True)
    assert all(not p["player_id"].startswith("bot:") for p in board["players"])
    page = server.http.get("/api/ratings", params={"ruleset": "mcr", "limit": 1, "offset": 0})
    assert len(page.json()["players"]) == 1
    r = server.http.get("/api/ratings")
    assert r.status_code == 422 and r.json()["error"]["code"] == "ruleset_required"
    r = server.http.get("/api/ratings", params={"ruleset": "chess"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_ruleset"
    r = server.http.get("/api/players/nobody/ratings", params={"ruleset": "mcr"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "player_not_found"
