"""A property test through the server, on SQLite and on PostgreSQL: bot matches of every
ruleset (short ones, with options drawn at random; 100 per database) are played by the
server, then random
corrections (penalty and bonus lines, voided hands, voided matches) are applied through
the admin API, and every record must keep the invariants (tests/server/domain/records/
invariants.py): totals + pot = start + adjustments, standings = running totals plus
corrections, deltas = payments + deposits, the replayed events give the same sheet, the
CSV agrees, and the leaderboard and statistics follow the corrected standings."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.cli.client import SeatClient
from tests.server.adapters.sql.conftest import fresh_postgres
from tests.server.conftest import LiveServer, running, suite_settings
from tests.server.domain.records.invariants import check

PER_RULESET = 25  # x 4 rulesets = 100 server-played matches on each database (200 in all)
RULESETS = ("mcr", "riichi", "zung_jung", "three_kingdoms")


def options(ruleset: str, rng: random.Random) -> dict[str, Any]:
    if ruleset == "mcr":
        return {"hands_per_session": rng.choice([1, 1, 2])}
    if ruleset == "three_kingdoms":
        return {"hands_per_session": rng.choice([1, 1, 2])}
    if ruleset == "zung_jung":
        return {"hands_per_game": 4}
    points = rng.choice([3000, 5000, 8000])
    return {
        "game_length": "tonpuusen",
        "start_points": points,
        "return_points": points + rng.choice([0, 1000]),
        "leftover_deposits": rng.choice(["to_first", "forfeit"]),
    }


@pytest.fixture(params=["sqlite", "postgresql"])
def live(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'prop.db'}"
        with running(suite_settings(tmp_path, database_url=url)) as srv:
            yield srv
    else:
        for url in fresh_postgres():
            with running(suite_settings(tmp_path, database_url=url)) as srv:
                yield srv


def wait_all(server: LiveServer, ids: set[str], timeout: float = 240) -> None:
    deadline = time.monotonic() + timeout
    while True:
        done = {
            m["match_id"]
            for m in server.http.get(
                "/api/matches", params={"status": "finished", "limit": 1000}
            ).json()
        }
        if ids <= done:
            return
        assert time.monotonic() < deadline, f"{len(ids - done)} matches did not finish"
        time.sleep(0.2)


def correct(server: LiveServer, tid: str, rng: random.Random, unit: int) -> list[str]:
    done = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        kind = rng.choice(["adjust", "adjust", "void-last-hand"])
        who = {"by": "Referee", "reason": f"test {kind}"}
        if kind == "adjust":
            body = who | {"seat": rng.randrange(4), "amount": rng.choice([-3, -1, 2]) * unit}
            r = server.http.post(
                f"/api/admin/matches/{tid}/adjustments", json=body, headers=server.admin
            )
            assert r.status_code == 201, r.text
        else:
            r = server.http.post(
                f"/api/admin/matches/{tid}/void-last-hand", json=who, headers=server.admin
            )
            assert r.status_code in (200, 409), r.text
        done.append(kind)
    if rng.random() < 0.1:
        r = server.http.post(
            f"/api/admin/matches/{tid}/void",
            json={"by": "Referee", "reason": "test void"},
            headers=server.admin,
        )
        assert r.status_code == 200, r.text
        done.append("void")
    return done


def checked(server: LiveServer, tid: str) -> dict[str, Any]:
    sheet: dict[str, Any] = server.http.get(f"/api/matches/{tid}").json()
    events = server.http.get(f"/api/matches/{tid}/events").json()["events"]
    csv_text = server.http.get(f"/api/matches/{tid}/scoresheet.csv").text
    check(sheet, events, csv_text)
    audit = server.http.get(f"/api/admin/matches/{tid}/audit", headers=server.admin).json()
    assert len(audit) == len(sheet["corrections"])
    if audit:  # the last audit line's "after" is the sheet as it stands
        after = audit[-1]["detail"]["after"]
        assert after["final_totals"] == sheet["final_totals"]
    return sheet


def test_every_record_keeps_the_invariants(live: LiveServer) -> None:
    rng = random.Random(15)
    ids: dict[str, str] = {}
    for ruleset in RULESETS:
        for _ in range(PER_RULESET):
            seats = [rng.choice(["bot:greedy", "bot:greedy", "bot:random"]) for _ in range(4)]
            body = {"ruleset": ruleset, "seats": seats, "options": options(ruleset, rng)}
            r = live.http.post("/api/tables", json=body, headers=live.admin)
            assert r.status_code == 201, r.text
            ids[r.json()["table_id"]] = ruleset
    wait_all(live, set(ids))
    deposits = corrected = 0
    for tid, ruleset in ids.items():
        unit = 1000 if ruleset == "riichi" else 10
        corrected += bool(correct(live, tid, rng, unit))
        sheet = checked(live, tid)
        deposits += sum(sum(h["deposits"]) for h in sheet["hands"])
    # the property was exercised where it matters
    assert deposits > 0 and corrected > len(ids) // 5


def test_players_rankings_follow_the_corrected_sheet(live: LiveServer) -> None:
    """A protocol player at each ruleset: history, leaderboard and statistics agree with
    the corrected standings, before and after a penalty and a voided match."""
    pid, token = live.player("ranked")
    tids = {}
    for ruleset in RULESETS:
        rng = random.Random(ruleset)
        body: dict[str, Any] = {
            "ruleset": ruleset,
            "seats": [pid, "bot:greedy", "bot:greedy", "bot:greedy"],
            "options": options(ruleset, rng),
        }
        r = live.http.post("/api/tables", json=body, headers=live.admin)
        assert r.status_code == 201, r.text
        tid = r.json()["table_id"]
        end = asyncio.run(asyncio.wait_for(SeatClient(live.base_url, tid, token).play(), 120))
        assert end is not None
        tids[ruleset] = tid
    wait_all(live, set(tids.values()))

    def mine(ruleset: str) -> dict[str, Any]:
        board = live.http.get("/api/leaderboard", params={"ruleset": ruleset}).json()
        assert board["total"] == 1
        row: dict[str, Any] = board["players"][0]
        return row

    for ruleset, tid in tids.items():
        sheet = checked(live, tid)
        standing = next(s for s in sheet["standings"] if s["place"] == 0)
        row = mine(ruleset)
        # the leaderboard publishes points to 4 places (a shared place gives thirds)
        assert (row["score"], row["points"]) == (standing["score"], round(standing["points"], 4))
        stats = live.http.get(f"/api/players/{pid}/stats", params={"ruleset": ruleset}).json()
        assert stats["matches"] == 1 and stats["rank_distribution"][standing["rank"] - 1] == 1
        assert stats["hands"] == len(sheet["hands"])
        unit = 1000 if ruleset == "riichi" else 10
        body = {"by": "Referee", "reason": "penalty", "seat": 0, "amount": -5 * unit}
        r = live.http.post(f"/api/admin/matches/{tid}/adjustments", json=body, headers=live.admin)
        assert r.status_code == 201, r.text
        sheet = checked(live, tid)
        standing = next(s for s in sheet["standings"] if s["place"] == 0)
        assert mine(ruleset)["score"] == standing["score"]
        assert mine(ruleset)["points"] == round(standing["points"], 4)
        history = live.http.get(f"/api/players/{pid}/history").json()["matches"]
        assert next(m for m in history if m["match_id"] == tid)["score"] == standing["score"]
        stats = live.http.get(f"/api/players/{pid}/stats", params={"ruleset": ruleset}).json()
        assert stats["total_score"] == standing["score"]
        r = live.http.post(
            f"/api/admin/matches/{tid}/void",
            json={"by": "Referee", "reason": "void"},
            headers=live.admin,
        )
        assert r.status_code == 200
        board = live.http.get("/api/leaderboard", params={"ruleset": ruleset}).json()
        assert board["players"] == [] and board["total"] == 0
        stats = live.http.get(f"/api/players/{pid}/stats", params={"ruleset": ruleset}).json()
        assert stats["matches"] == 0 and stats["hands"] == 0
