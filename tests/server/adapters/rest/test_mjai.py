"""``GET /api/matches/{id}/mjai`` and ``jantaku export --format mjai``: a finished riichi
match as mjai JSON lines (the full log and each seat's view), with precise refusals for
other rulesets, unknown matches and bad seats."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from server.cli import app
from tests.server.adapters.rest.test_matches import wait_finished
from tests.server.conftest import LiveServer


def test_a_riichi_match_exports_as_mjai_lines(server: LiveServer) -> None:
    options = {"game_length": "tonpuusen"}
    seats = ["bot:defensive", "bot:greedy", "bot:greedy", "bot:greedy"]
    tid = server.table(seats, ruleset="riichi", options=options)["table_id"]
    wait_finished(server, tid, timeout=120)
    r = server.http.get(f"/api/matches/{tid}/mjai")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("application/x-ndjson")
    full = [json.loads(line) for line in r.text.splitlines()]
    assert full[0]["type"] == "start_game" and full[-1]["type"] == "end_game"
    assert full[0]["names"][:2] == ["Defensive bot (East)", "Greedy bot (South)"]
    hands = len(server.http.get(f"/api/matches/{tid}").json()["hands"])
    assert sum(m["type"] == "start_kyoku" for m in full) == hands
    r = server.http.get(f"/api/matches/{tid}/mjai", params={"seat": 2})
    mine = [json.loads(line) for line in r.text.splitlines()]
    assert mine[0]["id"] == 2 and len(mine) == len(full)
    kyoku = next(m for m in mine if m["type"] == "start_kyoku")
    assert kyoku["tehais"][0] == ["?"] * 13 and "?" not in kyoku["tehais"][2]
    r = server.http.get(f"/api/matches/{tid}/mjai", params={"seat": 4})
    assert r.status_code == 422
    r = server.http.get("/api/matches/no-such-match/mjai")
    assert r.status_code == 404

    runner = CliRunner()
    url = server.settings.database_url
    out = runner.invoke(app, ["export", "--match", tid, "--format", "mjai", "--url", url])
    assert out.exit_code == 0, out.output
    assert [json.loads(line) for line in out.output.splitlines()] == full
    args = ["export", "--match", tid, "--format", "mjai", "--seat", "2", "--url", url]
    out = runner.invoke(app, args)
    assert [json.loads(line) for line in out.output.splitlines()] == mine
    out = runner.invoke(app, ["export", "--match", tid, "--seat", "2", "--url", url])
    assert out.exit_code == 2 and "--format mjai" in out.output


def test_an_mcr_match_has_no_mjai_log(server: LiveServer) -> None:
    tid = server.table(["bot:greedy"] * 4, options={"hands_per_session": 1})["table_id"]
    r = server.http.get(f"/api/matches/{tid}/mjai")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_exportable"
    assert "riichi matches, not 'mcr'" in r.json()["error"]["message"]
