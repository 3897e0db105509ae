"""The tenhou.net/6 export (rulesets/riichi/tenhou6.py): exact call encodings on an
arranged hand, and a simulated match whose export agrees with its event log hand by
hand — start hands, draws, discards, calls, results and score deltas."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.actions import AddedKong, Chow, ConcealedKong, Kong, Pung
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    HandEnded,
    HandStarted,
    KongDeclared,
    Settled,
)
from engine.melds import MeldType
from engine.notation import format_tiles, parse_tile, parse_tiles
from engine.simulate import acting_seat, greedy_bots, play_match
from engine.state import HandResult
from engine.views import view_for
from rulesets.riichi.tenhou6 import ExportError, result_row, tile_code, to_tenhou6
from tests.rulesets.riichi.table_helpers import (
    Play,
    SteeredBot,
    arranged_table,
    begin,
    declare_riichi,
    either,
    play,
    riichi_table,
    tsumogiri,
)

T = parse_tile


def test_tile_codes() -> None:
    assert [tile_code(T(t)) for t in ("1m", "9m", "1p", "5p", "9s", "1z", "7z")] == [
        11,
        19,
        21,
        25,
        39,
        41,
        47,
    ]
    assert [tile_code(T(t)) for t in ("0m", "0p", "0s")] == [51, 52, 53]


def scripted_hand() -> Play:
    """Seat 0 kongs 1m, pungs 5z from the right and adds to it; seat 1 chows 9s; seat 3
    kongs seat 2's 6z; seat 2 declares riichi with the tile it drew."""
    p = Play(
        begin(
            ["1111m55z234p678s9s", "178s123456789p2z", "234m456m789m1123p", "666z2345678s45m3z"],
            "9p5z6z5z9m2z",
            dead={0: "7z", 1: "1z", 2: "3z"},
        )
    )
    p.act(ConcealedKong(seat=0, tile=0))
    p.discard(0, "7z")
    p.pass_all()
    p.discard(1, "5z")
    p.act(next(a for a in p.legal(0) if isinstance(a, Pung)))
    p.pass_all()
    p.discard(0, "9s")
    p.act(Chow(seat=1, tiles=(T("7s"), T("8s"))))
    p.pass_all()
    p.discard(1, "1s")
    p.pass_all()
    p.discard(2, "6z")
    p.act(Kong(seat=3))
    p.pass_all()
    p.discard(3, "1z")
    p.pass_all()
    p.act(AddedKong(seat=0, tile=T("5z")))
    p.discard(0, "3z")
    p.pass_all()
    p.discard(1, "9m")
    p.pass_all()
    p.discard(2, "2z", riichi=True)
    p.pass_all()
    return p


def finish(p: Play) -> list[Event]:
    """Let greedy bots play the scripted match to its end; the whole log."""
    state = p.state
    log = list(p.events)
    bots = [GreedyBot(state.table.rules) for _ in range(4)]
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None
        state, events = step(state, bots[seat].act(view_for(state, seat)))
        log += events
    return log


def test_call_encodings_on_an_arranged_hand() -> None:
    p = scripted_hand()
    hand = p.state.hand
    assert hand is not None
    wall = hand.wall
    start_events = begin_events(p)
    doc = to_tenhou6(start_events + finish(p))
    first = doc["log"][0]
    assert first[0] == [0, 0, 0]
    assert first[1] == [25000] * 4
    assert first[2][0] == tile_code(wall.dora_indicator(0)) and len(first[2]) == 4
    assert isinstance(start_events[2], DoraRevealed)  # the initial indicator is in the log
    draws = [first[5], first[8], first[11], first[14]]
    discards = [first[6], first[9], first[12], first[15]]
    assert draws[0][:5] == [29, 47, "4545p45", 45, 43]
    assert discards[0][:5] == ["111111a11", 60, 39, "4545k4545", 60]
    assert draws[1][:3] == [45, "c393738", 19]
    assert discards[1][:3] == [60, 31, 60]
    assert draws[2][:2] == [46, 42]
    assert discards[2][:2] == [60, "r60"]
    assert draws[3][:2] == ["m46464646", 41]
    assert discards[3][:2] == [0, 60]
    assert first[4] == [11, 11, 11, 11, 22, 23, 24, 36, 37, 38, 39, 45, 45]
    json.dumps(doc, ensure_ascii=False)  # JSON-ready


def begin_events(p: Play) -> list[Event]:
    """The events before the first action of a ``Play`` (its start), rebuilt."""
    _, events = start(p.state.table, p.state.seed)
    return list(events)


# ------------------------------------------------------------------ a whole match

CALL = re.compile(r"^(\d*)([cpmka])(\d+)$")


def decode_call(text: str) -> tuple[str, int, list[int]]:
    """(letter, position of the marked tile among the tiles, every tile code)."""
    m = CALL.match(text)
    assert m is not None, text
    head, letter, tail = m.group(1), m.group(2), m.group(3)
    tiles = [int(head[i : i + 2]) for i in range(0, len(head), 2)]
    position = len(tiles)
    tiles += [int(tail[i : i + 2]) for i in range(0, len(tail), 2)]
    return letter, position, tiles


def expected_hands(events: list[Event]) -> list[dict[str, Any]]:
    """Per hand, straight from the events: meta, start scores, start hands, per-seat
    draw items and discard items (as (kind, payload) pairs), deltas, result."""
    hands: list[dict[str, Any]] = []
    scores: tuple[int, ...] = ()
    pot = 0
    for ev in events:
        if type(ev).__name__ == "MatchStarted":
            scores = ev.scores  # type: ignore[union-attr]
        if isinstance(ev, HandStarted):
            hands.append(
                {
                    "meta": [4 * (ev.round_wind - 1) + ev.dealer, ev.honba, pot // 1000],
                    "scores": list(scores),
                    "haipai": [[], [], [], []],
                    "draws": [[], [], [], []],
                    "discards": [[], [], [], []],
                    "dora": 0,  # every indicator is a dora_revealed event
                }
            )
            continue
        if not hands:
            continue
        h = hands[-1]
        if isinstance(ev, Dealt):
            assert ev.tiles is not None
            h["haipai"][ev.seat] += [tile_code(t) for t in ev.tiles]
        elif isinstance(ev, Drew):
            assert ev.tile is not None
            h["draws"][ev.seat].append(("tile", tile_code(ev.tile)))
        elif isinstance(ev, Called):
            h["draws"][ev.seat].append(("call", ev))
            if ev.meld.type is MeldType.MINKAN:
                h["discards"][ev.seat].append(("none", 0))
        elif isinstance(ev, Discarded):
            h["discards"][ev.seat].append(("discard", ev))
        elif isinstance(ev, KongDeclared):
            h["discards"][ev.seat].append(("kong", ev))
        elif isinstance(ev, DoraRevealed):
            h["dora"] += 1
        elif isinstance(ev, HandEnded):
            h["result"] = ev.result
        elif isinstance(ev, Settled):
            net = [0, 0, 0, 0]
            for pay in ev.payments:
                if pay.payer is not None:
                    net[pay.payer] -= pay.amount
                if pay.payee is not None:
                    net[pay.payee] += pay.amount
            h["net"] = net
            scores, pot = ev.scores, ev.pot
    return hands


def check_call(item: Any, ev: Called) -> None:
    letter, position, tiles = decode_call(item)
    claimed = tile_code(ev.tile)
    assert sorted(tiles) == sorted(tile_code(t) for t in ev.meld.tiles)
    side = (ev.seat - ev.from_seat - 1) % 4  # 0 left, 1 across, 2 right
    if ev.meld.type is MeldType.CHI:
        assert (letter, position, tiles[0]) == ("c", 0, claimed)
    elif ev.meld.type is MeldType.PON:
        assert (letter, position, tiles[position]) == ("p", side, claimed)
    else:
        assert (letter, position, tiles[position]) == ("m", 3 if side == 2 else side, claimed)


def check_discard(item: Any, kind: str, payload: Any) -> None:
    if kind == "none":
        assert item == 0
    elif kind == "kong":
        letter, _, tiles = decode_call(item)
        assert letter == ("a" if payload.kind == "concealed" else "k")
        if payload.kind == "added":
            assert len(tiles) == 4 and tile_code(payload.tile) in tiles
    else:
        code = 60 if payload.tsumogiri else tile_code(payload.tile)
        assert item == (f"r{code}" if payload.riichi else code)


def check_result(row: list[Any], result: HandResult, net: list[int]) -> None:
    if result.outcome == "win":
        assert row[0] == "和了"
        pairs = list(zip(row[1::2], row[2::2], strict=True))
        assert [info[0] for _, info in pairs] == [w.seat for w in result.wins]
        for (_, info), w in zip(pairs, result.wins, strict=True):
            assert info[1] == (w.seat if w.from_seat is None else w.from_seat)
            assert info[3].endswith(("点", "点∀"))
        total = [sum(d[s] for d, _ in pairs) for s in range(4)]
        assert total == net
    elif result.outcome == "abortive_draw":
        assert len(row) == 1 and net == [0, 0, 0, 0]
    else:
        assert row[0] in ("流局", "流し満貫") and row[1] == net


@pytest.mark.parametrize(("seed", "options"), [("t6-a", {"aka_dora": 3}), ("soak-12", {})])
def test_simulated_match_exports_what_the_log_says(seed: str, options: dict[str, Any]) -> None:
    table = riichi_table(options)
    record = play_match(table, seed, greedy_bots)
    doc = to_tenhou6(record.events, names=["N0", "N1", "N2", "N3"], title="test")
    json.loads(json.dumps(doc, ensure_ascii=False))
    assert doc["name"] == ["N0", "N1", "N2", "N3"]
    assert doc["rule"]["aka"] == (1 if options else 0)
    expected = expected_hands(record.events)
    assert len(doc["log"]) == len(expected)
    for got, want in zip(doc["log"], expected, strict=True):
        assert len(got) == 17
        assert got[0] == want["meta"]
        assert got[1] == want["scores"]
        assert len(got[2]) == want["dora"]
        for s in range(4):
            haipai, draws, discards = got[4 + 3 * s : 7 + 3 * s]
            assert sorted(haipai) == sorted(want["haipai"][s]) and len(haipai) == 13
            assert len(draws) == len(want["draws"][s])
            for item, (kind, payload) in zip(draws, want["draws"][s], strict=True):
                if kind == "tile":
                    assert item == payload
                else:
                    check_call(item, payload)
            assert len(discards) == len(want["discards"][s])
            for item, (kind, payload) in zip(discards, want["discards"][s], strict=True):
                check_discard(item, kind, payload)
        check_result(got[16], want["result"], want["net"])
    # the final block: score / 100 and the uma/oka result per seat
    standings = record.state.standings
    assert doc["sc"][0::2] == [r.score / 100 for r in standings]
    assert doc["sc"][1::2] == [r.points for r in standings]


def test_abortive_draw_names() -> None:
    base = dict(hand_number=0, dealer=0, round_wind=1, honba=0, seating=(0, 1, 2, 3))
    names = {
        "nine_terminals": "九種九牌",
        "four_winds": "四風連打",
        "four_riichi": "四家立直",
        "four_kongs": "四槓散了",
        "triple_ron": "三家和了",
    }
    for abort, name in names.items():
        r = HandResult(outcome="abortive_draw", abort=abort, **base)  # type: ignore[arg-type]
        assert result_row(r, ()) == [name]


def test_incomplete_or_foreign_logs_are_refused() -> None:
    record = play_match(riichi_table(), "t6-b", greedy_bots)
    with pytest.raises(ExportError):
        to_tenhou6(record.events[:-1])  # no match_ended


def test_start_hands_sort_red_fives_beside_their_fives() -> None:
    from rulesets.riichi.tenhou6 import _sort_key

    assert sorted([53, 16, 51, 15, 25, 52, 14], key=_sort_key) == [14, 15, 51, 16, 25, 52, 53]


def test_arranged_four_riichi_and_nagashi_hands_export() -> None:
    table = arranged_table(
        ["123456789m1199p", "123456789s2288p", "111222333z5577p", "444555666z3366p"],
        draws="7777z",
    )
    bots = [SteeredBot(table, either(declare_riichi, tsumogiri), {0}) for _ in range(4)]
    _, events = play(table, "t6-riichi", bots, check=False)
    doc = to_tenhou6(events)
    first, second = doc["log"][0], doc["log"][1]
    assert first[16] == ["四家立直"]
    assert [first[6][0], first[9][0], first[12][0], first[15][0]] == ["r60"] * 4
    assert second[0] == [0, 1, 4]  # E1, one honba, the four sticks still on the table
    assert second[1] == [24000] * 4

    yaochuu = "19m19p19s1234567z19m19p1s"
    draws = dict(zip(range(1, 72, 4), _tiles(yaochuu), strict=False))
    table = arranged_table(
        ["234567m234567p2s", "345678m345678p3s", "234567s234567p2m", "345679s345678m4p"],
        draws=draws,
        options={"nagashi_mangan": True},
    )
    bots = [SteeredBot(table, tsumogiri, {0}) for _ in range(4)]
    _, events = play(table, "t6-nagashi", bots, check=False)
    row = to_tenhou6(events)["log"][0][16]
    assert row == ["流し満貫", [-4000 + 1000, 8000 + 1000, -2000 + 1000, -2000 - 3000]]


def _tiles(text: str) -> list[str]:
    return [format_tiles([t]) for t in parse_tiles(text)]
