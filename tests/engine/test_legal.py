"""Riichi, furiten, kuikae, abortive draws, kong limits and dead-wall mechanics, switched
on by test-double TableRules (riichi-like, Three-Kingdoms-like, Zung-Jung-like)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Chow, ConcealedKong, DeclareAbort, Discard, Kong, Pass, Pung, Win
from engine.decide import start, step
from engine.events import (
    ClaimWindowOpened,
    Discarded,
    DoraRevealed,
    Drew,
    Furiten,
    HandEnded,
    KongDeclared,
    KongMade,
    RiichiAccepted,
)
from engine.hand_keys import (
    _block_value,
    completing_kinds,
    hand_key,
    key_facts,
    may_be_ready,
    may_be_tenpai,
)
from engine.legal import legal_actions
from engine.melds import Meld, MeldType
from engine.notation import parse_tile, parse_tiles
from engine.shapes import ShapeRules, shanten, shanten_standard, waits
from engine.shapes import is_complete as complete_shape
from engine.simulate import play_match, random_bots
from engine.state import DiscardRecord, MatchState, MeldRecord, Phase, SeatState, Table, update
from engine.table_rules import Abort, FuritenRules, Kuikae
from engine.wall import WallSpec
from engine.wins import is_furiten, win_context
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.table import nagashi as riichi_nagashi
from rulesets.riichi.table import tenpai_at_draw as riichi_tenpai
from tests.engine.conftest import Helpers

T = parse_tile

RIICHI_HANDS = ["123m456m789m11p34s", "2468m2468p2468s5z", "2468m2468p2468s6z", "13579m1379p19s56z"]
RON_ON_7Z = ["123m456m789m11p34s", "123p456p789p11s77z", "2468m2468p2468s6z", "13579m1379p19s56z"]


def isolated(counts: list[int]) -> int:
    """Reference: single tiles with no tile of their suit within two steps (honors: any
    single), the count ``key_facts`` keeps per suit."""
    n = sum(1 for c in counts[27:34] if c == 1)
    for lo in (0, 9, 18):
        suit = counts[lo : lo + 9]
        n += sum(1 for i in range(9) if suit[i] == 1 and sum(suit[max(0, i - 2) : i + 3]) == 1)
    return n


def riichi_table(
    h: Helpers,
    hands: Sequence[str],
    draws: str = "",
    dead: Mapping[int, str] | None = None,
    **rules: Any,
) -> Table:
    spec = h.RIICHI_LIKE.wall
    wall = h.arrange(spec, hands, draws=draws, dead=dead)
    return h.make_table(replace(h.RIICHI_LIKE, **rules), match=h.riichi_match(), wall=wall)


def pass_all(state: MatchState) -> MatchState:
    hand = state.hand
    assert hand is not None
    while hand.phase is Phase.CLAIM and hand.window is not None:
        seat = next(s for s, _ in hand.window.options if not hand.window.answered(s))
        state, _ = step(state, Pass(seat=seat))
        hand = state.hand
        assert hand is not None
    return state


def with_seat(state: MatchState, seat: int, **changes: object) -> MatchState:
    hand = state.hand
    assert hand is not None
    seats = list(hand.seats)
    seats[seat] = update(seats[seat], **changes)
    return update(state, hand=update(hand, seats=tuple(seats)))


def test_riichi_declaration_deposit_and_lock(h: Helpers) -> None:
    table = riichi_table(h, RIICHI_HANDS, draws="7z6z5z4z3z")
    state, _ = start(table, "r")
    riichi = [a for a in legal_actions(state, 0) if isinstance(a, Discard) and a.riichi]
    assert riichi == [Discard(seat=0, tile=T("7z"), riichi=True)]
    state, events = step(state, riichi[0])
    assert any(isinstance(e, RiichiAccepted) and e.deposit == 1000 for e in events)
    assert state.scores == (24000, 25000, 25000, 25000) and state.pot == 1000
    hand = state.hand
    assert hand is not None
    seat = hand.seats[0]
    assert seat.riichi_accepted and seat.double_riichi and seat.ippatsu
    for s, tile in ((1, "6z"), (2, "5z"), (3, "4z")):
        state, _ = step(state, Discard(seat=s, tile=T(tile)))
        state = pass_all(state)
    # locked: only the drawn tile may go
    assert legal_actions(state, 0) == (Discard(seat=0, tile=T("3z")),)
    state, _ = step(state, Discard(seat=0, tile=T("3z")))
    hand = state.hand
    assert hand is not None and not hand.seats[0].ippatsu  # the next discard ends ippatsu


def test_riichi_conditions(h: Helpers) -> None:
    table = riichi_table(h, RIICHI_HANDS, draws="7z")
    state, _ = start(table, "r")
    poor = update(state, scores=(999, 25000, 25000, 26001))
    assert not any(isinstance(a, Discard) and a.riichi for a in legal_actions(poor, 0))
    hand = state.hand
    assert hand is not None
    late = update(state, hand=update(hand, front=hand.live_end() - 3))
    assert not any(isinstance(a, Discard) and a.riichi for a in legal_actions(late, 0))


def test_ron_on_the_riichi_discard_takes_no_deposit(h: Helpers) -> None:
    table = riichi_table(h, RON_ON_7Z, draws="7z")
    state, _ = start(table, "r")
    state, _ = step(state, Discard(seat=0, tile=T("7z"), riichi=True))
    assert {type(a) for a in legal_actions(state, 1)} == {Win, Pung, Pass}
    state, events = step(state, Win(seat=1))
    assert not any(isinstance(e, RiichiAccepted) for e in events)
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.deposits_placed == 0 and not any(ended.result.riichi)
    assert sum(state.scores) + state.pot == 100000


def test_passing_a_win_is_temporary_furiten_until_own_discard(h: Helpers) -> None:
    table = riichi_table(h, RON_ON_7Z, draws="7z9m")
    state, _ = start(table, "r")
    state, _ = step(state, Discard(seat=0, tile=T("7z")))
    state, events = step(state, Pass(seat=1))
    assert any(isinstance(e, Furiten) and e.seat == 1 for e in events)
    hand = state.hand
    assert hand is not None and hand.seats[1].furiten_temp
    assert is_furiten(table.rules, hand.seats[1])
    state, _ = step(state, Discard(seat=1, tile=T("9m")))
    hand = state.hand
    assert hand is not None and not hand.seats[1].furiten_temp


def test_permanent_and_riichi_furiten(h: Helpers) -> None:
    rules = h.RIICHI_LIKE
    ready = SeatState(hand=tuple(sorted(parse_tiles("123p456p789p11s77z"))))
    assert not is_furiten(rules, ready)
    assert is_furiten(rules, replace(ready, discards=(DiscardRecord(T("1s")),)))
    assert is_furiten(rules, replace(ready, furiten_riichi=True))
    assert not is_furiten(h.PLAIN, replace(ready, discards=(DiscardRecord(T("1s")),)))


def test_a_furiten_seat_is_not_offered_the_win(h: Helpers) -> None:
    table = riichi_table(h, RON_ON_7Z, draws="7z")
    state, _ = start(table, "r")
    state = with_seat(state, 1, discards=(DiscardRecord(T("1s")),))
    state, _ = step(state, Discard(seat=0, tile=T("7z")))
    assert {type(a) for a in legal_actions(state, 1)} == {Pung, Pass}
    state, events = step(state, Pass(seat=1))
    assert any(isinstance(e, Furiten) for e in events)


def test_kuikae_forbids_the_swap(h: Helpers) -> None:
    hands = ["1234m1234s789s12z", "234p67p59m59s3467z", "5511p99p2678m68s5z", "2288p37m67s12345z"]
    hands[1] = "34p67p2p59m59s3467z"
    cases = ((Kuikae.FORBIDDEN, True), (Kuikae.SUJI_ALLOWED, False), (Kuikae.ALLOWED, False))
    for mode, forbidden in cases:
        rules = replace(h.PLAIN, kuikae=mode)
        table = h.make_table(rules, wall=h.arrange(WallSpec(), hands, draws="5p"))
        state, _ = start(table, "k")
        state, _ = step(state, Discard(seat=0, tile=T("5p")))
        state, _ = step(state, Pass(seat=2))
        state, _ = step(state, Chow(seat=1, tiles=(T("3p"), T("4p"))))
        discards = {a.tile for a in legal_actions(state, 1) if isinstance(a, Discard)}
        assert (T("2p") not in discards) == forbidden


def test_four_winds_abort(h: Helpers) -> None:
    hands = ["1z123m456m789m125p", "1z123s456s789s348p", "1z234m567m234s567p", "1z234p678p345s678s"]
    rules = replace(h.PLAIN, aborts=frozenset({Abort.FOUR_WINDS}))
    table = h.make_table(rules, wall=h.arrange(WallSpec(), hands, draws="9p9m9s9p"))
    state, _ = start(table, "w")
    for seat in range(4):
        state, events = step(state, Discard(seat=seat, tile=T("1z")))
        state = pass_all(state)
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.outcome == "abortive_draw" and ended.result.abort == "four_winds"


def test_nine_terminals(h: Helpers) -> None:
    hands = ["19m19p19s12345z23m", "34p67p159m59s3467z", "5511p99p2678m68s5z", "2288p37m67s12345z"]
    hands[0] = "19m19p19s12345z23m"
    rules = replace(h.PLAIN, aborts=frozenset({Abort.NINE_TERMINALS}))
    table = h.make_table(rules, wall=h.arrange(WallSpec(), hands, draws="6z"))
    state, _ = start(table, "n")
    assert DeclareAbort(seat=0) in legal_actions(state, 0)
    _, events = step(state, DeclareAbort(seat=0))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.abort == "nine_terminals"
    plain = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), hands, draws="6z"))
    state, _ = start(plain, "n")
    assert DeclareAbort(seat=0) not in legal_actions(state, 0)


def test_four_riichi_abort(h: Helpers) -> None:
    table = riichi_table(h, RIICHI_HANDS, draws="7z")
    state, _ = start(table, "r")
    for s in (1, 2, 3):
        state = with_seat(state, s, riichi=True, riichi_accepted=True)
    _, events = step(state, Discard(seat=0, tile=T("7z"), riichi=True))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.abort == "four_riichi"


KONG_HANDS = ["1111m456m789m1p34s", "2468m2468p2468s5z", "2468m2468p2468s6z", "3579m1379p19s567z"]


def test_concealed_kong_reveals_kan_dora_and_draws_from_the_dead_wall(h: Helpers) -> None:
    table = riichi_table(h, KONG_HANDS, draws="7z", dead={0: "9p", 4: "1z", 5: "2z"})
    state, _ = start(table, "k")
    hand = state.hand
    assert hand is not None and hand.dora_indicators() == (T("1z"),)
    before = hand.remaining()
    state, events = step(state, ConcealedKong(seat=0, tile=T("1m")))
    assert [type(e) for e in events] == [KongDeclared, KongMade, DoraRevealed, Drew]
    drew = events[-1]
    assert isinstance(drew, Drew) and drew.tile == T("9p") and drew.replacement
    hand = state.hand
    assert hand is not None and hand.dora_indicators() == (T("1z"), T("2z"))
    assert hand.remaining() == before - 1  # the dead wall is replenished from the live wall


def test_kong_limit_and_four_kong_abort(h: Helpers) -> None:
    table = riichi_table(h, KONG_HANDS, draws="7z", dead={0: "9p"})
    state, _ = start(table, "k")
    hand = state.hand
    assert hand is not None
    full = update(state, hand=update(hand, kongs=(1, 2, 3, 1)))
    assert ConcealedKong(seat=0, tile=T("1m")) not in legal_actions(full, 0)
    three = update(state, hand=update(hand, kongs=(1, 2, 3)))
    state, _ = step(three, ConcealedKong(seat=0, tile=T("1m")))
    _, events = step(state, Discard(seat=0, tile=T("7z")))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.abort == "four_kongs"


def test_zung_jung_replacements_come_from_the_back_of_the_drawable_part(h: Helpers) -> None:
    spec = h.ZUNG_JUNG_LIKE.wall
    hands = ["1111m456m789m1p34s", *KONG_HANDS[1:]]
    wall = h.arrange(spec, hands, draws="7z")
    table = h.make_table(h.ZUNG_JUNG_LIKE, wall=wall)
    state, _ = start(table, "z")
    hand = state.hand
    assert hand is not None
    expected = wall.tiles[len(wall.tiles) - 14 - 1]
    before = hand.remaining()
    state, events = step(state, ConcealedKong(seat=0, tile=T("1m")))
    drew = events[-1]
    assert isinstance(drew, Drew) and drew.tile == expected
    assert state.hand is not None and state.hand.remaining() == before - 1


def test_no_call_for_a_riichi_seat(h: Helpers) -> None:
    table = riichi_table(h, RON_ON_7Z, draws="7z")
    state, _ = start(table, "r")
    state = with_seat(state, 1, riichi=True, riichi_accepted=True)
    state, _ = step(state, Discard(seat=0, tile=T("7z")))
    assert {type(a) for a in legal_actions(state, 1)} == {Win, Pass}


def test_thirteen_orphans_may_rob_a_concealed_kong(h: Helpers) -> None:
    hands = ["9999m456m78p1p345s", "2468m2468p2468s5z", "1m1p9p1s9s12345677z", "3568m3579p68s567z"]
    table = riichi_table(h, hands, draws="7p", dead={0: "2p"})
    state, _ = start(table, "o")
    state, events = step(state, ConcealedKong(seat=0, tile=T("9m")))
    window = next(e for e in events if isinstance(e, ClaimWindowOpened))
    assert window.kind == "concealed_kong" and [s for s, _ in window.options or ()] == [2]
    _, events = step(state, Win(seat=2))
    ended = next(e for e in events if isinstance(e, HandEnded))
    (win,) = ended.result.wins
    assert win.seat == 2 and win.robbed_kong and win.context.chankan
    # without the option the concealed kong cannot be robbed
    plain = riichi_table(
        h, hands, draws="7p", dead={0: "2p"}, rob_concealed_kong_thirteen_orphans=False
    )
    state, _ = start(plain, "o")
    _, events = step(state, ConcealedKong(seat=0, tile=T("9m")))
    assert not any(isinstance(e, ClaimWindowOpened) for e in events)


def test_kan_dora_after_discard_for_a_melded_kong(h: Helpers) -> None:
    hands = ["123m456m789m11p34s", "555z2468m2468p68s", "2468m2468p2468s6z", "13579m1379p19s67z"]
    table = riichi_table(h, hands, draws="5z", dead={0: "9p", 4: "1z", 5: "2z"})
    state, _ = start(table, "d")
    state, _ = step(state, Discard(seat=0, tile=T("5z")))
    state, events = step(state, Kong(seat=1))
    assert not any(isinstance(e, DoraRevealed) for e in events)
    assert state.hand is not None and state.hand.pending_dora == 1
    discard = next(a for a in legal_actions(state, 1) if isinstance(a, Discard) and not a.riichi)
    _, events = step(state, discard)
    kinds = [type(e) for e in events]
    assert kinds[:2] == [Discarded, DoraRevealed]


SHAPES = [
    ShapeRules(),
    ShapeRules(honors_and_knitted=True, knitted_straight=True),
    ShapeRules(thirteen_orphans=False),
]


@settings(max_examples=400, deadline=None)
@given(
    data=st.lists(st.integers(0, 33), min_size=13, max_size=13),
    shape=st.sampled_from(SHAPES),
)
def test_the_readiness_shortcut_never_hides_a_wait(data: list[int], shape: ShapeRules) -> None:
    counts = [0] * 34
    for k in data:
        counts[k] += 1
    if max(counts) > 4:
        return
    hand = tuple(sorted(data))
    ready = waits(counts, 0, rules=shape)
    if ready:
        assert may_be_ready(hand, 0, 4, shape)


def test_ready_hands_pass_the_shortcut() -> None:
    key = ShapeRules()
    for text in ("1112345678999m", "123m456p789s1123z", "1199m1199s1122z3z"):
        tiles = tuple(sorted(parse_tiles(text)))[:13]
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if waits(counts, 0):
            assert may_be_ready(tiles, 0, 4, key)
    assert isolated([1 if k in (0, 8, 27) else 0 for k in range(34)]) == 3


@st.composite
def ready_hands(draw: st.DrawFn) -> list[int]:
    """A complete 14-tile hand (four sets and a pair, or seven pairs) minus one tile."""
    tiles: list[int] = []
    if draw(st.booleans()):
        for _ in range(4):
            if draw(st.booleans()):
                suit = draw(st.integers(0, 2))
                start_ = suit * 9 + draw(st.integers(0, 6))
                tiles += [start_, start_ + 1, start_ + 2]
            else:
                tiles += [draw(st.integers(0, 33))] * 3
        tiles += [draw(st.integers(0, 33))] * 2
    else:
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            tiles += [k, k]
    tiles.pop(draw(st.integers(0, 13)))
    return tiles


@settings(max_examples=400, deadline=None)
@given(data=ready_hands())
def test_ready_hands_are_never_ruled_out(data: list[int]) -> None:
    counts = [0] * 34
    for k in data:
        counts[k] += 1
    if max(counts) > 4 or not waits(counts, 0):
        return  # impossible, or every winning tile already held (karaten)
    assert may_be_ready(tuple(sorted(data)), 0, 4, ShapeRules())


@settings(max_examples=300, deadline=None)
@given(data=ready_hands(), extra=st.integers(0, 33))
def test_complete_hands_pass_the_shortcut(data: list[int], extra: int) -> None:
    full = [*data, extra]
    counts = [0] * 34
    for k in full:
        counts[k] += 1
    if max(counts) > 4:
        return
    for shape in SHAPES:
        if complete_shape(counts, 0, n_sets=4, rules=shape):
            assert may_be_ready(tuple(sorted(full)), 0, 4, shape, 0)


@settings(max_examples=300, deadline=None)
@given(
    data=st.lists(st.integers(0, 44), min_size=1, max_size=14),
)
def test_hand_keys_count_like_the_count_vectors(data: list[int]) -> None:
    counts = [0] * 34
    for t in data:
        if not 34 <= t < 42:  # flowers count nowhere, red fives as fives
            counts[t if t < 34 else (t - 42) * 9 + 4] += 1
    if max(counts) > 4:
        return
    iso, pairs, mask = key_facts(hand_key(data))
    assert iso == isolated(counts)
    assert pairs == sum(1 for c in counts if c >= 2)
    assert mask == sum(1 << k for k in range(34) if counts[k])


@settings(max_examples=400, deadline=None)
@given(
    counts=st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda c: sum(c) <= 14),
    honors=st.booleans(),
)
def test_block_values_are_the_shanten_measure_of_one_suit(counts: list[int], honors: bool) -> None:
    if honors:
        counts = counts[:7]
    part = sum(c << 3 * i for i, c in enumerate(counts))
    full = [0] * 34
    full[27 if honors else 0 : 34 if honors else 9] = counts
    assert _block_value(part, honors) == 16 - shanten_standard(full, 8)


def test_block_values_on_every_small_suit() -> None:
    """Every honor part of up to eight tiles and suit part of up to seven: the hand-key memo of the
    block value answers as ``shanten_standard`` measures (one measure, cached by part)."""
    for honors, kinds, most in ((True, 7, 8), (False, 9, 7)):
        for size in range(most + 1):
            for held in itertools.combinations_with_replacement(range(kinds), size):
                counts = [held.count(k) for k in range(kinds)]
                if max(counts, default=0) > 4:
                    continue
                full = [0] * 34
                full[27 if honors else 0 : 34 if honors else 9] = counts
                part = sum(c << 3 * i for i, c in enumerate(counts))
                assert _block_value(part, honors) == 16 - shanten_standard(full, 8)


def _tenpai_shortcut_holds(full: list[int], n_melds: int) -> None:
    counts = [0] * 34
    for k in full:
        counts[k] += 1
    if max(counts) > 4:
        return
    key = hand_key(full)
    for shape in (*SHAPES, ShapeRules(seven_pairs_four_as_two=True)):
        if shanten(counts, n_melds, rules=shape) <= 0:
            assert may_be_tenpai(key, key_facts(key), n_melds, shape)


@settings(max_examples=300, deadline=None)
@given(data=ready_hands(), extra=st.integers(0, 33), melds=st.integers(0, 3))
def test_the_tenpai_shortcut_never_hides_a_riichi(data: list[int], extra: int, melds: int) -> None:
    """Ready hands plus any tile (and, with melds, the tiles they would take away)."""
    _tenpai_shortcut_holds([*data, extra][3 * melds :], melds)


@settings(max_examples=400, deadline=None)
@given(data=st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_the_tenpai_shortcut_on_any_hand(data: list[int]) -> None:
    _tenpai_shortcut_holds(sorted(data), 0)


@settings(max_examples=300, deadline=None)
@given(data=ready_hands(), melds=st.integers(0, 2))
def test_the_completing_kinds_hold_every_winning_tile(data: list[int], melds: int) -> None:
    """A ready hand (less the tiles of some melds) and every kind that completes it."""
    hand = data[3 * melds :]
    counts = [0] * 34
    for k in hand:
        counts[k] += 1
    if max(counts) > 4:
        return
    for shape in (*SHAPES, ShapeRules(seven_pairs_four_as_two=True)):
        kinds = completing_kinds(hand_key(hand), melds, 4, shape)
        for w in range(34):
            counts[w] += 1
            if counts[w] <= 4 and complete_shape(counts, melds, n_sets=4, rules=shape):
                assert kinds >> w & 1, (hand, w)
            counts[w] -= 1


LOCKED = ["111m456p789p23s55z", "2468m2468p2468s5z", "2468m2468p2468s6z", "3579m1379p19s567z"]


@pytest.mark.parametrize(
    ("hand", "allowed"),
    [("111m456p789p23s55z", True), ("1112m456p789p123s", False)],
)
def test_riichi_concealed_kong_only_when_the_waits_stay(
    h: Helpers, hand: str, allowed: bool
) -> None:
    table = riichi_table(h, [hand, *LOCKED[1:]], draws="1m", dead={0: "9s"})
    state, _ = start(table, "lock")
    state = with_seat(state, 0, riichi=True, riichi_accepted=True)
    legal = legal_actions(state, 0)
    assert (ConcealedKong(seat=0, tile=T("1m")) in legal) is allowed
    assert [a for a in legal if isinstance(a, Discard)] == [Discard(seat=0, tile=T("1m"))]


def test_riichi_furiten_lasts_for_the_hand(h: Helpers) -> None:
    table = riichi_table(h, RON_ON_7Z, draws="7z9m")
    state, _ = start(table, "rf")
    state = with_seat(state, 1, riichi=True, riichi_accepted=True)
    state, _ = step(state, Discard(seat=0, tile=T("7z")))
    state, _ = step(state, Pass(seat=1))
    state, _ = step(state, Discard(seat=1, tile=T("9m")))  # locked: the drawn tile
    hand = state.hand
    assert hand is not None and hand.seats[1].furiten_riichi and not hand.seats[1].furiten_temp
    assert is_furiten(table.rules, hand.seats[1])


def test_exhaustive_draws_record_tenpai_and_nagashi(h: Helpers) -> None:
    table = replace(
        h.make_table(h.RIICHI_LIKE, match=h.riichi_match(rounds=1)),
        nagashi=riichi_nagashi(RiichiOptions(nagashi_mangan=True)),
        tenpai_at_draw=riichi_tenpai(RiichiOptions()),
    )
    record = play_match(table, "tenpai", random_bots)
    draws = [e.result for e in record.events if isinstance(e, HandEnded)]
    exhaustive = [r for r in draws if r.outcome == "exhaustive_draw"]
    assert exhaustive
    for r in exhaustive:
        assert len(r.tenpai) == 4
        assert all(r.tenpai[s] for s in range(4) if r.riichi[s])
        for s in r.nagashi:
            assert all(t >= 27 or t % 9 in (0, 8) for seat, t in r.discards if seat == s)


def test_riichi_only_furiten_spares_other_seats(h: Helpers) -> None:
    rules = h.THREE_KINGDOMS_LIKE
    ready = SeatState(
        hand=tuple(sorted(parse_tiles("123p456p789p123m11s77z"))),
        discards=(DiscardRecord(T("1s")),),
    )
    assert not is_furiten(rules, ready)
    assert is_furiten(rules, replace(ready, riichi=True, riichi_accepted=True))
    assert not is_furiten(rules, replace(ready, furiten_temp=True))


def test_double_riichi_flag_follows_the_rules(h: Helpers) -> None:
    hands = ["123m456m789m11p34s", *RIICHI_HANDS[1:]]
    assert h.RIICHI_LIKE.riichi is not None
    for allowed in (True, False):
        riichi = replace(h.RIICHI_LIKE.riichi, double_riichi=allowed)
        table = riichi_table(h, hands, draws="7z6z5z4z2s", riichi=riichi)
        state, _ = start(table, "dr")
        state, _ = step(state, Discard(seat=0, tile=T("7z"), riichi=True))
        for s, tile in ((1, "6z"), (2, "5z"), (3, "4z")):
            state, _ = step(state, Discard(seat=s, tile=T(tile)))
            state = pass_all(state)
        ctx = win_context(state, 0, T("2s"), tsumo=True)
        assert ctx.riichi and ctx.double_riichi is allowed and ctx.ippatsu


OTHERS = ["123m123p123s1234z", "234m234p234s1234z", "345m345p345s5566z"]


def test_riichi_kong_that_changes_the_waits_is_refused(h: Helpers) -> None:
    """riichi.md §6: ``6677778888999m`` waits on 5m, 6m and 9m; after a kong of the drawn
    fourth 9m only 6m and 9m would complete it (and the 9m no longer exists)."""
    table = riichi_table(h, ["6677778888999m", *OTHERS], draws="9m", dead={0: "9s"})
    state, _ = start(table, "kong")
    state = with_seat(state, 0, riichi=True, riichi_accepted=True)
    legal = legal_actions(state, 0)
    assert ConcealedKong(seat=0, tile=T("9m")) not in legal
    assert [a for a in legal if isinstance(a, Discard)] == [Discard(seat=0, tile=T("9m"))]


def test_riichi_on_a_furiten_wait_of_the_tile_discarded(h: Helpers) -> None:
    """riichi.md §5, §6: discarding a 6m from ``56666777889999m`` leaves a hand waiting on
    6m (one copy unseen): ready, so the (furiten) riichi may be declared."""
    table = riichi_table(h, ["5666677788999m", *OTHERS], draws="9m")
    state, _ = start(table, "furiten riichi")
    riichi = {a.tile for a in legal_actions(state, 0) if isinstance(a, Discard) and a.riichi}
    assert T("6m") in riichi


def test_riichi_on_a_special_shape_plus_a_set(h: Helpers) -> None:
    """Three Kingdoms §5.1, §7: seven pairs plus a set is a winning shape, so a hand one
    tile from it may declare riichi."""
    table = h.make_table(
        h.THREE_KINGDOMS_LIKE,
        wall=h.arrange(
            h.THREE_KINGDOMS_LIKE.wall,
            [
                "1133557799m22p4p678s",
                "123m456m789m123p5z666z",
                "234p567p789s123s5z777z",
                "111z222z333z444z345s6z",
            ],
            draws="9s",
        ),
    )
    state, _ = start(table, "seven pairs")
    riichi = {a.tile for a in legal_actions(state, 0) if isinstance(a, Discard) and a.riichi}
    assert {T("4p"), T("9s")} <= riichi


@pytest.mark.parametrize("per_tile", [False, True])
def test_a_passed_winning_tile_blocks_itself_or_the_whole_hand(h: Helpers, per_tile: bool) -> None:
    """Seat 1 in riichi waits on 4s and 7s and lets a 7s pass: the Japanese reading blocks
    every discard win for the rest of the hand, the per-tile one only the 7s."""
    rules = replace(
        h.THREE_KINGDOMS_LIKE, furiten=FuritenRules(riichi_only=True, per_tile=per_tile)
    )
    hands = [
        "111z222z333z444z666z7z",
        "123m456m789m234p55z56s",
        "11p55p66p77p88p99p11s22s",
        "123m789m33s88s99s567z4z",
    ]
    wall = h.arrange(rules.wall, hands, draws="7s9p4s")
    state, _ = start(h.make_table(rules, wall=wall), "passed")
    state = with_seat(state, 1, riichi=True, riichi_accepted=True)
    state, _ = step(state, Discard(seat=0, tile=T("7s")))
    assert Win(seat=1) in legal_actions(state, 1)
    state, events = step(state, Pass(seat=1))
    assert Furiten(seat=1, tile=T("7s") if per_tile else None) in events
    hand = state.hand
    assert hand is not None and hand.seats[1].passed_kinds == (1 << T("7s") if per_tile else 0)
    state, _ = step(state, Discard(seat=1, tile=T("9p")))
    state = pass_all(state)
    state, _ = step(state, Discard(seat=2, tile=T("4s")))
    assert (Win(seat=1) in legal_actions(state, 1)) is per_tile


def test_riichi_with_a_concealed_kong_as_the_extra_set(h: Helpers) -> None:
    """Three Kingdoms §5.1: the extra set of a special shape may be a meld; a concealed kong
    keeps the hand concealed, so thirteen orphans one tile away may declare riichi."""
    table = h.make_table(h.THREE_KINGDOMS_LIKE)
    state, _ = start(table, "orphans")
    kong = MeldRecord(Meld(MeldType.ANKAN, tuple(parse_tiles("5555p"))), 0, None)
    hand = tuple(sorted(parse_tiles("19m19p19s1234567z5m")))
    state = with_seat(state, 0, hand=hand, melds=(kong,))
    riichi = {a.tile for a in legal_actions(state, 0) if isinstance(a, Discard) and a.riichi}
    assert riichi == {T("5m")}


def test_per_tile_furiten_blocks_only_the_kinds_discarded_or_passed(h: Helpers) -> None:
    """Three Kingdoms Q5 ``literal``: a riichi player may not win by discard on a kind it
    discarded or let pass after riichi; the other winning tiles stay open."""
    rules = replace(h.THREE_KINGDOMS_LIKE, furiten=FuritenRules(riichi_only=True, per_tile=True))
    hand = tuple(sorted(parse_tiles("123m456m789m234p55z56s")))  # waits 4s and 7s
    seat = SeatState(hand=hand, riichi=True, riichi_accepted=True)
    assert not is_furiten(rules, seat, T("4s")) and not is_furiten(rules, seat)
    discarded = replace(seat, discards=(DiscardRecord(T("4s")),))
    assert is_furiten(rules, discarded, T("4s")) and not is_furiten(rules, discarded, T("7s"))
    assert is_furiten(rules, discarded)  # some winning tile is blocked
    passed = replace(seat, passed_kinds=1 << T("7s"), furiten_riichi=True, furiten_temp=True)
    assert is_furiten(rules, passed, T("7s")) and not is_furiten(rules, passed, T("4s"))
    # the Japanese reading blocks every winning tile in both cases
    assert is_furiten(h.THREE_KINGDOMS_LIKE, discarded, T("7s"))
    assert is_furiten(h.THREE_KINGDOMS_LIKE, passed, T("4s"))
    # not in riichi: no furiten at all (Three Kingdoms §1)
    assert not is_furiten(rules, replace(discarded, riichi=False, riichi_accepted=False), T("4s"))
