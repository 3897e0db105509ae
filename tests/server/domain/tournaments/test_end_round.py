"""Ending a round at its time limit (POST /api/tournaments/{id}/rounds/{n}/end): at a
table in play the hand in progress is finished and is the last (the match closes with the
results it has, the standings follow); a table whose hand had not begun ends at once."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

from server.cli.client import SeatClient
from tests.server.conftest import LiveServer
from tests.server.domain.tournaments.conftest import ok


def _tournament(live: LiveServer, ruleset: str, **extra: Any) -> tuple[str, dict[str, str]]:
    tokens = dict(live.player(f"{ruleset}-end-{i}") for i in range(4))
    body = {"name": f"{ruleset} timed", "ruleset": ruleset, "rounds": 2, "players": list(tokens)}
    t = ok(live.http.post("/api/tournaments", json=body | extra, headers=live.admin), 201)
    return t["tournament_id"], tokens


def _wait(pred: Any, what: str, limit: float = 60) -> Any:
    deadline = time.monotonic() + limit
    while True:
        got = pred()
        if got:
            return got
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def _events(live: LiveServer, match_id: str) -> list[dict[str, Any]]:
    log = ok(live.http.get(f"/api/matches/{match_id}/events", headers=live.admin))
    return [e["event"] for e in log["events"]]


def test_the_hand_in_play_is_finished_then_the_match_closes(live: LiveServer) -> None:
    tid, tokens = _tournament(live, "mcr", hands=16)
    rnd = ok(live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin), 201)
    table = rnd["tables"][0]
    match_id = table["match_id"]
    here = table["seats"][0]["occupant"]  # one player plays; the others' seats get stand-ins
    client = SeatClient(live.base_url, match_id, tokens[here], "greedy")
    done: list[Any] = []
    worker = threading.Thread(target=lambda: done.append(asyncio.run(client.play())))
    worker.start()

    def hands() -> int:
        t = ok(live.http.get(f"/api/tournaments/{tid}"))
        return int(t["round_list"][0]["tables"][0]["hands_played"])

    _wait(lambda: hands() >= 2, "two hands were not played")
    r = live.http.post(
        f"/api/tournaments/{tid}/rounds/1/end", headers={"Authorization": f"Bearer {tokens[here]}"}
    )
    assert r.status_code == 403  # organizers only
    ended = ok(live.http.post(f"/api/tournaments/{tid}/rounds/1/end", headers=live.admin))
    assert ended["ended_by"] == "admin" and ended["ended_at"]
    worker.join(60)
    assert done and done[0] is not None and done[0]["type"] == "match_end"
    t = _wait(
        lambda: (
            (x := ok(live.http.get(f"/api/tournaments/{tid}")))["round_list"][0]["status"]
            == "finished"
            and x
        ),
        "the round did not finish",
    )
    events = _events(live, match_id)
    kinds = [e["type"] for e in events]
    called = kinds.index("time_called")
    assert events[called]["finish"] is True
    after = kinds[called:]
    assert "hand_started" not in after  # no hand after the one in play
    assert after[-3:] == ["hand_ended", "settled", "match_ended"]
    played = kinds.count("hand_ended")
    assert played == events[called]["hand_number"] + 1 < 16
    record = ok(live.http.get(f"/api/matches/{match_id}"))
    assert record["match"]["status"] == "finished" and record["match"]["hands_played"] == played
    board = ok(live.http.get(f"/api/tournaments/{tid}/standings"))
    by_player = {p["player_id"]: p for p in board["players"]}
    for s in record["standings"]:  # the closed match's results are the standings
        occupant = table["seats"][s["place"]]["occupant"]
        assert by_player[occupant]["points"] == s["points"]
        assert by_player[occupant]["score"] == s["score"]
    # the MCR leaderboard of this tournament alone says the same (issue 15's filter)
    lb = ok(live.http.get("/api/leaderboard", params={"ruleset": "mcr", "tournament": tid}))
    assert lb["tournament"] == tid and lb["total"] == len(by_player) == 4
    for row in lb["players"]:
        mine = by_player[row["player_id"]]
        assert (row["matches"], row["points"], row["score"]) == (1, mine["points"], mine["score"])
    r = live.http.get("/api/leaderboard", params={"ruleset": "riichi", "tournament": tid})
    assert r.status_code == 422 and r.json()["error"]["code"] == "ruleset_mismatch"
    assert t["round_list"][0]["ended_by"] == "admin"
    r = live.http.post(f"/api/tournaments/{tid}/rounds/1/end", headers=live.admin)
    assert r.status_code == 409 and r.json()["error"]["code"] == "round_finished"
    r = live.http.post(f"/api/tournaments/{tid}/rounds/3/end", headers=live.admin)
    assert r.status_code == 404


def test_a_hand_not_begun_is_not_played(live: LiveServer) -> None:
    tid, _ = _tournament(live, "riichi", options={"game_length": "tonpuusen"})
    rnd = ok(live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin), 201)
    match_id = rnd["tables"][0]["match_id"]
    # nobody connects: the dealer never discards (stand-ins play only while a player is here)
    ended = ok(live.http.post(f"/api/tournaments/{tid}/rounds/1/end", headers=live.admin))
    assert ended["ended_by"] == "admin"
    kinds = [e["type"] for e in _events(live, match_id)]
    assert kinds[-2:] == ["time_called", "match_ended"] and "hand_ended" not in kinds
    t = _wait(
        lambda: (
            (x := ok(live.http.get(f"/api/tournaments/{tid}")))["round_list"][0]["status"]
            == "finished"
            and x
        ),
        "the round did not finish",
    )
    assert t["round_list"][0]["tables"][0]["hands_played"] == 0
    board = ok(live.http.get(f"/api/tournaments/{tid}/standings"))
    assert all(p["matches"] == 1 and p["score"] == 25000 for p in board["players"])
    # the next round can start
    ok(live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin), 201)
