"""Tournaments end to end through REST and WebSocket, played by protocol bots: a
16-player, 4-round MCR tournament (one hand per match) and a 12-player riichi tournament
(tonpuusen, 2 rounds) with one absentee (a bot takes the seat after the grace period) and
a chombo penalty, each on SQLite and on PostgreSQL. The standings, their tie-break, the
penalty and the CSV and EMA exports are checked against figures computed here from each
match's own standings; round 1 against the revealed seed; the ratings against a replay
from nothing. Hand-written fixtures of the same rules: test_standings_fixtures.py."""

from __future__ import annotations

import asyncio
import csv
import hashlib
import io
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from server.cli.client import SeatClient
from server.domain.records import ratings as rating
from server.domain.tournaments.seating import seat_round
from tests.server.adapters.sql.conftest import fresh_postgres
from tests.server.conftest import LiveServer, running, suite_settings


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def live(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    """The server on SQLite, then on a fresh PostgreSQL database (JANTAKU_TEST_POSTGRES_URL;
    skipped without it, like the other persistence tests)."""
    tmp: Path = tmp_path_factory.mktemp("tourney")
    if request.param == "sqlite":
        with running(suite_settings(tmp, absent_grace=0.2)) as server:
            yield server
        return
    for url in fresh_postgres():
        with running(suite_settings(tmp, absent_grace=0.2, database_url=url)) as server:
            yield server


def _ok(r: Any, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def play_round(
    live: LiveServer, tid: str, tokens: dict[str, str], absent: frozenset[str] = frozenset()
) -> dict[str, Any]:
    rnd = _ok(live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin), 201)
    clients = []
    for pid, token in tokens.items():
        me = _ok(
            live.http.get(
                f"/api/tournaments/{tid}/me", headers={"Authorization": f"Bearer {token}"}
            )
        )
        assert me["round"] == rnd["number"]
        if me["bye"] or pid in absent:
            continue
        table = next(t for t in rnd["tables"] if t["match_id"] == me["match_id"])
        assert table["seats"][me["place"]]["occupant"] == pid
        clients.append(SeatClient(live.base_url, me["match_id"], token, "greedy"))

    async def all_play() -> None:
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), 240)

    asyncio.run(all_play())
    deadline = time.monotonic() + 60
    while True:
        t: dict[str, Any] = _ok(live.http.get(f"/api/tournaments/{tid}"))
        if t["round_list"][-1]["status"] == "finished":
            return t
        assert time.monotonic() < deadline, "the round did not finish"
        time.sleep(0.05)


def matches(t: dict[str, Any]) -> list[str]:
    return [tb["match_id"] for r in t["round_list"] for tb in r["tables"]]


def expected_standings(
    live: LiveServer, t: dict[str, Any], by_raw_score: bool, overall: dict[str, float] | None = None
) -> list[tuple[str, float, int]]:
    """(player, points, raw score) summed from every match's standings, ordered by
    points then raw score (MCR, seed 000) — or points then average rank (riichi);
    ``overall``: lines on the overall score, added to the points after the matches."""
    acc: dict[str, list[float]] = {p["player_id"]: [0.0, 0, 0, 0] for p in t["players"]}
    for r in t["round_list"]:
        for table in r["tables"]:
            sheet = _ok(live.http.get(f"/api/matches/{table['match_id']}"))
            for s in sheet["standings"]:
                occupant = table["seats"][s["place"]]["occupant"]
                if occupant in acc:
                    a = acc[occupant]
                    a[0] += s["points"]
                    a[1] += s["score"]
                    a[2] += s["rank"]
                    a[3] += 1
    for p, amount in (overall or {}).items():
        acc[p][0] += amount
    if by_raw_score:
        order = sorted(acc, key=lambda p: (-acc[p][0], -acc[p][1], p))
    else:
        order = sorted(acc, key=lambda p: (-acc[p][0], acc[p][2] / acc[p][3], p))
    return [(p, round(acc[p][0], 4), int(acc[p][1])) for p in order]


def test_a_16_player_4_round_mcr_tournament(live: LiveServer) -> None:
    tokens = dict(live.player(f"mcr-{i}") for i in range(16))
    created = _ok(
        live.http.post(
            "/api/tournaments",
            json={
                "name": "Club open",
                "ruleset": "mcr",
                "rounds": 4,
                "hands": 1,
                "players": list(tokens),
            },
            headers=live.admin,
        ),
        201,
    )
    tid = created["tournament_id"]
    assert created["options"]["hands_per_session"] == 1 and created["seed"] is None
    r = live.http.post("/api/tournaments", json={"name": "x", "rounds": 1})
    assert r.status_code == 401
    r = live.http.post(
        "/api/tournaments",
        json={"name": "x", "rounds": 1, "options": {"no_such": 1}},
        headers=live.admin,
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_field"
    for _ in range(4):
        t = play_round(live, tid, tokens)
        seated = [o["occupant"] for tb in t["round_list"][-1]["tables"] for o in tb["seats"]]
        assert sorted(seated) == sorted(tokens)
    assert t["status"] == "finished" and t["seed"]
    assert hashlib.sha256(t["seed"].encode()).hexdigest() == t["commitment"]
    first = [[o["occupant"] for o in tb["seats"]] for tb in t["round_list"][0]["tables"]]
    assert first == seat_round(1, list(tokens), t["seed"]).tables  # the draw is verifiable
    r = live.http.post(f"/api/tournaments/{tid}/rounds", headers=live.admin)
    assert r.status_code == 409 and r.json()["error"]["code"] == "tournament_over"

    board = _ok(live.http.get(f"/api/tournaments/{tid}/standings"))
    assert board["measure"] == "table points" and board["tie_break"] == "total raw score"
    assert board["rounds_finished"] == 4
    got = [(p["player_id"], p["points"], p["score"]) for p in board["players"]]
    assert got == expected_standings(live, t, by_raw_score=True)
    assert all(p["matches"] == 4 for p in board["players"])
    lines = list(
        csv.reader(io.StringIO(live.http.get(f"/api/tournaments/{tid}/standings.csv").text))
    )
    assert lines[0][:5] == ["position", "name", "player id", "matches", "table points"]
    assert [(row[2], float(row[5]), int(row[6])) for row in lines[1:]] == got
    ema_file(live, tid, got)
    ratings = _ok(live.http.get("/api/ratings", params={"ruleset": "mcr", "limit": 500}))
    rated = {p["player_id"]: p["matches"] for p in ratings["players"]}
    assert all(rated[p] == 4 for p in tokens)
    league_of(live, tid, tokens, got)


def ema_file(live: LiveServer, tid: str, got: list[tuple[str, float, int]]) -> None:
    """The EMA results file: the standings in order, the organizer's EMA data, base ranks
    1000 x (16 - position) / 15 rounded down."""
    first = got[0][0]
    fed = {"ema_id": "04010001", "country": "FRA", "first_name": "Ann", "last_name": "Lee"}
    url = f"/api/tournaments/{tid}/players/{first}/federation"
    assert live.http.put(url, json=fed).status_code == 401
    assert live.http.put(url, json={"ema_id": "12"}, headers=live.admin).status_code == 422
    r = live.http.put(
        f"/api/tournaments/{tid}/players/nobody/federation", json={}, headers=live.admin
    )
    assert r.status_code == 404
    _ok(live.http.put(url, json=fed, headers=live.admin))
    lines = list(csv.reader(io.StringIO(live.http.get(f"/api/tournaments/{tid}/ema.csv").text)))
    assert lines[0] == [
        "Position",
        "First name",
        "Last name",
        "EMA number",
        "Points",
        "Score",
        "EMA member",
        "Country",
        "Base rank",
    ]
    assert lines[1][:4] == ["1", "Ann", "Lee", "04010001"] and lines[1][6:8] == ["yes", "FRA"]
    assert [float(x[4]) for x in lines[1:]] == [g[1] for g in got]
    assert [int(x[5]) for x in lines[1:]] == [g[2] for g in got]
    assert [int(x[8]) for x in lines[1:]] == [1000 * (16 - p) // 15 for p in range(1, 17)]
    assert all(x[6] == "no" for x in lines[2:])


def ratings_from_scratch(live: LiveServer, t: dict[str, Any], ruleset: str) -> None:
    """The ratings the server kept incrementally (through the penalty's correction) equal
    a replay from nothing of the matches' stored, corrected standings."""
    matches = []
    for r in t["round_list"]:
        for table in r["tables"]:
            sheet = _ok(live.http.get(f"/api/matches/{table['match_id']}"))
            by_place = sorted(sheet["standings"], key=lambda s: s["place"])
            matches.append(
                rating.RatedMatch(
                    table["match_id"],
                    datetime.fromisoformat(sheet["match"]["ended"]),
                    [sheet["players"][s["place"]]["occupant"] for s in by_place],
                    [s["rank"] for s in by_place],
                )
            )
    state, _ = rating.replay(ruleset, {}, matches)
    listed = _ok(live.http.get("/api/ratings", params={"ruleset": ruleset, "limit": 500}))
    kept = {p["player_id"]: p for p in listed["players"]}
    assert set(kept) == set(state)
    for pid, r in state.items():
        assert kept[pid]["matches"] == r.matches
        assert kept[pid]["mu"] == pytest.approx(r.mu, abs=1e-4)
        assert kept[pid]["sigma"] == pytest.approx(r.sigma, abs=1e-4)


def league_of(
    live: LiveServer, tid: str, tokens: dict[str, str], got: list[tuple[str, float, int]]
) -> None:
    """A league of the tournament: summed, it is the tournament's table; a casual match
    opted in by its player counts too; best-1 keeps each player's best match."""
    today = datetime.now(UTC).date().isoformat()
    season = {"ruleset": "mcr", "season_from": today, "season_to": today}
    summed = _ok(
        live.http.post("/api/leagues", json={"name": "Season", **season}, headers=live.admin), 201
    )
    lid = summed["league_id"]
    _ok(live.http.post(f"/api/leagues/{lid}/tournaments", json={"id": tid}, headers=live.admin))
    table = _ok(live.http.get(f"/api/leagues/{lid}/standings"))
    assert [(p["player_id"], p["value"], p["score"]) for p in table["players"]] == got
    pid, token = next(iter(tokens.items()))
    casual = live.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )
    asyncio.run(asyncio.wait_for(SeatClient(live.base_url, casual["table_id"], token).play(), 120))
    deadline = time.monotonic() + 30
    while _ok(live.http.get(f"/api/matches/{casual['table_id']}"))["match"]["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    auth = {"Authorization": f"Bearer {token}"}
    other = {"Authorization": f"Bearer {list(tokens.values())[1]}"}
    r = live.http.post(
        f"/api/leagues/{lid}/matches", json={"id": casual["table_id"]}, headers=other
    )
    assert r.status_code == 403  # not their match
    _ok(
        live.http.post(f"/api/leagues/{lid}/matches", json={"id": casual["table_id"]}, headers=auth)
    )
    r = live.http.post(f"/api/leagues/{lid}/matches", json={"id": casual["table_id"]}, headers=auth)
    assert r.status_code == 409 and r.json()["error"]["code"] == "already_added"
    sheet = _ok(live.http.get(f"/api/matches/{casual['table_id']}"))
    extra = next(s for s in sheet["standings"] if s["place"] == 0)
    mine = next(
        p
        for p in _ok(live.http.get(f"/api/leagues/{lid}/standings"))["players"]
        if p["player_id"] == pid
    )
    before = next(g for g in got if g[0] == pid)
    assert mine["matches"] == 5 and mine["value"] == round(before[1] + extra["points"], 4)
    best = _ok(
        live.http.post(
            "/api/leagues",
            json={"name": "Best", "aggregate": "best", "best": 1, **season},
            headers=live.admin,
        ),
        201,
    )
    _ok(
        live.http.post(
            f"/api/leagues/{best['league_id']}/tournaments", json={"id": tid}, headers=live.admin
        )
    )
    rows = _ok(live.http.get(f"/api/leagues/{best['league_id']}/standings"))["players"]
    assert all(p["counted"] == 1 and p["matches"] == 4 for p in rows)
    assert max(p["value"] for p in rows) == 4.0  # someone won a match: 4 table points
    r = live.http.post(
        "/api/leagues", json={"name": "x", "aggregate": "best", **season}, headers=live.admin
    )
    assert r.status_code == 422


def test_a_12_player_riichi_tournament_with_an_absentee_and_a_penalty(live: LiveServer) -> None:
    tokens = dict(live.player(f"riichi-{i}") for i in range(12))
    absent = next(iter(tokens))
    tid = _ok(
        live.http.post(
            "/api/tournaments",
            json={
                "name": "Riichi cup",
                "ruleset": "riichi",
                "rounds": 2,
                "options": {"game_length": "tonpuusen"},
                "registration": "open",
            },
            headers=live.admin,
        ),
        201,
    )["tournament_id"]
    r = live.http.post(
        "/api/tournaments",
        json={"name": "x", "ruleset": "riichi", "rounds": 1, "hands": 2},
        headers=live.admin,
    )
    assert r.status_code == 422  # riichi sets its length with game_length
    for token in tokens.values():  # each player registers with their own token
        _ok(
            live.http.post(
                f"/api/tournaments/{tid}/players", headers={"Authorization": f"Bearer {token}"}
            )
        )
    r = live.http.post(
        f"/api/tournaments/{tid}/players", headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "already_registered"
    t = play_round(live, tid, tokens, absent=frozenset({absent}))
    # the absentee's seat was played by a bot: the match finished and counts for them
    table = next(
        tb for tb in t["round_list"][0]["tables"] if absent in [s["occupant"] for s in tb["seats"]]
    )
    assert table["status"] == "finished"
    seat = next(s for s in table["seats"] if s["occupant"] == absent)
    assert seat["standin_hands"]  # the stored record says a bot played the seat
    sheet = _ok(live.http.get(f"/api/matches/{table['match_id']}"))
    assert sheet["players"][seat["place"]]["standin_hands"] == seat["standin_hands"]
    text = live.http.get(f"/api/matches/{table['match_id']}/scoresheet.csv").text
    assert "stand-in bot played" in text
    victim = next(p for p in tokens if p != absent)
    before = {
        p["player_id"]: p
        for p in _ok(live.http.get(f"/api/tournaments/{tid}/standings"))["players"]
    }
    line = _ok(
        live.http.post(
            f"/api/tournaments/{tid}/penalties",
            json={"round": 1, "player_id": victim, "amount": -20000, "reason": "chombo"},
            headers=live.admin,
        ),
        201,
    )
    assert line["reason"] == "chombo" and line["amount"] == -20000
    after = {
        p["player_id"]: p
        for p in _ok(live.http.get(f"/api/tournaments/{tid}/standings"))["players"]
    }
    assert after[victim]["score"] == before[victim]["score"] - 20000  # reflected at once
    assert after[victim]["points"] < before[victim]["points"]
    audit = _ok(live.http.get(f"/api/admin/matches/{line['match_id']}/audit", headers=live.admin))
    assert [(a["action"], a["reason"]) for a in audit] == [("adjust_score", "chombo")]
    # the WRC kind: on the overall score after uma; the match itself is left alone
    late = next(p for p in tokens if p not in (absent, victim))
    sheets = {m: _ok(live.http.get(f"/api/matches/{m}"))["standings"] for m in matches(t)}
    overall = _ok(
        live.http.post(
            f"/api/tournaments/{tid}/penalties",
            json={"kind": "overall", "player_id": late, "amount": -20, "reason": "late"},
            headers=live.admin,
        ),
        201,
    )
    assert overall["kind"] == "overall" and overall["match_id"] is None
    again = {
        p["player_id"]: p
        for p in _ok(live.http.get(f"/api/tournaments/{tid}/standings"))["players"]
    }
    assert again[late]["points"] == round(after[late]["points"] - 20, 4)
    assert again[late]["score"] == after[late]["score"]
    assert again[late]["overall_penalty"] == -20
    assert {m: _ok(live.http.get(f"/api/matches/{m}"))["standings"] for m in matches(t)} == sheets
    for bad in (
        {"kind": "overall", "player_id": "nobody", "amount": -1, "reason": "x"},
        {"kind": "overall", "player_id": late, "amount": 0, "reason": "x"},
        {"kind": "match", "player_id": late, "amount": -1, "reason": "x"},  # no round
        {"round": 1, "player_id": late, "amount": -1.5, "reason": "x"},
    ):
        r = live.http.post(f"/api/tournaments/{tid}/penalties", json=bad, headers=live.admin)
        assert r.status_code == 422, (bad, r.text)
    listed = _ok(live.http.get(f"/api/tournaments/{tid}/penalties"))
    assert [(p["kind"], p["player_id"], p["amount"], p["reason"]) for p in listed] == [
        ("match", victim, -20000, "chombo"),
        ("overall", late, -20, "late"),
    ]
    r = live.http.post(
        f"/api/tournaments/{tid}/penalties",
        json={"round": 1, "player_id": victim, "amount": -1, "reason": "x"},
        headers={"Authorization": f"Bearer {tokens[victim]}"},
    )
    assert r.status_code == 403
    t = play_round(live, tid, tokens, absent=frozenset({absent}))
    assert t["status"] == "finished"
    board = _ok(live.http.get(f"/api/tournaments/{tid}/standings"))
    assert board["measure"] == "uma/oka result"
    got = [(p["player_id"], p["points"], p["score"]) for p in board["players"]]
    assert got == expected_standings(live, t, by_raw_score=False, overall={late: -20})
    assert {p["player_id"]: p["matches"] for p in board["players"]}[absent] == 2
    ratings_from_scratch(live, t, "riichi")
    standins = {p["player_id"]: p["standin_matches"] for p in board["players"]}
    assert standins[absent] == 2
    # anyone else only if they connected after the grace period: as their tables record
    seats = [s for r in t["round_list"] for tb in r["tables"] for s in tb["seats"]]
    assert standins == {
        p: sum(1 for s in seats if s["occupant"] == p and s["standin_hands"]) for p in tokens
    }
    lines = list(
        csv.reader(io.StringIO(live.http.get(f"/api/tournaments/{tid}/standings.csv").text))
    )
    assert lines[0][-2:] == ["stand-in matches", "overall penalty"]
    assert {row[2]: int(row[-2]) for row in lines[1:]} == standins
    assert {row[2]: float(row[-1]) for row in lines[1:] if float(row[-1])} == {late: -20}
    ema = list(csv.reader(io.StringIO(live.http.get(f"/api/tournaments/{tid}/ema.csv").text)))
    points = {p["player_id"]: p["value"] for p in board["players"]}
    row = next(
        r
        for r in ema[1:]
        if int(r[0]) == next(p["position"] for p in board["players"] if p["player_id"] == late)
    )
    assert float(row[4]) == points[late]  # the EMA file's points include the line
