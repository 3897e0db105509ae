"""Whole hanchan at the riichi table: scores plus deposits stay at 100,000 after every
event, and every way a hand or a match can end happens at least once — bust, all-last
stop and the west extension with plain greedy bots (seeds found by scanning), each
abortive draw, nagashi mangan and triple ron on arranged first hands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from engine.events import Event, HandEnded, MatchEnded, RiichiAccepted, Settled
from engine.notation import format_tiles, parse_tiles
from engine.simulate import greedy_bots, play_match
from engine.state import HandResult, MatchState
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.table import wall_spec
from tests.rulesets.riichi.table_helpers import (
    TOTAL,
    Brain,
    SteeredBot,
    always_kong,
    arranged_table,
    declare_abort,
    declare_riichi,
    either,
    first_discard,
    play,
    riichi_table,
    tsumogiri,
    win_first,
)

SPEC = wall_spec(RiichiOptions())


def results(events: Sequence[Event]) -> list[HandResult]:
    return [e.result for e in events if isinstance(e, HandEnded)]


def final_scores(events: Sequence[Event]) -> tuple[int, ...]:
    return next(e for e in reversed(events) if isinstance(e, Settled)).scores


def is_bust(events: Sequence[Event]) -> bool:
    return min(final_scores(events)) < 0


def is_all_last_stop(events: Sequence[Event]) -> bool:
    last = results(events)[-1]
    scores = final_scores(events)
    dealer_won = last.outcome == "win" and any(w.seat == last.dealer for w in last.wins)
    return (
        (last.round_wind, last.dealer) == (2, 3)
        and dealer_won
        and not is_bust(events)
        and scores[3] == max(scores)
        and scores[3] >= 30000
    )


def is_west_extension(events: Sequence[Event]) -> bool:
    return any(r.round_wind == 3 for r in results(events))


ENDINGS: dict[str, tuple[Callable[[Sequence[Event]], bool], tuple[str, ...]]] = {
    # the predicate, then seeds known to give it (scanned further if the engine changed)
    "bust": (is_bust, ("soak-8", "soak-16")),
    "all_last_stop": (is_all_last_stop, ("soak-0", "soak-12")),
    "west_extension": (is_west_extension, ("soak-47",)),
}


@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_greedy_hanchan_reaches_each_match_ending(ending: str) -> None:
    predicate, known = ENDINGS[ending]
    table = riichi_table()
    candidates = [*known, *(f"soak-{i}" for i in range(120))]
    found = None
    for seed in candidates:
        record = play_match(table, seed, greedy_bots)
        if predicate(record.events):
            found = seed
            break
    assert found is not None, f"no seed gave {ending}"
    # replay the found match with every invariant checked after every event
    state, events = play(table, found, [greedy_bots(table, found, s) for s in range(4)])
    assert predicate(events)
    assert state.over and isinstance(events[-1], MatchEnded)
    standings = events[-1].standings
    assert sum(r.score for r in standings) == TOTAL  # leftover deposits went to first place
    assert round(sum(r.points for r in standings), 1) == 0
    if ending == "west_extension":
        last = results(events)[-1]
        assert max(final_scores(events)) >= 30000 or (last.round_wind, last.dealer) == (3, 3)


def test_greedy_hanchan_seeds_conserve_points() -> None:
    table = riichi_table({"aka_dora": 3})
    for seed in ("full-a", "full-b"):
        state, events = play(table, seed, [greedy_bots(table, seed, s) for s in range(4)])
        assert state.over
        labels = [r.label for r in results(events)]
        assert labels[0] == "E1"


# ------------------------------------------------------------- arranged first hands


def play_arranged(
    hands: Sequence[str],
    brains: dict[int, Brain],
    *,
    draws: Any = "",
    dead: dict[int, str] | None = None,
    options: dict[str, Any] | None = None,
    default: Brain = tsumogiri,
) -> tuple[MatchState, list[Event]]:
    """A full hanchan whose first hand deals ``hands`` and is played by ``brains``
    (others: ``default``); later hands are shuffled and played greedily."""
    table = arranged_table(hands, draws=draws, dead=dead, options=options)
    bots = [SteeredBot(table, brains.get(s, default), {0}) for s in range(4)]
    return play(table, "arranged", bots)


def first_hand(events: Sequence[Event]) -> tuple[HandResult, Settled]:
    result = results(events)[0]
    settled = next(e for e in events if isinstance(e, Settled))
    return result, settled


def assert_abort(events: Sequence[Event], abort: str, deposits: int = 0) -> None:
    result, settled = first_hand(events)
    assert result.outcome == "abortive_draw" and result.abort == abort
    assert settled.payments == ()
    assert settled.pot == deposits
    second = results(events)[1]
    assert (second.dealer, second.honba, second.round_wind) == (0, 1, 1)  # §12.2, §13


def test_nine_terminals() -> None:
    _, events = play_arranged(
        ["19m19p19s1234z234m", "123456789m1234p", "123456789s1234p", "234567p234567s5z"],
        {0: declare_abort},
        draws="6z",
    )
    assert_abort(events, "nine_terminals")


def test_four_winds() -> None:
    _, events = play_arranged(
        ["1z23456789m2345p", "1z23456789s2345p", "1z34567p345678s6z", "1z2345678p23456s"],
        {s: first_discard("1z") for s in range(4)},
    )
    assert_abort(events, "four_winds")


def test_four_riichi_keeps_the_four_deposits() -> None:
    _, events = play_arranged(
        ["123456789m1199p", "123456789s2288p", "111222333z5577p", "444555666z3366p"],
        {s: either(declare_riichi, tsumogiri) for s in range(4)},
        draws="7777z",
    )
    assert len([e for e in events[:80] if isinstance(e, RiichiAccepted)]) >= 4
    assert_abort(events, "four_riichi", deposits=4000)


def test_four_kongs_by_two_players() -> None:
    kong_then_throw = either(always_kong, tsumogiri)
    _, events = play_arranged(
        ["11112222z123m45p", "33334444z789s12p", "123456789m5z667p", "123456789p6z778s"],
        {0: kong_then_throw, 1: kong_then_throw},
        draws="9s9s",
        dead={0: "1s", 1: "2s", 2: "3s", 3: "9p"},
    )
    assert_abort(events, "four_kongs")


def test_triple_ron_is_abortive_by_default() -> None:
    hands = ["19m19p19s1234z788m", "555z123m456m789m4p", "666z123s456s789s4p", "777z123p567p888s4p"]
    brains = {0: first_discard("4p"), 1: win_first, 2: win_first, 3: win_first}
    _, events = play_arranged(hands, brains, draws="4p")
    assert_abort(events, "triple_ron")
    # under multi_ron = triple the same discard pays three winners
    _, events = play_arranged(hands, brains, draws="4p", options={"multi_ron": "triple"})
    result, settled = first_hand(events)
    assert [w.seat for w in result.wins] == [1, 2, 3]
    assert sum(p.amount for p in settled.payments if p.payer == 0) == sum(
        w.score.details["payment"]["ron"] for w in result.wins
    )


def test_nagashi_mangan_at_the_exhaustive_draw() -> None:
    yaochuu = [format_tiles([t]) for t in parse_tiles("19m19p19s1234567z19m19p1s")]
    draws = {1 + 4 * k: t for k, t in enumerate(yaochuu)}  # seat 1's draws
    _, events = play_arranged(
        ["234567m234567p2s", "345678m345678p3s", "234567s234567p2m", "345679s345678m4p"],
        {},
        draws=draws,
        options={"nagashi_mangan": True},
    )
    result, settled = first_hand(events)
    assert result.outcome == "exhaustive_draw" and result.nagashi == (1,)
    mangan = [p for p in settled.payments if p.reason == "nagashi_mangan"]
    assert sorted((p.payer, p.amount) for p in mangan) == [(0, 4000), (2, 2000), (3, 2000)]
    # seed 004: noten payments still follow (§12.1); the tsumogiri hands kept their
    # deals, so seats 0-2 are tenpai and seat 3 is not
    assert result.tenpai == (True, True, True, False)
    noten = [p for p in settled.payments if p.reason == "noten"]
    assert sorted((p.payer, p.payee, p.amount) for p in noten) == [
        (3, 0, 1000),
        (3, 1, 1000),
        (3, 2, 1000),
    ]
    second = results(events)[1]
    assert (second.dealer, second.honba) == (0, 1)  # the dealer was tenpai
