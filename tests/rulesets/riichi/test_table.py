"""The riichi TableRules (rulesets/riichi/table.py) and the mechanics they switch on, played
move by move on arranged walls: riichi and its deposit, ippatsu and ura dora, furiten,
kuikae, robbing kongs, multiple ron, kan-dora timing."""

from __future__ import annotations

import pytest

from engine.actions import (
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.events import Called, Discarded, DoraRevealed, Drew, RiichiAccepted
from engine.notation import parse_tile
from engine.ruleset import TableRuleset, table_for
from engine.state import HandResult, Phase, WinRecord, update
from engine.table_rules import (
    Abort,
    FirstTurnRules,
    KanDoraTiming,
    Kuikae,
    MultiWin,
    RiichiAnkan,
    WinFloor,
)
from engine.tiles import kind_of
from engine.wins import is_furiten, win_context
from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions, preset
from rulesets.riichi.table import nagashi, table_rules, wall_spec
from tests.rulesets.riichi.table_helpers import Play, begin

T = parse_tile


def test_ruleset_is_playable_at_the_table() -> None:
    assert isinstance(RULESET, TableRuleset)
    table = table_for(RULESET)
    assert table.ruleset_id == "riichi"
    assert table.match_rules.start_scores() == (25000,) * 4


def test_default_table_rules() -> None:
    rules = table_rules(RiichiOptions())
    spec = rules.wall
    assert len(spec.tile_set()) == 136 and spec.red_fives == (0, 0, 0)
    assert spec.dead_wall == 14 and spec.replenish_dead_wall
    assert spec.replacement_positions == (0, 1, 2, 3)
    assert spec.dora_positions == (4, 5, 6, 7, 8) and spec.ura_positions == (9, 10, 11, 12, 13)
    assert rules.max_kongs == 4 and rules.furiten and rules.first_turn
    assert rules.multi_win is MultiWin.DOUBLE
    assert rules.aborts == frozenset(Abort)
    assert rules.kuikae is Kuikae.FORBIDDEN
    assert rules.kan_dora is not None and rules.kan_dora.timing is KanDoraTiming.IMMEDIATE
    assert rules.rob_concealed_kong_thirteen_orphans
    assert rules.riichi is not None
    assert (rules.riichi.min_points, rules.riichi.min_live_wall) == (1000, 4)
    assert rules.riichi.ankan is RiichiAnkan.NO_WAIT_CHANGE
    assert rules.riichi.ippatsu and rules.riichi.ura_dora and rules.riichi.double_riichi
    assert nagashi(RiichiOptions()) is None  # tenpai_at_draw: test_karaten_at_the_exhaustive_draw
    assert not rules.shape_rules.seven_pairs_four_as_two
    assert rules.win_floor is WinFloor.YAKU  # §5


def test_options_reach_the_table_rules() -> None:
    rules = table_rules(preset("tenhou"))
    assert rules.wall.red_fives == (1, 1, 1)  # 0m 0p 0s
    assert sorted(t for t in rules.wall.tile_set() if t > 41) == [42, 43, 44]
    four = table_rules(RiichiOptions.model_validate({"aka_dora": 4})).wall  # §16: 0m 0p 0p 0s
    assert sorted(t for t in four.tile_set() if t > 41) == [42, 43, 43, 44]
    assert len(four.tile_set()) == 136
    assert rules.kan_dora is not None and rules.kan_dora.timing is KanDoraTiming.AFTER_DISCARD
    tenhou = preset("tenhou")  # nagashi read by rulesets/riichi/table.nagashi
    assert nagashi(tenhou) is not None and tenhou.nagashi_called_discard_voids
    assert tenhou.nagashi_voiding_calls == "on_own_discards"  # only a call on one's discards
    ema = table_rules(preset("ema"))
    assert ema.multi_win is MultiWin.TRIPLE and ema.aborts == frozenset()
    wrc = table_rules(preset("wrc"))
    assert wrc.multi_win is MultiWin.HEAD_BUMP and Abort.TRIPLE_RON not in wrc.aborts
    custom = table_rules(
        RiichiOptions.model_validate(
            {
                "kuikae": "suji_allowed",
                "riichi_ankan": "forbidden",
                "riichi_min_points": 0,
                "riichi_min_live_wall": 1,
                "ippatsu": False,
                "ura_dora": False,
                "kokushi_rob_ankan": False,
                "kan_dora": False,
                "abortive_draws": ["suufon_renda"],
            }
        )
    )
    assert custom.kuikae is Kuikae.SUJI_ALLOWED and not custom.rob_concealed_kong_thirteen_orphans
    assert custom.riichi is not None and custom.riichi.ankan is RiichiAnkan.FORBIDDEN
    assert (custom.riichi.min_points, custom.riichi.min_live_wall) == (0, 1)
    assert not custom.riichi.ippatsu and not custom.riichi.ura_dora and not custom.kan_dora
    assert custom.aborts == frozenset({Abort.FOUR_WINDS})


def test_local_options_reach_the_table_rules() -> None:
    """Every option is playable at the table: nothing is refused any more."""
    rules = table_rules(
        RiichiOptions.model_validate(
            {
                "shiisan_puutaa": True,
                "chankan_reveals_kan_dora": True,
                "karaten_counts_as_tenpai": True,
                "paarenchan": True,
                "aka_dora": 4,
            }
        )
    )
    assert rules.kan_dora is not None and rules.kan_dora.robbed_kong_reveals
    assert rules.first_turn is not None and rules.first_turn.any_shape_on_first_draw
    assert rules.wall.red_fives == (1, 2, 1)
    default = table_rules(RiichiOptions())
    assert default.kan_dora is not None and not default.kan_dora.robbed_kong_reveals
    assert default.first_turn == FirstTurnRules()
    assert table_rules(RiichiOptions(kan_dora=False)).kan_dora is None


# ----------------------------------------------------------------- arranged hands

SPEC = wall_spec(RiichiOptions())


HAKU_WAIT = "55z123s456s789s22p"  # seat 1: shanpon 5z / 2p, haku triplet on 5z


def test_a_ronned_riichi_discard_places_no_deposit() -> None:
    p = Play(begin(["123456789m1199p", HAKU_WAIT, "123456789p1234s", "234567m2345678s"], "5z"))
    assert Discard(seat=0, tile=T("5z"), riichi=True) in p.legal(0)
    p.discard(0, "5z", riichi=True)
    p.act(Win(seat=1))
    p.pass_all()
    assert not any(isinstance(e, RiichiAccepted) for e in p.events)
    assert p.result.riichi == (False,) * 4 and p.result.deposits_placed == 0
    settled = p.settled()
    assert settled.pot == 0 and sum(settled.scores) == 100_000
    assert all(pay.payer == 0 and pay.payee == 1 for pay in settled.payments)


def test_riichi_deposit_then_ippatsu_ron_with_ura_indicator() -> None:
    p = Play(
        begin(
            ["123456789m1199p", "123456789s2357p", "123456789p1234s", "234567m2345678s"],
            "5z1p",
        )
    )
    p.discard(0, "5z", riichi=True)
    p.pass_all()
    assert any(isinstance(e, RiichiAccepted) for e in p.events)
    assert p.state.pot == 1000 and p.state.scores[0] == 24000
    # locked hand: seat 0 will only ever discard what it draws
    p.discard(1, "1p")
    assert Win(seat=0) in p.legal(0)
    p.act(Win(seat=0))
    p.pass_all()
    win = p.result.wins[0]
    assert win.context.riichi and win.context.ippatsu and win.context.double_riichi
    assert len(win.context.ura_dora_indicators) == 1
    ids = {pat.id for pat in win.score.patterns}
    assert {"double_riichi", "ippatsu"} <= ids
    deposits = [pay for pay in p.settled().payments if pay.payer is None]
    assert [(d.payee, d.amount) for d in deposits] == [(0, 1000)]
    assert p.settled().pot == 0


def test_discard_furiten_forbids_ron_but_not_tsumo() -> None:
    p = Play(
        begin(
            ["123456789m2357p", "123456789s456p1z", "123456789p2345s", "234567m2345678s"],
            "9p1z1z",
        )
    )
    p.discard(0, "9p")
    p.pass_all()
    # seat 1 draws its winning 1z (ittsu); it may win, but throws it
    assert any(a.type == "self_draw_win" for a in p.legal(1))
    p.discard(1, "1z")
    p.pass_all()
    p.discard(2, "1z")  # seat 1's wait, but it is among seat 1's discards
    hand = p.state.hand
    assert hand is not None
    assert is_furiten(p.state.table.rules, hand.seats[1])
    assert Win(seat=1) not in (hand.window.options_for(1) if hand.window else ())


def test_kuikae_forbids_the_claimed_kind_and_the_other_end() -> None:
    p = Play(
        begin(
            ["3m123456789p2345s", "3456m123p456p789p", "123456789s1234z", "234567m2345678s"], "5z"
        )
    )
    p.discard(0, "3m")
    chow = Chow(seat=1, tiles=(T("4m"), T("5m")))
    assert chow in p.legal(1)
    p.act(chow)
    p.pass_all()
    kinds = {kind_of(a.tile) for a in p.legal(1) if isinstance(a, Discard)}
    assert kind_of(T("3m")) not in kinds and kind_of(T("6m")) not in kinds
    assert kind_of(T("1p")) in kinds


def test_robbing_an_added_kong() -> None:
    p = Play(
        begin(
            ["22m123456789p56s", "123456789s1234z", "13m456p789p123s55s", "345678m2346789s"],
            "7z2m1z4z7m2m",
        )
    )
    p.discard(0, "7z")
    p.pass_all()
    p.discard(1, "2m")  # completes seat 2's kanchan, but with no yaku; seat 0 pungs
    hand = p.state.hand
    assert hand is not None and hand.window is not None
    assert 2 in hand.window.completes and Win(seat=2) not in hand.window.options_for(2)
    p.act(Pass(seat=2))
    pung = next(a for a in p.legal(0) if isinstance(a, Pung))
    p.act(pung)
    p.pass_all()
    hand = p.state.hand
    assert hand is not None and hand.seats[2].furiten_temp  # §7: let a winning tile pass
    p.discard(0, "5s")
    p.pass_all()
    for seat, tile in ((1, "1z"), (2, "4z"), (3, "7m")):
        p.discard(seat, tile)
        p.pass_all()
    assert AddedKong(seat=0, tile=T("2m")) in p.legal(0)
    p.act(AddedKong(seat=0, tile=T("2m")))
    p.act(Win(seat=2))
    p.pass_all()
    win = p.result.wins[0]
    assert win.robbed_kong and win.context.chankan and win.from_seat == 0
    assert "chankan" in {pat.id for pat in win.score.patterns}
    assert len(win.context.dora_indicators) == 1  # §4: a robbed kan shows no kan-dora


def test_chankan_reveals_kan_dora_option() -> None:
    """Option chankan_reveals_kan_dora (§4): the robbed kan still turns its indicator,
    and the robbing win counts it."""
    p = Play(
        begin(
            ["22m123456789p56s", "123456789s1234z", "13m456p789p123s55s", "345678m2346789s"],
            "7z2m1z4z7m2m",
            {"chankan_reveals_kan_dora": True},
        )
    )
    p.discard(0, "7z")
    p.pass_all()
    p.discard(1, "2m")
    p.act(Pass(seat=2))
    p.act(next(a for a in p.legal(0) if isinstance(a, Pung)))
    p.pass_all()
    for seat, tile in ((0, "5s"), (1, "1z"), (2, "4z"), (3, "7m")):
        p.discard(seat, tile)
        p.pass_all()
    hand = p.state.hand
    assert hand is not None
    kan_dora = hand.wall.dora_indicator(1)
    p.act(AddedKong(seat=0, tile=T("2m")))
    p.act(Win(seat=2))
    win = p.result.wins[0]
    assert win.robbed_kong and win.context.dora_indicators[1:] == (kan_dora,)
    assert DoraRevealed(indicator=kan_dora) in p.events


@pytest.mark.parametrize("allowed", [True, False])
def test_thirteen_orphans_robs_a_concealed_kong_where_allowed(allowed: bool) -> None:
    options = {"kokushi_rob_ankan": allowed}
    p = Play(
        begin(
            ["1111z23456m789p5s", "123456789s1234p", "19m19p19s234567z9m", "234567m2345678s"],
            "6s",
            options,
        )
    )
    p.act(ConcealedKong(seat=0, tile=kind_of(T("1z"))))
    hand = p.state.hand
    assert hand is not None
    if allowed:
        assert hand.window is not None and Win(seat=2) in hand.window.options_for(2)
        p.act(Win(seat=2))
        p.pass_all()
        win = p.result.wins[0]
        assert win.robbed_kong and "kokushi_musou" in {pat.id for pat in win.score.patterns}
    else:
        assert hand.window is None and hand.phase is Phase.TURN
        assert any(isinstance(e, Drew) and e.replacement for e in p.events)


RON_4P = ["19m19p19s1234z788m", "555z123m456m789m4p", "123456789s1238p", "777z123p567p888s4p"]


@pytest.mark.parametrize(
    ("multi_ron", "winners"), [("double", [1, 3]), ("head_bump", [1]), ("triple", [1, 3])]
)
def test_multiple_ron(multi_ron: str, winners: list[int]) -> None:
    p = Play(begin(RON_4P, "4p", {"multi_ron": multi_ron}))
    p.discard(0, "4p")
    p.act(Win(seat=1))
    p.act(Win(seat=3))
    p.pass_all()
    assert [w.seat for w in p.result.wins] == winners
    paid = {pay.payee: pay.amount for pay in p.settled().payments}
    for w in p.result.wins:
        assert paid[w.seat] == w.score.details["payment"]["ron"]


@pytest.mark.parametrize("timing", ["immediate", "after_discard"])
def test_kan_dora_timing_for_an_open_kong(timing: str) -> None:
    p = Play(
        begin(
            ["5z123456789m234p", "123456789s1234p", "555z123p789p1234s", "234567m2345678s"],
            "6z",
            {"kan_dora_timing": timing},
        )
    )
    p.discard(0, "5z")
    p.act(Kong(seat=2))
    p.pass_all()
    kinds = [type(e).__name__ for e in p.events]
    called = kinds.index(Called.__name__)
    if timing == "immediate":
        assert kinds[called + 1] == DoraRevealed.__name__  # before the replacement draw
    else:
        assert DoraRevealed.__name__ not in kinds
        events = p.discard(2, "1s")
        names = [type(e).__name__ for e in events]
        assert names.index(Discarded.__name__) < names.index(DoraRevealed.__name__)
    hand = p.state.hand
    assert hand is not None and hand.dora_revealed == 2


RIICHI_HANDS = ["123456789m1199p", "123456789s2357p", "123456789p1234s", "234567m2345678s"]


def test_riichi_needs_points_and_locks_the_hand() -> None:
    poor = Play(begin(RIICHI_HANDS, "5z"))
    poor.state = update(poor.state, scores=(900, 33100, 33000, 33000))
    assert not any(isinstance(a, Discard) and a.riichi for a in poor.legal(0))
    p = Play(begin(RIICHI_HANDS, "5z6z7z1z8m"))
    p.discard(0, "5z", riichi=True)
    p.pass_all()
    for seat, tile in ((1, "6z"), (2, "7z"), (3, "1z")):
        p.discard(seat, tile)
        p.pass_all()
    hand = p.state.hand
    assert hand is not None and hand.drawn == T("8m")
    assert p.legal(0) == (Discard(seat=0, tile=T("8m")),)  # only the drawn tile


def test_riichi_needs_four_live_tiles() -> None:
    p = Play(begin(RIICHI_HANDS, "5z", {"riichi_min_live_wall": 70}))
    assert not any(isinstance(a, Discard) and a.riichi for a in p.legal(0))
    p = Play(begin(RIICHI_HANDS, "5z", {"riichi_min_live_wall": 69}))
    assert any(isinstance(a, Discard) and a.riichi for a in p.legal(0))


def test_riichi_furiten_lasts_for_the_hand() -> None:
    p = Play(begin(RIICHI_HANDS, "5z1p6z8m9p"))
    p.discard(0, "5z", riichi=True)
    p.pass_all()
    p.discard(1, "1p")
    hand = p.state.hand
    assert hand is not None and hand.window is not None
    assert Win(seat=0) in hand.window.options_for(0)
    p.act(Pass(seat=0))  # lets the winning tile pass
    p.pass_all()
    p.discard(2, "6z")
    p.pass_all()
    p.discard(3, "8m")
    p.pass_all()
    p.discard(0, "9p")  # draws 9p: may win by tsumo, but throws it for the test
    hand = p.state.hand
    assert hand is not None
    assert hand.seats[0].furiten_riichi and is_furiten(p.state.table.rules, hand.seats[0])


@pytest.mark.parametrize(
    ("kuikae", "forbidden"),
    [("forbidden", {"3m", "6m"}), ("suji_allowed", {"3m"}), ("allowed", set())],
)
def test_kuikae_options(kuikae: str, forbidden: set[str]) -> None:
    hands = ["3m123456789p2345s", "3456m123p456p789p", "123456789s1234z", "234567m2345678s"]
    p = Play(begin(hands, "5z", {"kuikae": kuikae}))
    p.discard(0, "3m")
    p.act(Chow(seat=1, tiles=(T("4m"), T("5m"))))
    p.pass_all()
    kinds = {kind_of(a.tile) for a in p.legal(1) if isinstance(a, Discard)}
    assert {kind_of(T(t)) for t in ("3m", "6m")} - kinds == {kind_of(T(t)) for t in forbidden}


def test_rinshan_win_after_a_kong_on_the_last_live_tile() -> None:
    """riichi.md §8.1: a rinshan draw is never haitei, even when it empties the live wall."""
    hands = ["111z123m456m789m5p", "123456789s1234p", "123456789p2345s", "234567m2346789s"]
    p = Play(begin(hands, "1z", dead={0: "5p"}))  # the dealer draws the 4th 1z
    hand = p.state.hand
    assert hand is not None
    p.state = update(p.state, hand=update(hand, front=hand.live_end() - 1))  # one tile left
    p.act(ConcealedKong(seat=0, tile=kind_of(T("1z"))))
    hand = p.state.hand
    assert hand is not None and hand.rinshan and hand.remaining() == 0
    assert SelfDrawWin(seat=0) in p.legal(0)
    ctx = win_context(p.state, 0, T("5p"), tsumo=True)
    assert ctx.rinshan and not ctx.haitei


@pytest.mark.parametrize(
    ("earlier", "paarenchan"),
    [(["win"] * 7, True), (["win"] * 6, False), (["win"] * 4 + ["draw"] + ["win"] * 6, False)],
)
def test_paarenchan_from_the_dealer_streak(earlier: list[str], paarenchan: bool) -> None:
    """§8.3: the dealer's 8th consecutive win while holding the deal; a drawn hand breaks
    the streak even when the dealer stays."""
    hands = ["111z123m456m789m5p", "123456789s1234p", "123456789p2345s", "234567m2346789s"]
    p = Play(begin(hands, "5p", {"paarenchan": True}))
    table = p.state.table
    ctx = win_context(p.state, 0, T("5p"), tsumo=True)
    record = WinRecord(0, None, T("5p"), False, table.score(ctx), ctx, ctx.concealed)
    won = HandResult(0, 0, 1, 0, (0, 1, 2, 3), "win", wins=(record,))
    drawn = update(won, outcome="exhaustive_draw", wins=())
    p.state = update(p.state, results=tuple(won if r == "win" else drawn for r in earlier))
    ctx = win_context(p.state, 0, T("5p"), tsumo=True)
    assert ctx.extra.get("paarenchan", False) is paarenchan
    ids = {h.id for h in table.score(ctx).patterns}
    assert ("paarenchan" in ids) is paarenchan and "tenhou" in ids
    # only the dealer's streak counts
    assert "paarenchan" not in win_context(p.state, 1, T("4p"), tsumo=False).extra


@pytest.mark.parametrize("on", [True, False])
def test_shiisan_puutaa_is_offered_on_a_first_draw(on: bool) -> None:
    """§8.3: the dealer's initial 14 with one pair and nothing connected."""
    hands = ["147m258p369s1234z", "123456789s1234p", "123456789p2345s", "234567m2346789s"]
    p = Play(begin(hands, "1z", {"shiisan_puutaa": on}))
    assert (SelfDrawWin(seat=0) in p.legal(0)) is on
    if on:
        p.act(SelfDrawWin(seat=0))
        assert "shiisan_puutaa" in {h.id for h in p.result.wins[0].score.patterns}


@pytest.mark.parametrize("counts", [True, False])
def test_karaten_at_the_exhaustive_draw(counts: bool) -> None:
    """§5: a wait only on a kind the seat holds four times is not tenpai unless the option
    karaten_counts_as_tenpai says so."""
    hands = ["123456789s1234z", "1111m234p567p789s", "234567m234567p5z", "345678m345678p6z"]
    p = Play(begin(hands, "7z", {"karaten_counts_as_tenpai": counts}))
    hand = p.state.hand
    assert hand is not None
    p.state = update(p.state, hand=update(hand, front=hand.live_end() - 1))  # one tile left
    p.discard(0, "7z")
    p.pass_all()
    drawn = p.state.hand.drawn if p.state.hand else None
    assert drawn is not None
    p.act(Discard(seat=1, tile=drawn))
    p.pass_all()
    result = p.result
    assert result.outcome == "exhaustive_draw"
    assert result.tenpai[1] is counts and result.tenpai[2]
