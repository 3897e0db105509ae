"""The transition path on arranged walls: deal, draws, claim windows and their priority,
multiple wins, kongs and robbing, the end of the wall, flowers, illegal actions."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.actions import (
    ACTION_TYPES,
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareFlower,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.bots.random_bot import RandomBot
from engine.decide import decide, start, step
from engine.errors import ErrorCode, IllegalAction
from engine.events import (
    Called,
    ClaimWindowOpened,
    Dealt,
    Drew,
    Event,
    FlowerSetAside,
    HandEnded,
    HandStarted,
    KongDeclared,
    KongMade,
    MatchStarted,
)
from engine.evolve import evolve
from engine.legal import legal_actions
from engine.notation import parse_tile
from engine.rng import SeededStream
from engine.simulate import acting_seat
from engine.state import DiscardRecord, MatchState, Phase, update
from engine.table_rules import Abort, FirstTurnRules, MultiWin
from engine.views import redact, view_for
from engine.wall import WallSpec
from engine.wins import win_context
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.table import nagashi as riichi_nagashi
from tests.engine.conftest import Helpers

T = parse_tile

# Seat 0 draws 5p and throws it: seat 1 may chow it three ways, seat 2 may pung it.
CLAIMS = ["1234m1234s789s12z", "34p67p159m59s3467z", "5511p99p2678m68s5z", "2288p37m67s12345z"]
# Seats 1 and 3 wait on 5p; seat 2 waits on 5p or 6z (two pairs).
THREE_WAITS = ["1199m1199s234z78p", "123456789m46p11z", "55p66z222333444z", "123456789s46p55z"]


def window_seats(state: MatchState) -> list[int]:
    hand = state.hand
    assert hand is not None and hand.window is not None
    return [s for s, _ in hand.window.options]


def pass_all(state: MatchState) -> MatchState:
    hand = state.hand
    assert hand is not None
    while hand.phase is Phase.CLAIM and hand.window is not None:
        seat = next(s for s, _ in hand.window.options if not hand.window.answered(s))
        state, _ = step(state, Pass(seat=seat))
        hand = state.hand
        assert hand is not None
    return state


def test_deal_gives_13_and_the_dealer_draws(h: Helpers) -> None:
    table = h.make_table(h.PLAIN)
    state, events = start(table, "deal")
    assert isinstance(events[0], MatchStarted) and isinstance(events[1], HandStarted)
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert [e.count for e in dealt] == [4] * 12 + [1] * 4
    assert isinstance(events[-1], Drew) and events[-1].seat == 0
    hand = state.hand
    assert hand is not None
    assert [len(s.hand) for s in hand.seats] == [14, 13, 13, 13]
    assert hand.phase is Phase.TURN and hand.turn == 0
    assert hand.remaining() == 136 - 53
    assert legal_actions(state, 1) == ()
    assert all(isinstance(a, Discard) for a in legal_actions(state, 0))


def test_sixteen_tile_deal_in_four_rounds_of_four(h: Helpers) -> None:
    table = h.make_table(h.THREE_KINGDOMS_LIKE)
    state, events = start(table, "tk")
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert [e.count for e in dealt] == [4] * 16
    hand = state.hand
    assert hand is not None
    assert [len(s.hand) for s in hand.seats] == [17, 16, 16, 16]
    # 136 - 14 dead - 64 dealt - 1 drawn
    assert hand.remaining() == 136 - 14 - 65


def test_claim_window_collects_every_answer_and_pung_beats_chow(h: Helpers) -> None:
    spec = WallSpec()
    table = h.make_table(h.PLAIN, wall=h.arrange(spec, CLAIMS, draws="5p"))
    state, _ = start(table, "x")
    state, events = step(state, Discard(seat=0, tile=T("5p")))
    assert isinstance(events[-1], ClaimWindowOpened)
    assert window_seats(state) == [1, 2]
    opts1 = legal_actions(state, 1)
    assert {a.tiles for a in opts1 if isinstance(a, Chow)} == {
        (T("3p"), T("4p")),
        (T("4p"), T("6p")),
        (T("6p"), T("7p")),
    }
    assert Pung(seat=2, tiles=(T("5p"), T("5p"))) in legal_actions(state, 2)
    assert legal_actions(state, 3) == ()
    state, events = step(state, Chow(seat=1, tiles=(T("3p"), T("4p"))))
    assert len(events) == 1  # recorded, not resolved: seat 2 has not answered
    with pytest.raises(IllegalAction) as err:
        step(state, Pass(seat=1))
    assert err.value.code is ErrorCode.ALREADY_ANSWERED
    state, events = step(state, Pung(seat=2, tiles=(T("5p"), T("5p"))))
    called = [e for e in events if isinstance(e, Called)]
    assert len(called) == 1 and called[0].seat == 2 and called[0].from_seat == 0
    hand = state.hand
    assert hand is not None and hand.turn == 2 and hand.after_call
    # after a pung only a discard: no kong, no self-drawn win
    assert all(isinstance(a, Discard) for a in legal_actions(state, 2))
    assert hand.seats[0].discards[-1].called


def test_chow_granted_when_the_pung_passes(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), CLAIMS, draws="5p"))
    state, _ = start(table, "x")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    state, _ = step(state, Pass(seat=2))
    state, events = step(state, Chow(seat=1, tiles=(T("6p"), T("7p"))))
    called = next(e for e in events if isinstance(e, Called))
    assert called.seat == 1 and called.meld.kinds() == [T("5p"), T("6p"), T("7p")]


def test_all_pass_moves_the_turn_on(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), CLAIMS, draws="5p9p"))
    state, _ = start(table, "x")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    state = pass_all(state)
    hand = state.hand
    assert hand is not None and hand.turn == 1 and hand.drawn == T("9p")


@pytest.mark.parametrize(
    ("policy", "aborts", "expected"),
    [
        (MultiWin.HEAD_BUMP, frozenset(), [1]),
        (MultiWin.DOUBLE, frozenset(), [1, 2]),
        (MultiWin.TRIPLE, frozenset(), [1, 2, 3]),
        (MultiWin.DOUBLE, frozenset({Abort.TRIPLE_RON}), []),
    ],
)
def test_several_wins_follow_the_policy(
    h: Helpers, policy: MultiWin, aborts: frozenset[Abort], expected: list[int]
) -> None:
    rules = replace(h.PLAIN, multi_win=policy, aborts=aborts)
    table = h.make_table(rules, wall=h.arrange(WallSpec(), THREE_WAITS, draws="5p"))
    state, _ = start(table, "x")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    assert window_seats(state) == [1, 2, 3]
    # a seat that may win is asked for the win and the meld in one prompt
    assert {type(a) for a in legal_actions(state, 2)} == {Win, Pung, Pass}
    state, _ = step(state, Win(seat=3))
    state, _ = step(state, Win(seat=2))
    state, events = step(state, Win(seat=1))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert [w.seat for w in ended.result.wins] == expected
    if not expected:
        assert ended.result.outcome == "abortive_draw" and ended.result.abort == "triple_ron"
    for w in ended.result.wins:
        assert w.from_seat == 0 and w.tile == T("5p") and not w.context.tsumo


def test_passing_a_win_lets_the_pung_through(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), THREE_WAITS, draws="5p"))
    state, _ = start(table, "x")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    state, _ = step(state, Pass(seat=1))
    state, _ = step(state, Pass(seat=3))
    state, events = step(state, Pung(seat=2, tiles=(T("5p"), T("5p"))))
    assert any(isinstance(e, Called) and e.seat == 2 for e in events)


def test_self_drawn_win_and_its_context(h: Helpers) -> None:
    hands = ["123456789m46p11z", *CLAIMS[1:]]
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), hands, draws="5p"))
    state, _ = start(table, "x")
    assert SelfDrawWin(seat=0) in legal_actions(state, 0)
    state, events = step(state, SelfDrawWin(seat=0))
    ended = next(e for e in events if isinstance(e, HandEnded))
    (win,) = ended.result.wins
    assert win.seat == 0 and win.from_seat is None and win.tile == T("5p")
    assert win.context.tsumo and not win.context.haitei and win.context.seat_wind == 1
    assert len(win.context.concealed) == 13


def test_illegal_actions_raise_typed_errors_and_change_nothing(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), CLAIMS, draws="5p"))
    state, _ = start(table, "x")
    before = state
    cases: list[tuple[Action, ErrorCode]] = [
        (Discard(seat=1, tile=T("3p")), ErrorCode.WRONG_SEAT),
        (Pass(seat=0), ErrorCode.WRONG_PHASE),
        (Discard(seat=0, tile=T("9p")), ErrorCode.NOT_LEGAL),
        (Discard(seat=0, tile=T("5p"), prompt=state.prompt - 1), ErrorCode.STALE),
        (Discard(seat=7, tile=T("5p")), ErrorCode.WRONG_SEAT),
        (SelfDrawWin(seat=0), ErrorCode.NOT_LEGAL),
    ]
    for action, code in cases:
        with pytest.raises(IllegalAction) as err:
            step(state, action)
        assert err.value.code is code
        assert state is before and state.version == before.version
    state, _ = step(state, Discard(seat=0, tile=T("5p"), prompt=state.prompt))
    with pytest.raises(IllegalAction) as err:
        step(state, Discard(seat=1, tile=T("3p")))
    assert err.value.code is ErrorCode.WRONG_PHASE
    with pytest.raises(IllegalAction) as err:
        step(state, Pass(seat=3))
    assert err.value.code is ErrorCode.WRONG_SEAT
    with pytest.raises(IllegalAction) as err:
        step(state, Kong(seat=2))
    assert err.value.code is ErrorCode.NOT_LEGAL


def test_concealed_kong_draws_from_the_tail_and_hides_its_tiles(h: Helpers) -> None:
    hands = ["1111s234m789m123z", *CLAIMS[1:]]
    wall = h.arrange(WallSpec(flowers=True), hands, draws="5p", tail="9p")
    table = h.make_table(h.MCR_LIKE, wall=wall)
    state, _ = start(table, "x")
    assert ConcealedKong(seat=0, tile=T("1s")) in legal_actions(state, 0)
    state, events = step(state, ConcealedKong(seat=0, tile=T("1s")))
    assert [type(e) for e in events] == [KongDeclared, KongMade, Drew]
    drew = events[-1]
    assert isinstance(drew, Drew) and drew.replacement and drew.tile == T("9p")
    hand = state.hand
    assert hand is not None and hand.rinshan and hand.turn == 0 and hand.kongs == (0,)
    seen = redact(events[0], 1)
    assert isinstance(seen, KongDeclared) and seen.meld is None and seen.tile is None
    assert redact(events[0], 0) == events[0]
    assert isinstance(events[0], KongDeclared) and events[0].face_down


def test_added_kong_may_be_robbed(h: Helpers) -> None:
    hands = ["77p1234m1234s789s", "1199m1199s23456z", "123456789m68p11z", "123456789s2299p"]
    wall = h.arrange(WallSpec(), hands, draws="1z7p2z3z4z7p")
    table = h.make_table(h.PLAIN, wall=wall)
    state, _ = start(table, "x")
    state, _ = step(state, Discard(seat=0, tile=T("1z")))
    state = pass_all(state)
    state, _ = step(state, Discard(seat=1, tile=T("7p")))
    assert window_seats(state) == [2, 0]
    state, _ = step(state, Pass(seat=2))
    state, _ = step(state, Pung(seat=0, tiles=(T("7p"), T("7p"))))
    state, _ = step(state, Discard(seat=0, tile=T("9s")))
    state = pass_all(state)
    for seat, tile in ((1, "2z"), (2, "3z"), (3, "4z")):
        state, _ = step(state, Discard(seat=seat, tile=T(tile)))
        state = pass_all(state)
    hand = state.hand
    assert hand is not None and hand.turn == 0 and hand.drawn == T("7p")
    state, events = step(state, AddedKong(seat=0, tile=T("7p")))
    window = next(e for e in events if isinstance(e, ClaimWindowOpened))
    assert window.kind == "added_kong" and [s for s, _ in window.options or ()] == [2]
    _, events = step(state, Win(seat=2))
    ended = next(e for e in events if isinstance(e, HandEnded))
    (win,) = ended.result.wins
    assert win.seat == 2 and win.from_seat == 0 and win.robbed_kong and win.context.chankan
    # the kong was never made: the result shows seat 0's pung
    (pung,) = ended.result.melds[0]
    assert pung.meld.type.value == "pon" and len(pung.meld.tiles) == 3
    # passing instead lets the kong stand: replacement from the tail
    stood, events = step(state, Pass(seat=2))
    assert [type(e) for e in events][1:3] == [KongMade, Drew]
    assert stood.hand is not None and stood.hand.rinshan


def test_last_discard_only_for_a_win_then_exhaustive_draw(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, hands=1)
    state, _ = start(table, "end")
    while True:
        hand = state.hand
        assert hand is not None
        if hand.phase is Phase.CLAIM:
            assert hand.window is not None
            if hand.window.final:
                for _, opts in hand.window.options:
                    assert all(isinstance(a, Win | Pass) for a in opts)
            state = pass_all(state)
            continue
        if state.over:
            break
        acts = [
            a for a in legal_actions(state, hand.turn) if isinstance(a, Discard) and not a.riichi
        ]
        if hand.remaining() == 0:
            assert not any(
                isinstance(a, ConcealedKong | AddedKong) for a in legal_actions(state, hand.turn)
            )
        state, events = step(state, acts[0])
        if any(isinstance(e, HandEnded) for e in events):
            ended = next(e for e in events if isinstance(e, HandEnded))
            assert ended.result.outcome in ("exhaustive_draw", "win")
            break


FLOWER_HANDS = [
    "f1123m456m789m125p",
    "34p67p159m59s3467z",
    "f25511p99p2678m68s",
    "2288p37m67s12345z",
]


def test_initial_flowers_are_replaced_from_the_tail_dealer_first(h: Helpers) -> None:
    wall = h.arrange(WallSpec(flowers=True), FLOWER_HANDS, draws="5p", tail="9p8p")
    table = h.make_table(h.MCR_LIKE, wall=wall)
    state, events = start(table, "f")
    after_deal = events[events.index(next(e for e in events if isinstance(e, Drew))) :]
    seen: list[tuple[str, int]] = []
    for e in after_deal:
        assert isinstance(e, Drew | FlowerSetAside)
        seen.append((type(e).__name__, e.seat))
    assert seen == [
        ("Drew", 0),
        ("FlowerSetAside", 0),
        ("Drew", 0),
        ("FlowerSetAside", 2),
        ("Drew", 2),
    ]
    hand = state.hand
    assert hand is not None
    assert hand.seats[0].flowers == (T("f1"),) and hand.seats[2].flowers == (T("f2"),)
    assert T("9p") in hand.seats[0].hand and T("8p") in hand.seats[2].hand
    assert [len(s.hand) for s in hand.seats] == [14, 13, 13, 13]
    assert hand.turn == 0 and hand.phase is Phase.TURN


def test_a_flower_as_the_last_tile_is_an_exhaustive_draw(h: Helpers) -> None:
    hands = [x.replace("f1", "1z").replace("f2", "1z") for x in FLOWER_HANDS]
    hands[0] = "1z123m456m789m125p"
    hands[2] = "4z5511p99p2678m68s"
    wall = h.arrange(WallSpec(flowers=True), hands, tail="f8f7f6f5f4f3f2f1")
    table = h.make_table(h.MCR_LIKE, wall=wall, hands=1)
    state, _ = start(table, "f")
    events: list[Event] = []
    while not any(isinstance(e, HandEnded) for e in events):
        hand = state.hand
        assert hand is not None
        if hand.phase is Phase.CLAIM:
            state = pass_all(state)
            continue
        discard = next(a for a in legal_actions(state, hand.turn) if isinstance(a, Discard))
        state, events = step(state, discard)
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.result.outcome == "exhaustive_draw"
    last_draw = [e for e in events if isinstance(e, Drew)][-1]
    assert last_draw.tile == T("f2")
    assert sum(len(f) for f in ended.result.flowers) == 7  # f1 was drawn from the front


def test_flowers_declared_on_own_turn(h: Helpers) -> None:
    wall = h.arrange(WallSpec(flowers=True), FLOWER_HANDS, draws="5p", tail="9p8p")
    table = h.make_table(h.FLOWERS_ON_TURN, wall=wall)
    state, events = start(table, "f")
    assert not any(isinstance(e, FlowerSetAside) for e in events)
    legal = legal_actions(state, 0)
    assert DeclareFlower(seat=0, tile=T("f1")) in legal
    assert Discard(seat=0, tile=T("f1")) not in legal
    state, events = step(state, DeclareFlower(seat=0, tile=T("f1")))
    assert [type(e) for e in events] == [FlowerSetAside, Drew]
    assert state.hand is not None and state.hand.seats[0].flowers == (T("f1"),)


@pytest.mark.parametrize("config", ["PLAIN", "MCR_LIKE", "RIICHI_LIKE", "FLOWERS_ON_TURN"])
def test_fuzz_legal_and_illegal_actions_never_crash(h: Helpers, config: str) -> None:
    match = h.riichi_match(rounds=1) if config == "RIICHI_LIKE" else None
    table = h.make_table(getattr(h, config), match=match, hands=2)
    state, _ = start(table, f"fuzz-{config}")
    stream = SeededStream(f"fuzz-{config}".encode())
    bots = [RandomBot(f"fuzz-{config}", s) for s in range(4)]
    refused = 0
    for _ in range(3000):
        if state.over:
            break
        if stream.below(10) < 6:
            seat = acting_seat(state)
            assert seat is not None
            state, _ = step(state, bots[seat].act(view_for(state, seat)))
            continue
        kind = stream.choice(ACTION_TYPES)
        fields: dict[str, int | tuple[int, int] | None] = {"seat": stream.below(6) - 1}
        names = kind.__dataclass_fields__
        if "tile" in names:
            fields["tile"] = stream.below(46) - 1
        if "tiles" in names:
            fields["tiles"] = (stream.below(45), stream.below(45))
        if "riichi" in names:
            fields["riichi"] = bool(stream.below(2))
        fields["prompt"] = stream.choice([None, state.prompt, state.prompt - 1, state.prompt + 1])
        action = kind(**fields)
        before = state
        try:
            state, _ = step(state, action)
        except IllegalAction as exc:
            refused += 1
            assert exc.code in set(ErrorCode)
            assert state is before
    assert refused > 100


def test_win_context_flags_last_tile_draw_and_claim(h: Helpers) -> None:
    hands = ["123456789m46p11z", *CLAIMS[1:]]
    rules = replace(h.PLAIN, first_turn=FirstTurnRules())
    table = h.make_table(rules, wall=h.arrange(WallSpec(), hands, draws="5p"))
    state, _ = start(table, "ctx")
    ctx = win_context(state, 0, T("5p"), tsumo=True)
    assert ctx.tenhou and not ctx.haitei and not ctx.rinshan
    hand = state.hand
    assert hand is not None
    last = update(state, hand=update(hand, front=hand.live_end()))
    ctx = win_context(last, 0, T("5p"), tsumo=True)
    assert ctx.haitei
    # the final discard: only wins are offered, and a win on it is a last-tile claim
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), THREE_WAITS, draws="5p"))
    state, _ = start(table, "ctx")
    hand = state.hand
    assert hand is not None
    state = update(state, hand=update(hand, front=hand.live_end()))
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    assert legal_actions(state, 2) == (Win(seat=2), Pass(seat=2))
    for seat in (1, 2):
        state, _ = step(state, Pass(seat=seat))
    _, events = step(state, Win(seat=3))
    (win,) = next(e for e in events if isinstance(e, HandEnded)).result.wins
    assert win.context.houtei and not win.context.tsumo


@pytest.mark.parametrize(("any_call", "nagashi"), [(True, ()), (False, (0, 1))])
def test_a_call_anywhere_voids_nagashi_in_the_seed_reading(
    h: Helpers, any_call: bool, nagashi: tuple[int, ...]
) -> None:
    # seed 004 選択ルール: any chi, pon or kan of the hand (a concealed kong included) voids
    # it; the other reading only counts calls on the player's own discards
    # (the reading is riichi's own hook, rulesets/riichi/table.nagashi, on a plain table)
    options = RiichiOptions(
        nagashi_mangan=True,
        nagashi_called_discard_voids=True,
        nagashi_voiding_calls="any_call" if any_call else "on_own_discards",
    )
    table = replace(
        h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), CLAIMS, draws="5p")),
        nagashi=riichi_nagashi(options),
    )
    state, _ = start(table, "nagashi")
    hand = state.hand
    assert hand is not None
    seats = list(hand.seats)
    seats[1] = update(seats[1], discards=(DiscardRecord(T("1m")), DiscardRecord(T("9s"))))
    hand = update(hand, seats=tuple(seats), calls=1, front=hand.live_end())
    _, events = step(update(state, hand=hand), Discard(seat=0, tile=T("1z")))
    (ended,) = (e for e in events if isinstance(e, HandEnded))
    assert ended.result.outcome == "exhaustive_draw" and ended.result.nagashi == nagashi


def test_chiihou_is_flagged_only_where_it_is_a_self_draw(h: Helpers) -> None:
    # Zung Jung reads chiihou as a win on East's first discard (zung-jung.md 9.4.2)
    hands = [CLAIMS[0], "123456789m45p11z", *CLAIMS[2:]]
    for self_drawn in (True, False):
        rules = replace(h.PLAIN, first_turn=FirstTurnRules(self_drawn_chiihou=self_drawn))
        table = h.make_table(rules, wall=h.arrange(WallSpec(), hands, draws="5p"))
        state, _ = start(table, "chiihou")
        assert win_context(state, 1, T("5p"), tsumo=True).chiihou is self_drawn


def test_last_tile_of_its_kind_counts_visible_copies(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), THREE_WAITS, draws="5p"))
    state, _ = start(table, "kind")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    assert not win_context(state, 1, T("5p"), tsumo=False).last_tile_of_kind
    hand = state.hand
    assert hand is not None
    seats = list(hand.seats)
    # the other three copies lie in discard piles: all visible
    seats[3] = update(seats[3], discards=(DiscardRecord(T("5p")), DiscardRecord(T("5p"))))
    seats[2] = update(seats[2], discards=(DiscardRecord(T("5p")),))
    shown = update(state, hand=update(hand, seats=tuple(seats)))
    assert win_context(shown, 1, T("5p"), tsumo=False).last_tile_of_kind
    called = (DiscardRecord(T("5p"), called=True), DiscardRecord(T("5p")))
    seats[3] = update(seats[3], discards=called)
    partly = update(state, hand=update(hand, seats=tuple(seats)))
    assert not win_context(partly, 1, T("5p"), tsumo=False).last_tile_of_kind


def test_any_call_ends_ippatsu(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), CLAIMS, draws="5p"))
    state, _ = start(table, "ippatsu")
    hand = state.hand
    assert hand is not None
    seats = list(hand.seats)
    seats[3] = update(seats[3], riichi=True, riichi_accepted=True, ippatsu=True)
    state = update(state, hand=update(hand, seats=tuple(seats)))
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    state, _ = step(state, Pass(seat=1))
    state, _ = step(state, Pung(seat=2, tiles=(T("5p"), T("5p"))))
    assert state.hand is not None and not state.hand.seats[3].ippatsu


def test_step_is_decide_then_evolve(h: Helpers) -> None:
    """The plan's names: ``decide`` gives the events, folding ``evolve`` over them gives
    the state; ``step`` is both in one pass (engine.decide)."""
    table = h.make_table(h.RIICHI_LIKE, hands=1)
    state, _ = start(table, "vocabulary")
    bots = [RandomBot("vocabulary", s) for s in range(4)]
    for _ in range(60):
        seat = acting_seat(state)
        if seat is None:
            break
        action = bots[seat].act(view_for(state, seat))
        stepped, events = step(state, action)
        assert decide(state, action) == events
        folded = state
        for event in events:
            folded = evolve(folded, event)
        assert folded == stepped
        state = stepped
