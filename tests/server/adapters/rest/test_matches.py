"""The read path over HTTP on the SQLite-backed test server: match list, scoresheet with
patterns, payments and running totals, the event log (admin-only while the match runs),
CSV / JSON / tenhou.net/6 exports, player history, the leaderboard, and the admin
corrections with their audit trail — every refusal a precise error that changes nothing."""

from __future__ import annotations

import asyncio
import csv
import io
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from server.cli.client import SeatClient
from tests.server.conftest import LiveServer
from tests.server.domain.records.invariants import check


def wait_finished(server: LiveServer, table_id: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while server.http.get(f"/api/matches/{table_id}").json()["match"]["status"] != "finished":
        assert time.monotonic() < deadline, "the match did not finish"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def finished(server: LiveServer) -> dict[str, Any]:
    """An MCR match of two hands: one protocol client and three bots."""
    pid, token = server.player("recorder")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:random"], options={"hands_per_session": 2}
    )["table_id"]
    client = SeatClient(server.base_url, tid, token, "greedy")
    end = asyncio.run(asyncio.wait_for(client.play(), 120))
    assert end is not None
    wait_finished(server, tid)
    return {"table_id": tid, "player_id": pid, "end": end, "hands": client.hands}


def test_the_scoresheet_has_a_row_per_hand_and_the_standings(
    server: LiveServer, finished: dict[str, Any]
) -> None:
    tid = finished["table_id"]
    sheet = server.http.get(f"/api/matches/{tid}").json()
    assert sheet["match"]["status"] == "finished" and sheet["match"]["seed"]
    assert sheet["match"]["options"]["hands_per_session"] == 2
    assert len(sheet["hands"]) == len(finished["hands"]) == 2
    for row, frame in zip(sheet["hands"], finished["hands"], strict=True):
        assert row["scores"] == frame["scores"]
        assert row["running_totals"] == frame["scores"]
        assert row["prevailing_wind"] == "East"
        assert all(p["reason"] for p in row["payments"])
        for w in row["wins"]:
            assert w["patterns"] and w["total"] > 0
            assert all(p["value"] > 0 and p["en"] for p in w["patterns"])
    assert sheet["final_totals"] == finished["end"]["scores"]
    ranks = sorted(s["rank"] for s in sheet["standings"])
    assert ranks[0] == 1 and len(ranks) == 4
    assert sheet["players"][0] == {
        "place": 0,
        "occupant": finished["player_id"],
        "player_id": finished["player_id"],
        "name": "recorder",
        "seat_wind": "East",
        "standin_hands": [],
    }
    assert [p["name"] for p in sheet["players"][1:]] == [
        "Greedy bot (South)",
        "Greedy bot (West)",
        "Random bot (North)",
    ]
    listed = server.http.get("/api/matches", params={"status": "finished"}).json()
    assert tid in [m["match_id"] for m in listed]


def test_the_event_log_is_public_once_the_match_is_over(
    server: LiveServer, finished: dict[str, Any]
) -> None:
    tid = finished["table_id"]
    body = server.http.get(f"/api/matches/{tid}/events").json()
    events = body["events"]
    assert events[0]["event"]["type"] == "match_started"
    assert events[-1]["event"]["type"] == "match_ended"
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert any(e["event"]["type"] == "dealt" and e["event"]["tiles"] for e in events)


def test_a_running_match_log_is_for_the_admin_only(server: LiveServer) -> None:
    pid, token = server.player("waiting")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    r = server.http.get(f"/api/matches/{tid}/events")
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
    r = server.http.get(f"/api/matches/{tid}/events", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = server.http.get(f"/api/matches/{tid}/events", headers=server.admin)
    assert r.status_code == 200 and r.json()["events"][0]["event"]["type"] == "match_started"
    assert r.json()["seed"] is None
    r = server.http.get(f"/api/matches/{tid}")
    assert r.status_code == 200 and r.json()["match"]["seed"] is None


def test_exports(server: LiveServer, finished: dict[str, Any]) -> None:
    tid = finished["table_id"]
    r = server.http.get(f"/api/matches/{tid}/scoresheet.csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][:3] == ["line", "kind", "hand"]
    assert "recorder change" in rows[0] and "Random bot (North) total" in rows[0]
    assert len({len(row) for row in rows}) == 1  # one rectangular table
    assert [x[1] for x in rows[1:3]] == ["hand", "hand"]
    r = server.http.get(f"/api/matches/{tid}/standings.csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0] == ["rank", "place", "seat wind", "name", "player id", "score", "points"]
    assert len(rows) == 5 and "recorder" in [row[3] for row in rows]
    r = server.http.get(f"/api/matches/{tid}/scoresheet.json")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    assert r.json()["hands"] == server.http.get(f"/api/matches/{tid}").json()["hands"]
    r = server.http.get(f"/api/matches/{tid}/tenhou6")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_exportable"
    assert "riichi" in r.json()["error"]["message"]


def test_a_riichi_match_exports_to_tenhou6(server: LiveServer) -> None:
    options = {"game_length": "tonpuusen"}
    tid = server.table(["bot:greedy"] * 4, ruleset="riichi", options=options)["table_id"]
    r = server.http.get(f"/api/matches/{tid}/tenhou6")
    assert r.status_code in (200, 409)
    wait_finished(server, tid, timeout=120)
    r = server.http.get(f"/api/matches/{tid}/tenhou6")
    assert r.status_code == 200, r.text
    doc = r.json()
    sheet = server.http.get(f"/api/matches/{tid}").json()
    assert len(doc["log"]) == len(sheet["hands"])
    events = server.http.get(f"/api/matches/{tid}/events").json()["events"]
    check(sheet, events, server.http.get(f"/api/matches/{tid}/scoresheet.csv").text)
    assert doc["name"] == [f"Greedy bot ({w})" for w in ("East", "South", "West", "North")]


def test_history_and_leaderboard(server: LiveServer, finished: dict[str, Any]) -> None:
    pid = finished["player_id"]
    history = server.http.get(f"/api/players/{pid}/history").json()
    assert history["name"] == "recorder"
    assert [m["match_id"] for m in history["matches"]] == [finished["table_id"]]
    board = server.http.get("/api/leaderboard", params={"ruleset": "mcr"}).json()
    mine = [p for p in board["players"] if p["player_id"] == pid]
    assert mine and mine[0]["matches"] == 1
    standing = next(s for s in finished["end"]["standings"] if s["player"] == 0)
    assert mine[0]["points"] == standing["points"] and mine[0]["average_rank"] == standing["rank"]
    assert mine[0]["score"] == standing["score"] and board["measure"] == "table points"
    r = server.http.get("/api/leaderboard")
    assert r.status_code == 422 and r.json()["error"]["code"] == "ruleset_required"
    assert server.http.get("/api/leaderboard", params={"ruleset": "riichi"}).json()[
        "players"
    ] == [] or all(
        p["player_id"] != pid
        for p in server.http.get("/api/leaderboard", params={"ruleset": "riichi"}).json()["players"]
    )
    r = server.http.get("/api/players/nobody/history")
    assert r.status_code == 404 and r.json()["error"]["code"] == "player_not_found"


@pytest.mark.parametrize(
    ("path", "body", "status", "code"),
    [
        ("void-last-hand", {"by": "ops"}, 422, "invalid_field"),
        ("void-last-hand", {"by": "ops", "reason": ""}, 422, "invalid_field"),
        (
            "adjustments",
            {"by": "ops", "reason": "x", "seat": 4, "amount": -5},
            422,
            "invalid_field",
        ),
        ("adjustments", {"by": "ops", "reason": "x", "seat": 1, "amount": 0}, 422, "invalid_field"),
        (
            "adjustments",
            {"by": "ops", "reason": "x", "seat": 1, "amount": "many"},
            422,
            "invalid_field",
        ),
        ("void", {"by": "ops", "reason": "x", "extra": 1}, 422, "invalid_field"),
    ],
)
def test_bad_corrections_are_refused_and_change_nothing(
    server: LiveServer,
    finished: dict[str, Any],
    path: str,
    body: dict[str, Any],
    status: int,
    code: str,
) -> None:
    tid = finished["table_id"]
    before = server.http.get(f"/api/matches/{tid}").json()
    r = server.http.post(f"/api/admin/matches/{tid}/{path}", json=body, headers=server.admin)
    assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    assert server.http.get(f"/api/matches/{tid}").json() == before


def test_corrections_need_the_admin_and_a_match(server: LiveServer) -> None:
    body = {"by": "ops", "reason": "x"}
    r = server.http.post("/api/admin/matches/nope/void", json=body)
    assert r.status_code == 401
    r = server.http.post("/api/admin/matches/nope/void", json=body, headers=server.admin)
    assert r.status_code == 404 and r.json()["error"]["code"] == "match_not_found"
    assert server.http.get("/api/matches/nope").status_code == 404
    assert server.http.get("/api/matches/nope/events").status_code == 404


def test_corrections_with_their_audit_trail(server: LiveServer) -> None:
    pid, token = server.player("corrected")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:random"], options={"hands_per_session": 2}
    )["table_id"]
    r = server.http.post(
        f"/api/admin/matches/{tid}/void", json={"by": "ops", "reason": "x"}, headers=server.admin
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "match_running"
    asyncio.run(asyncio.wait_for(SeatClient(server.base_url, tid, token).play(), 120))
    wait_finished(server, tid)
    sheet = server.http.get(f"/api/matches/{tid}").json()
    totals = sheet["final_totals"]
    last_delta = sheet["hands"][-1]["deltas"]

    r = server.http.post(
        f"/api/admin/matches/{tid}/void-last-hand",
        json={"by": "Referee Ito", "reason": "wrong wall"},
        headers=server.admin,
    )
    assert r.status_code == 200, r.text
    sheet = r.json()
    assert sheet["hands"][-1]["voided"] and not sheet["hands"][0]["voided"]
    assert sheet["final_totals"] == [t - d for t, d in zip(totals, last_delta, strict=True)]
    assert [s["score"] for s in sorted(sheet["standings"], key=lambda s: s["place"])] == sheet[
        "final_totals"
    ]

    r = server.http.post(
        f"/api/admin/matches/{tid}/adjustments",
        json={"by": "Referee Ito", "reason": "slow play", "seat": 2, "amount": -30},
        headers=server.admin,
    )
    assert r.status_code == 201
    penalty = r.json()["adjustments"][0]
    assert penalty["amount"] == -30 and penalty["place"] == 2 and penalty["reason"] == "slow play"
    assert r.json()["final_totals"][2] == sheet["final_totals"][2] - 30
    standing = next(s for s in r.json()["standings"] if s["place"] == 2)
    assert standing["score"] == sheet["final_totals"][2] - 30
    board = server.http.get("/api/leaderboard", params={"ruleset": "mcr"}).json()["players"]
    mine = next(p for p in board if p["player_id"] == pid)
    assert mine["score"] >= r.json()["final_totals"][0] or mine["matches"] > 1
    csv_text = server.http.get(f"/api/matches/{tid}/scoresheet.csv").text
    assert "slow play (by Referee Ito)" in csv_text

    r = server.http.post(
        f"/api/admin/matches/{tid}/void",
        json={"by": "Referee Ito", "reason": "collusion"},
        headers=server.admin,
    )
    assert r.status_code == 200 and r.json()["match"]["voided"] is True
    again = server.http.post(
        f"/api/admin/matches/{tid}/void",
        json={"by": "Referee Ito", "reason": "collusion"},
        headers=server.admin,
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "match_voided"
    history = server.http.get(f"/api/players/{pid}/history").json()
    assert history["matches"] == []  # a voided match no longer counts

    audit = server.http.get(f"/api/admin/matches/{tid}/audit", headers=server.admin).json()
    assert [(a["action"], a["by"], a["reason"]) for a in audit] == [
        ("void_hand", "Referee Ito", "wrong wall"),
        ("adjust_score", "Referee Ito", "slow play"),
        ("void_match", "Referee Ito", "collusion"),
    ]
    assert all(a["at"] for a in audit)
    adjusted = audit[1]["detail"]
    assert adjusted["after"]["final_totals"][2] == adjusted["before"]["final_totals"][2] - 30


def test_the_scoresheet_keeps_the_invariants(server: LiveServer, finished: dict[str, Any]) -> None:
    tid = finished["table_id"]
    sheet = server.http.get(f"/api/matches/{tid}").json()
    events = server.http.get(f"/api/matches/{tid}/events").json()["events"]
    check(sheet, events, server.http.get(f"/api/matches/{tid}/scoresheet.csv").text)
    # the hand_end frames the player saw carry the same rows the records hold
    for frame, row in zip(finished["hands"], sheet["hands"], strict=True):
        assert frame["sheet"]["deltas"] == row["deltas"]
        assert frame["sheet"]["pot_after"] == row["pot_after"]


def test_leaderboard_filters_and_pages(server: LiveServer, finished: dict[str, Any]) -> None:
    board = server.http.get("/api/leaderboard", params={"ruleset": "mcr"}).json()
    assert board["measure"] == "table points" and board["tie_break"] == "total raw score"
    page = server.http.get("/api/leaderboard", params={"ruleset": "mcr", "limit": 1}).json()
    assert len(page["players"]) == 1 and page["total"] == board["total"]
    assert page["players"][0] == board["players"][0]
    many: dict[str, str | int] = {"ruleset": "mcr", "min_matches": 1000}
    assert server.http.get("/api/leaderboard", params=many).json()["players"] == []
    old = {"ruleset": "mcr", "from": "2001-01-01", "to": "2001-12-31"}
    assert server.http.get("/api/leaderboard", params=old).json()["total"] == 0
    refused: list[tuple[dict[str, str | int], str]] = [
        ({}, "ruleset_required"),
        ({"ruleset": "chess"}, "unknown_ruleset"),
        ({"ruleset": "mcr", "from": "2026-02-01", "to": "2026-01-01"}, "invalid_range"),
        ({"ruleset": "mcr", "from": "yesterday"}, "invalid_field"),
        ({"ruleset": "mcr", "limit": 0}, "invalid_field"),
    ]
    for params, code in refused:
        r = server.http.get("/api/leaderboard", params=params)
        assert r.status_code == 422 and r.json()["error"]["code"] == code, (params, r.text)
    r = server.http.get("/api/leaderboard", params={"ruleset": "mcr", "tournament": "nope"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "tournament_not_found"


def test_player_stats(server: LiveServer, finished: dict[str, Any]) -> None:
    pid = finished["player_id"]
    r = server.http.get(f"/api/players/{pid}/stats", params={"ruleset": "mcr"})
    assert r.status_code == 200, r.text
    stats = r.json()
    assert stats["matches"] >= 1 and stats["hands"] >= 2 and stats["name"] == "recorder"
    assert sum(stats["rank_distribution"]) == stats["matches"]
    assert "riichi_rate" not in stats or stats["riichi_rate"] is None
    r = server.http.get(f"/api/players/{pid}/stats")
    assert r.status_code == 422 and r.json()["error"]["code"] == "ruleset_required"
    r = server.http.get("/api/players/nobody/stats", params={"ruleset": "mcr"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "player_not_found"
    empty = server.http.get(f"/api/players/{pid}/stats", params={"ruleset": "zung_jung"}).json()
    assert empty["matches"] == 0 and empty["win_rate"] is None


def test_the_archive_of_a_date_range(server: LiveServer, finished: dict[str, Any]) -> None:
    today = datetime.now(UTC).date()
    span = {"from": str(today - timedelta(days=1)), "to": str(today)}
    r = server.http.get("/api/archive", params=span)
    assert r.status_code == 200, r.text
    body = r.json()
    ids = [m["scoresheet"]["match"]["match_id"] for m in body["matches"]]
    assert finished["table_id"] in ids and body["count"] == len(ids)
    assert all(m["events"][-1]["event"]["type"] == "match_ended" for m in body["matches"])
    r = server.http.get("/api/archive", params={"from": "2001-01-01", "to": "2001-01-02"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_matches"
    assert "2001-01-01" in r.json()["error"]["message"]
    r = server.http.get("/api/archive", params={"from": "2001-01-02", "to": "2001-01-01"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_range"
    r = server.http.get("/api/archive", params={"from": "2001-01-02"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "to"
    r = server.http.get("/api/matches/nope/standings.csv")
    assert r.status_code == 404 and r.json()["error"]["code"] == "match_not_found"


def test_websocket_activity_updates_last_seen(server: LiveServer) -> None:
    pid, token = server.player("socket only")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]

    def seen() -> str | None:
        players = server.http.get("/api/admin/players", headers=server.admin).json()
        found: str | None = next(p for p in players if p["player_id"] == pid)["last_seen"]
        return found

    assert seen() is None
    sock = server.ws(tid, token)
    sock.until_type("welcome")
    sock.send({"type": "ping", "nonce": 1})
    sock.until_type("pong")
    sock.close()
    assert seen() is not None


def test_the_records_endpoints_are_documented(server: LiveServer) -> None:
    paths = server.http.get("/openapi.json").json()["paths"]
    for path, codes in [
        ("/api/leaderboard", {"404", "422"}),
        ("/api/players/{player_id}/stats", {"404", "422"}),
        ("/api/archive", {"404", "422"}),
        ("/api/matches/{match_id}/standings.csv", {"404"}),
        ("/api/matches/{match_id}/tenhou6", {"404", "409"}),
        ("/api/admin/matches/{match_id}/adjustments", {"404", "409", "422"}),
    ]:
        documented = set(paths[path]["get" if "admin" not in path else "post"]["responses"])
        assert codes <= documented, (path, documented)
