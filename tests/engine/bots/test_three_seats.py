"""The bots at a three-player table (sanma): they set aside kita when offered, never call
a chow (none is offered), read seat winds and the riichi order over three seats, and count
no tile of a kind the set lacks (2m-8m) as live."""

from __future__ import annotations

import pytest

from engine.actions import Action, Chow, DeclareFlower, Discard, Pass, Pung
from engine.bots.defensive import DefensiveBot, _look, _safe_against
from engine.bots.greedy import GreedyBot
from engine.notation import parse_tile, parse_tiles
from engine.ruleset import table_for
from engine.simulate import defensive_bots, greedy_bots, play_match, random_bots
from engine.state import DiscardRecord
from engine.tiles import NORTH
from engine.views import SeatView, TableView, WindowView
from rulesets.sanma import RULESET as SANMA
from tests.engine.bots.test_defensive import view as seat_table_view

T = parse_tile
RULES = table_for(SANMA, {"preset": "tenhou_sanma"}).rules


def seat(wind: int, hand: str | None = None, discards: str = "", riichi_at: int = -1,
         flowers: str = "") -> SeatView:
    tiles = tuple(parse_tiles(hand)) if hand else None
    records = tuple(
        DiscardRecord(t, riichi=i == riichi_at)
        for i, t in enumerate(parse_tiles(discards) if discards else [])
    )
    return SeatView(
        player=0,
        wind=wind,
        hand_count=len(tiles) if tiles else 13,
        melds=(),
        flowers=tuple(parse_tiles(flowers)) if flowers else (),
        discards=records,
        riichi=riichi_at >= 0,
        hand=tiles,
    )


def view(seats: list[SeatView], legal: list[Action], dealer: int,
         window: WindowView | None = None) -> TableView:
    return seat_table_view(seats[0], legal, seats[1:], window, dealer)


@pytest.mark.parametrize("brain", [GreedyBot, DefensiveBot])
def test_kita_is_declared_when_offered(brain: type[GreedyBot]) -> None:
    mine = "19m123p456p789s4z11z"
    legal: list[Action] = [DeclareFlower(seat=0, tile=NORTH)]
    legal += [Discard(seat=0, tile=t) for t in sorted(set(parse_tiles(mine)))]
    act = brain(RULES).act(view([seat(1, mine), seat(2), seat(3)], legal, dealer=0))
    assert act == DeclareFlower(seat=0, tile=NORTH)


def test_the_seat_wind_is_read_over_three_seats() -> None:
    """Seat 0 with seat 1 dealing is West at three seats (North at four): a West pung is
    a yakuhai line worth the call, a North pung (a guest wind here) is not."""
    bot = DefensiveBot(RULES)
    hand = "33z234p678p1m9m19s4s"
    window = WindowView(kind="discard", seat=2, tile=T("3z"), final=False)
    legal: list[Action] = [Pung(seat=0, tiles=(T("3z"), T("3z"))), Pass(seat=0)]
    seats = [seat(3, hand), seat(1), seat(2)]
    assert isinstance(bot.act(view(seats, legal, dealer=1, window=window)), Pung)
    hand = "44z234p678p1m9m19s3s"
    window = WindowView(kind="discard", seat=2, tile=T("4z"), final=False)
    legal = [Pung(seat=0, tiles=(T("4z"), T("4z"))), Pass(seat=0)]
    seats = [seat(3, hand), seat(1), seat(2)]
    assert bot.act(view(seats, legal, dealer=1, window=window)) == Pass(seat=0)


def test_tiles_passed_after_a_riichi_are_safe_in_three_seat_order() -> None:
    # dealer 1: the turn order is 1, 2, 0; seat 2 declares on its second discard
    threat = seat(2, discards="1z2z", riichi_at=1)
    before = seat(1, discards="5p6p")  # the dealer's 6p came before the declaration
    mine = seat(3, "19m123p456p789s11z", discards="7s9s")  # 7s before, 9s after
    hand = view([mine, before, threat], [], dealer=1).hand
    assert hand is not None
    safe = _safe_against(hand, 2)
    assert {T("1z"), T("2z"), T("9s")} <= safe
    assert T("6p") not in safe and T("7s") not in safe


def test_missing_kinds_and_kita_count_as_seen() -> None:
    mine = "19m123p456p789s11z"
    others = [seat(1, flowers="44z"), seat(2)]
    hand = view([seat(3, mine), *others], [], dealer=1).hand
    assert hand is not None
    counts = [0] * 34
    for t in parse_tiles(mine):
        counts[t] += 1
    seen = _look(hand, 0, counts, RULES.wall.removed_kinds)
    assert all(seen.visible[k] == 4 for k in range(1, 8))  # 2m..8m: not in the set
    assert seen.visible[NORTH] == 2
    assert seen.visible[T("1m")] == 1


@pytest.mark.parametrize("brain", [random_bots, greedy_bots, defensive_bots])
def test_bots_never_chow_and_do_declare_kita(brain: object) -> None:
    table = table_for(SANMA, {"preset": "tenhou_sanma", "game_length": "tonpuusen"})
    rec = play_match(table, "three-seat-bots", brain, check=True)  # type: ignore[arg-type]
    assert rec.state.over
    assert not any(isinstance(a, Chow) for a in rec.actions)
    assert any(isinstance(a, DeclareFlower) and a.tile == NORTH for a in rec.actions)
