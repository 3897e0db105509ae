"""Karaten (riichi.md §5): which of a seat's own copies of a kind leave it no wait on that
kind, for the riichi declaration, the concealed kong after it and the exhaustive draw,
under ``karaten_counts_as_tenpai`` and ``karaten_copies`` (the tenhou preset)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.actions import ConcealedKong, Discard
from engine.hand_keys import hand_counts
from engine.legal import riichi_discard_tiles, riichi_kong_keeps_waits
from engine.melds import Meld, MeldType
from engine.notation import parse_tile, parse_tiles
from engine.state import MeldRecord, SeatState
from engine.table_rules import OwnCopies
from engine.tiles import kind_of
from engine.wins import seat_waits
from rulesets.riichi.options import PRESETS, RiichiOptions, preset
from rulesets.riichi.table import own_copies, table_rules
from tests.rulesets.riichi.table_helpers import Play, begin

DEFAULT: dict[str, Any] = {}
KARATEN: dict[str, Any] = {"karaten_counts_as_tenpai": True}
CONCEALED: dict[str, Any] = {"karaten_copies": "concealed"}


def _options(changes: dict[str, Any] | str) -> RiichiOptions:
    return preset(changes) if isinstance(changes, str) else RiichiOptions.model_validate(changes)


def _seat(concealed: str, melds: tuple[tuple[MeldType, str], ...] = ()) -> SeatState:
    records = tuple(
        MeldRecord(meld=Meld(kind, tuple(parse_tiles(tiles))), from_seat=0)
        for kind, tiles in melds
    )
    return SeatState(hand=tuple(sorted(parse_tiles(concealed))), melds=records)


# 12s waits only on 3s, whose four copies are the seat's own concealed kong
KONG_WAIT = _seat("12s444666p88p1z", ((MeldType.ANKAN, "3333s"),))
# with 1z discarded, 1111m waits only on a fifth 1m: four copies among the concealed tiles
FIFTH_TILE = _seat("1111m234p567p789s1z")


@pytest.mark.parametrize(
    ("options", "kong_wait", "fifth_tile"),
    [
        (DEFAULT, False, False),
        (KARATEN, True, True),
        (CONCEALED, True, False),
        ("tenhou", True, False),
        ("ema", False, False),
        ("wrc", False, False),
    ],
)
def test_riichi_follows_the_reading_of_own_copies(
    options: dict[str, Any] | str, kong_wait: bool, fifth_tile: bool
) -> None:
    """The declaration asks for a wait as the draw does: with karaten counted, a wait on
    a kind the seat holds four of is one; with only concealed copies counted (Tenhou),
    a kind in its own kong stays a wait but a fifth copy of four concealed tiles does not."""
    rules = table_rules(_options(options))
    east = [parse_tile("1z")]
    assert riichi_discard_tiles(rules, KONG_WAIT) == (east if kong_wait else [])
    # a 1m discard always leaves a single wait on 1z
    assert riichi_discard_tiles(rules, FIFTH_TILE) == [parse_tile("1m"), *east[:fifth_tile]]


@pytest.mark.parametrize(
    ("options", "ready"), [(DEFAULT, False), (KARATEN, True), (CONCEALED, True)]
)
def test_a_single_wait_on_a_melded_pung_at_the_draw(options: dict[str, Any], ready: bool) -> None:
    """A pung of White with the fourth White as a single wait: Tenhou counts called tiles
    apart from the hand, so the seat is ready unless every copy it holds counts."""
    opts = _options(options)
    seat = _seat("5z123m456m789m", ((MeldType.PON, "555z"),))
    waits = seat_waits(table_rules(opts), seat, copies=own_copies(opts))
    assert waits == ([kind_of(parse_tile("5z"))] if ready else [])


def test_own_copies_of_the_options() -> None:
    assert own_copies(RiichiOptions()) is OwnCopies.ALL
    assert own_copies(_options(CONCEALED)) is OwnCopies.CONCEALED
    assert own_copies(_options(KARATEN)) is OwnCopies.NONE
    assert own_copies(_options({**KARATEN, **CONCEALED})) is OwnCopies.NONE
    assert PRESETS["tenhou"].options["karaten_copies"] == "concealed"


@pytest.mark.parametrize(
    ("options", "offered"), [(DEFAULT, False), (KARATEN, True), (CONCEALED, True)]
)
def test_riichi_after_a_concealed_kong_of_the_wait(options: dict[str, Any], offered: bool) -> None:
    """At the table: the dealer kongs 3333s, draws 1z from the dead wall and may declare
    riichi on 12s only where a wait on its own kong counts."""
    hands = ["3333s12s444666p8p", "123456789m1234z", "123456789p1234z", "1245789s123m567z"]
    p = Play(begin(hands, "8p", options, dead={0: "1z"}))
    p.act(ConcealedKong(seat=0, tile=parse_tile("3s")))
    riichi = Discard(seat=0, tile=parse_tile("1z"), riichi=True)
    assert (riichi in p.legal(0)) is offered


@pytest.mark.parametrize("options", [KARATEN, CONCEALED])
def test_a_riichi_on_its_own_kong_may_kong_again(options: dict[str, Any]) -> None:
    """After riichi on 12s beside its own 3333s, a drawn fourth 4p may be konged: the
    wait stays 3s, read the same way before and after."""
    rules = table_rules(_options(options))
    seat = _seat("12s4444666p88p", ((MeldType.ANKAN, "3333s"),))
    counts = hand_counts(seat.hand)
    assert riichi_kong_keeps_waits(rules, seat, counts, kind_of(parse_tile("4p")))
