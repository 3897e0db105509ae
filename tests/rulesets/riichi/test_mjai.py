"""The mjai export (rulesets/riichi/mjai.py): tile names, a simulated match replayed from
its mjai lines by a small tile tracker (every discard and call takes tiles the seat holds,
the deltas add up to the settlements), the seat logs hiding exactly the others' tiles, and
the call and kong encodings on an arranged hand."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.notation import parse_tile
from engine.simulate import greedy_bots, play_match
from rulesets.riichi.mjai import (
    HIDDEN,
    MjaiError,
    parse_tile_name,
    seat_log,
    tile_name,
    to_mjai,
)
from tests.rulesets.riichi.table_helpers import riichi_table
from tests.rulesets.riichi.test_tenhou6 import begin_events, finish, scripted_hand


def test_tile_names_round_trip() -> None:
    assert [tile_name(parse_tile(t)) for t in ("1m", "9p", "5s", "0m", "0p", "0s")] == [
        "1m",
        "9p",
        "5s",
        "5mr",
        "5pr",
        "5sr",
    ]
    assert [tile_name(parse_tile(f"{n}z")) for n in range(1, 8)] == list("ESWNPFC")
    assert tile_name(None) == HIDDEN
    for t in [*range(34), 42, 43, 44]:
        assert parse_tile_name(tile_name(t)) == t
    with pytest.raises(ValueError):
        parse_tile_name("0m")


def replay(log: list[dict[str, Any]]) -> int:
    """Track every seat's concealed tiles and the scores through a full log; the hands."""
    hands: list[Counter[str]] = []
    scores: list[int] = []
    kyoku = 0
    assert log[0]["type"] == "start_game" and log[-1]["type"] == "end_game"
    for msg in log:
        t = msg["type"]
        if t == "start_kyoku":
            hands = [Counter(tiles) for tiles in msg["tehais"]]
            assert all(sum(h.values()) == 13 for h in hands)
            assert msg["kyoku"] == msg["oya"] + 1 and msg["bakaze"] in "ESWN"
            assert not scores or msg["scores"] == scores
            scores = list(msg["scores"])
            kyoku += 1
        elif t == "tsumo":
            hands[msg["actor"]][msg["pai"]] += 1
        elif t in ("dahai", "chi", "pon", "daiminkan", "ankan", "kakan"):
            taken = msg["consumed"] if t not in ("dahai", "kakan") else [msg["pai"]]
            hand = hands[msg["actor"]]
            for tile in taken:
                assert hand[tile] > 0, (msg, hand)
                hand[tile] -= 1
        elif t == "reach_accepted":
            scores[msg["actor"]] -= 1000  # the deposit leaves at acceptance
        elif t in ("hora", "ryukyoku"):
            scores = [a + b for a, b in zip(scores, msg["deltas"], strict=True)]
    assert log[-1]["scores"] == scores
    return kyoku


@pytest.mark.parametrize(("seed", "options"), [("mj-a", {"aka_dora": 3}), ("soak-12", {})])
def test_a_simulated_match_replays_from_its_mjai_lines(seed: str, options: dict[str, Any]) -> None:
    record = play_match(riichi_table(options), seed, greedy_bots)
    log = to_mjai(record.events, names=["N0", "N1", "N2", "N3"])
    assert [json.loads(json.dumps(m)) for m in log] == log
    assert log[0] == {"type": "start_game", "names": ["N0", "N1", "N2", "N3"]}
    types = Counter(m["type"] for m in log)
    assert types["start_kyoku"] == types["end_kyoku"] == record.stats.hands
    assert types["reach"] >= types["reach_accepted"] > 0
    assert replay(log) == record.stats.hands
    final = sorted(record.state.standings, key=lambda r: r.player)
    assert log[-1]["scores"] == [r.score for r in final]


def test_seat_logs_hide_exactly_the_other_seats_tiles() -> None:
    record = play_match(riichi_table({"aka_dora": 3}), "mj-b", greedy_bots)
    full = to_mjai(record.events)
    for seat in range(4):
        mine = seat_log(record.events, seat)
        assert mine[0]["id"] == seat
        assert len(mine) == len(full)
        for got, want in zip(mine[1:], full[1:], strict=True):
            if want["type"] == "start_kyoku":
                for s in range(4):
                    shown = want["tehais"][s] if s == seat else [HIDDEN] * 13
                    assert got["tehais"][s] == shown
                assert {k: v for k, v in got.items() if k != "tehais"} == {
                    k: v for k, v in want.items() if k != "tehais"
                }
            elif want["type"] == "tsumo" and want["actor"] != seat:
                assert got == {**want, "pai": HIDDEN}
            else:
                assert got == want
    with pytest.raises(MjaiError):
        seat_log(record.events, 4)


def test_calls_and_kongs_on_an_arranged_hand() -> None:
    p = scripted_hand()
    log = to_mjai(begin_events(p) + finish(p))
    first = log[1 : next(i for i, m in enumerate(log) if m["type"] == "end_kyoku")]
    calls = [m for m in first if m["type"] in ("chi", "pon", "daiminkan", "ankan", "kakan")]
    assert calls[:5] == [
        {"type": "ankan", "actor": 0, "consumed": ["1m"] * 4},
        {"type": "pon", "actor": 0, "target": 1, "pai": "P", "consumed": ["P", "P"]},
        {"type": "chi", "actor": 1, "target": 0, "pai": "9s", "consumed": ["7s", "8s"]},
        {"type": "daiminkan", "actor": 3, "target": 2, "pai": "F", "consumed": ["F"] * 3},
        {"type": "kakan", "actor": 0, "pai": "P", "consumed": ["P"] * 3},
    ]
    reach = next(i for i, m in enumerate(first) if m["type"] == "reach")
    assert first[reach] == {"type": "reach", "actor": 2}
    assert first[reach + 1]["type"] == "dahai" and first[reach + 1]["actor"] == 2
    assert sum(m["type"] == "dora" for m in first) == 3  # one per kong


def test_non_riichi_and_truncated_logs_are_refused() -> None:
    from tests.rulesets.riichi.table_helpers import riichi_table as _riichi

    record = play_match(_riichi({}), "mj-c", greedy_bots)
    with pytest.raises(MjaiError, match="match_started"):
        to_mjai(record.events[1:])
    from engine.events import MatchStarted

    foreign = [MatchStarted(ruleset="mcr", commitment="x", scores=(0, 0, 0, 0))]
    with pytest.raises(MjaiError, match="not 'mcr'"):
        to_mjai(foreign)
