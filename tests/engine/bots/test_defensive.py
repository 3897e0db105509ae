"""The defensive bot (engine/bots/defensive.py): it plays whole matches of every ruleset
legally, folds to genbutsu against a riichi, plays for efficiency when nobody threatens,
calls only into a hand that may win, and rates tiles by suji, kabe and honours seen."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import Action, Discard, Pass, Pung
from engine.bots import BRAINS, make_bot
from engine.bots.defensive import DefensiveBot, _danger_against
from engine.notation import parse_tile, parse_tiles
from engine.simulate import BOTS, play_match
from engine.state import DiscardRecord, Phase
from engine.table_rules import TableRules, WinFloor
from engine.views import HandView, SeatView, TableView, WindowView
from server.domain.registry import build_table

T = parse_tile


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("riichi", {"game_length": "tonpuusen", "aka_dora": 3}),
        ("mcr", {"hands_per_session": 4}),
        ("zung_jung", {"hands_per_game": 4, "minimum_points": 5}),
        ("three_kingdoms", {"hands_per_session": 4}),
    ],
)
def test_four_defensive_bots_play_a_whole_match(ruleset: str, options: dict[str, Any]) -> None:
    table = build_table(ruleset, options)
    record = play_match(table, f"def-{ruleset}", BOTS["defensive"], check=True)
    assert record.state.over and record.stats.hands >= 1


def test_every_brain_is_made_by_name() -> None:
    table = build_table("riichi", {})
    assert isinstance(make_bot("defensive", table, "s", 0), DefensiveBot)
    assert set(BRAINS) == set(BOTS)
    with pytest.raises(ValueError, match="unknown bot 'psychic'"):
        make_bot("psychic", table, "s", 0)


def seat(hand: str | None = None, discards: str = "", riichi: bool = False) -> SeatView:
    tiles = tuple(parse_tiles(hand)) if hand else None
    records = [DiscardRecord(t) for t in parse_tiles(discards)] if discards else []
    if riichi and records:
        records[-1] = DiscardRecord(records[-1].tile, riichi=True)
    return SeatView(
        player=0,
        wind=1,
        hand_count=len(tiles) if tiles else 13,
        melds=(),
        flowers=(),
        discards=tuple(records),
        riichi=riichi,
        hand=tiles,
    )


def view(
    mine: str | SeatView,
    legal: list[Action],
    others: list[SeatView] | None = None,
    window: WindowView | None = None,
    dealer: int = 0,
) -> TableView:
    """The viewer (seat 0) and the others; three seats when ``others`` holds two."""
    seats = [seat(mine) if isinstance(mine, str) else mine, *(others or [seat(), seat(), seat()])]
    hand = HandView(
        hand_number=0,
        label="E1",
        dealer=dealer,
        round_wind=1,
        honba=0,
        phase=Phase.CLAIM if window else Phase.TURN,
        turn=0,
        wall_remaining=50,
        dead_wall_remaining=14,
        dora_indicators=(T("9m"),),
        kongs=0,
        seats=tuple(seats),
        window=window,
    )
    return TableView(
        viewer=0,
        ruleset="riichi",
        version=1,
        prompt=1,
        scores=(25000,) * len(seats),
        pot=0,
        seating=tuple(range(len(seats))),
        hands_played=0,
        over=False,
        hand=hand,
        legal=tuple(legal),
    )


def discards_of(hand: str) -> list[Action]:
    return [Discard(seat=0, tile=t) for t in sorted(set(parse_tiles(hand)))]


HAND = "234m456p678s45s89p1z3m"  # one from ready: the floating 1z or 3m goes


def test_without_a_threat_it_plays_for_efficiency() -> None:
    bot = DefensiveBot(build_table("riichi", {}).rules)
    act = bot.act(view(HAND, discards_of(HAND)))
    assert isinstance(act, Discard) and act.tile in parse_tiles("1z3m")


def test_against_a_riichi_it_folds_to_genbutsu() -> None:
    bot = DefensiveBot(build_table("riichi", {}).rules)
    threat = seat(discards="19m2z5p", riichi=True)
    act = bot.act(view(HAND, discards_of(HAND), [threat, seat(), seat()]))
    assert act == Discard(seat=0, tile=T("5p"))
    # a tile another seat let pass after the declaration is safe too
    passed = seat(discards="7s3m6s1z")
    act = bot.act(view(HAND, discards_of(HAND), [threat, passed, seat()]))
    assert isinstance(act, Discard) and act.tile in parse_tiles("5p1z")


def claim_view(hand: str, tile: str) -> TableView:
    window = WindowView(kind="discard", seat=3, tile=T(tile), final=False)
    legal: list[Action] = [Pung(seat=0, tiles=(T(tile), T(tile))), Pass(seat=0)]
    return view(hand, legal, window=window)


def test_riichi_calls_need_a_yaku_line() -> None:
    bot = DefensiveBot(build_table("riichi", {}).rules)
    # a pung of 1m leaves terminals in two suits: no yakuhai, tanyao, flush or toitoi
    assert bot.act(claim_view("11m234p678p5z9m19s4s", "1m")) == Pass(seat=0)
    # the same shape with a pair of white dragons: a yakuhai pung is worth calling
    assert isinstance(bot.act(claim_view("55z234p678p1m9m19s4s", "5z")), Pung)


def test_mcr_calls_need_a_flush_or_pungs_line() -> None:
    bot = DefensiveBot(build_table("mcr", {}).rules)
    assert bot.act(claim_view("11m234p678p5z9m19s4s", "1m")) == Pass(seat=0)
    assert isinstance(bot.act(claim_view("11m234m678m9m46s7z2z", "1m")), Pung)


def test_calls_follow_the_tables_win_floor() -> None:
    """The table's floor (``TableRules.win_floor``), not the ruleset's name, decides: a
    pung that leaves no yaku, flush or pungs line is taken only where there is none."""
    call = claim_view("11m234p678p5z9m19s4s", "1m")
    taken = {f: isinstance(DefensiveBot(TableRules(win_floor=f)).act(call), Pung) for f in WinFloor}
    assert taken == {WinFloor.NONE: True, WinFloor.YAKU: False, WinFloor.POINTS: False}


def test_danger_reads_suji_kabe_and_honours() -> None:
    visible = [0] * 34
    safe = frozenset({T("4m")})
    assert _danger_against(T("4m"), safe, visible) == 0.0
    # 1m: its only two-sided wait (23m) also waits on 4m, the threat's own discard
    assert _danger_against(T("1m"), safe, visible) < _danger_against(T("1p"), frozenset(), visible)
    # 7m is half suji (56m waits 4m); 5p is open on both sides
    assert _danger_against(T("7m"), safe, visible) < _danger_against(T("5p"), safe, visible)
    walled = list(visible)
    walled[T("8s")] = 4  # kabe: nobody can hold 89s, so 7s waits only through 56s
    assert _danger_against(T("9s"), frozenset(), walled) < 0.1
    seen = list(visible)
    seen[T("3z")] = 3
    assert _danger_against(T("3z"), frozenset(), seen) < _danger_against(
        T("3z"), frozenset(), visible
    )


def test_the_cli_and_the_tables_offer_the_defensive_brain() -> None:
    from typer.testing import CliRunner

    from server.cli import app
    from server.domain.tables.session import BOTS as SEATS

    assert "bot:defensive" in SEATS
    options = '{"game_length": "tonpuusen"}'
    args = ["simulate", "--ruleset", "riichi", "--games", "1", "--bots", "defensive"]
    result = CliRunner().invoke(app, [*args, "--options", options])
    assert result.exit_code == 0, result.output
    assert "hands" in result.output
