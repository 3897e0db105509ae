"""A real third-party mjai bot at a Jantaku table: three seats run the PyPI ``mjai``
package's rule-based ``RiichiBot`` (each its own process, started as mjai.app starts a
submission, its seat the last argument) and one seat the built-in defensive bot. The
hanchan finishes under the Tenhou preset, no answer of theirs was replaced by the timeout
move (each would be noted in the table's bot log), and every seat's exported mjai log
(``/api/matches/{id}/mjai?seat=N``) and the full log fit libriichi's ``PlayerState``."""

from __future__ import annotations

import ast
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.rulesets.riichi.libriichi_check import RIICHIBOT, check_log, require_mjai
from tests.server.conftest import LiveServer, running, suite_settings


@pytest.fixture(scope="module")
def riichibot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    require_mjai()
    tmp = tmp_path_factory.mktemp("riichibot")
    # generous limits: on a loaded test machine a late answer would be a timeout move
    settings = suite_settings(
        tmp,
        mjai_bots={"riichibot": RIICHIBOT},
        mjai_log_dir=tmp / "logs",
        mjai_answer_seconds=30,
        mjai_start_seconds=60,
    )
    with running(settings) as live:
        yield live


def test_three_mjai_riichibots_and_a_defensive_bot_play_a_hanchan(
    riichibot_server: LiveServer,
) -> None:
    server = riichibot_server
    seats = ["bot:mjai:riichibot", "bot:mjai:riichibot", "bot:defensive", "bot:mjai:riichibot"]
    tid = server.table(seats, ruleset="riichi", options={"preset": "tenhou"})["table_id"]
    deadline = time.monotonic() + 600
    while server.http.get(f"/api/matches/{tid}").json()["match"]["status"] != "finished":
        assert time.monotonic() < deadline, "the hanchan did not finish"
        time.sleep(0.2)
    bot_log = (server.settings.mjai_log_dir / f"{tid}.log").read_text()
    assert "answer replaced by the timeout move" not in bot_log, bot_log[-2000:]
    assert "Exception" not in bot_log, bot_log[-2000:]  # RiichiBot prints its own failures
    full = _mjai(server, tid, "")
    assert full[0]["type"] == "start_game" and full[-1]["type"] == "end_game"
    # a hanchan has at least four hands unless a seat went bust (Tenhou: below zero)
    hands = sum(m["type"] == "start_kyoku" for m in full)
    final = full[-1]["scores"]
    assert isinstance(final, list)
    assert hands >= 4 or min(final) < 0, (hands, final)
    # the bots chose their discards: not all tsumogiri (the timeout move's)
    played = [m for m in full if m["type"] == "dahai"]
    assert sum(not m["tsumogiri"] for m in played) > len(played) // 10
    for seat in range(4):
        log = _mjai(server, tid, f"?seat={seat}")
        assert log[0] == {"type": "start_game", "names": full[0]["names"], "id": seat}
        assert check_log(seat, log) == len(full)
    assert check_log(0, full) == len(full)  # the full log: every tile shown


def _mjai(server: LiveServer, tid: str, query: str) -> list[dict[str, object]]:
    r = server.http.get(f"/api/matches/{tid}/mjai{query}")
    assert r.status_code == 200, r.text
    return [json.loads(line) for line in r.text.splitlines()]


def test_no_product_code_imports_the_agpl_mjai_package() -> None:
    root = Path(__file__).resolve().parents[4]
    for folder in ("engine", "rulesets", "server", "bench"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module or ""]
                assert not any(n == "mjai" or n.startswith("mjai.") for n in names), path
