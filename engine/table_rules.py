"""What a ruleset switches on and tunes at the table (DESIGN.md "The ruleset contract").

``TableRules`` is plain data: the engine's single transition path reads it and nothing
else about the variant's mechanics. ``engine.state.Table`` bundles it with the ruleset's
scoring function and match rules, bound to one set of options; ``HandSetup`` is what the
match rules say about the next hand. This module names no state: it sits below
``engine.state``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.shapes import ShapeRules
from engine.wall import Replacement as Replacement  # TableRules.replacement (engine.wall)
from engine.wall import WallSpec


class MultiWin(StrEnum):
    HEAD_BUMP = "head_bump"  # only the claimant nearest the discarder in turn order
    DOUBLE = "double"  # up to two winners; a third makes the triple-ron abortive draw
    TRIPLE = "triple"  # every claimant wins


class FlowerTiming(StrEnum):
    IMMEDIATE = "immediate"  # replaced as soon as drawn (and all at once after the deal)
    ON_OWN_TURN = "on_own_turn"  # the holder declares them during their own turn


class Kuikae(StrEnum):
    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"  # same kind and the other end of a chow (riichi.md §4)
    SUJI_ALLOWED = "suji_allowed"  # only the same kind

    def forbidden_after(self, claimed: int, chow_low: int | None = None) -> tuple[int, ...]:
        """The kinds a seat may not discard right after calling the kind ``claimed`` into a
        pung (``chow_low`` None) or into the chow whose lowest kind is ``chow_low``
        (riichi.md §4). The one encoding of kuikae: the claim windows offer only calls that
        leave a discard (``engine.claims``), and ``evolve`` keeps these on the seat."""
        if self is Kuikae.ALLOWED:
            return ()
        if chow_low is None or self is Kuikae.SUJI_ALLOWED:
            return (claimed,)
        if claimed == chow_low and claimed % 9 <= 5:
            return (claimed, claimed + 3)
        if claimed == chow_low + 2 and claimed % 9 >= 3:
            return (claimed, claimed - 3)
        return (claimed,)


class RiichiAnkan(StrEnum):
    FORBIDDEN = "forbidden"
    NO_WAIT_CHANGE = "no_wait_change"  # the drawn tile is the 4th and the waits stay the same
    NO_SHAPE_CHANGE = "no_shape_change"  # also: the three tiles are a pung in every reading


class OwnCopies(StrEnum):
    """Which of a seat's own copies of a kind leave it no wait on that kind (karaten,
    riichi.md §5): a kind with four such copies is no wait."""

    ALL = "all"  # its concealed tiles and its melds
    CONCEALED = "concealed"  # its concealed tiles only: copies in a meld (a kong) leave it
    NONE = "none"  # none: a wait on a kind the seat holds four of counts


class KanDoraTiming(StrEnum):
    IMMEDIATE = "immediate"
    AFTER_DISCARD = "after_discard"  # melded and added kongs reveal at the next discard


class Abort(StrEnum):
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KONGS = "four_kongs"
    TRIPLE_RON = "triple_ron"


class WinFloor(StrEnum):
    """What a hand must be worth beyond its shape to win, as far as a bot weighing a call
    needs to know (``engine.bots.defensive``: a call must keep a way to it). Whether a
    hand wins is the ruleset's ``score`` alone."""

    NONE = "none"  # no floor: any call that brings the hand closer to ready will do
    YAKU = "yaku"  # one yaku: a call keeps a flush, all pungs, a value honour or all simples
    POINTS = "points"  # a minimum value: a call keeps a flush or an all-pungs line


@dataclass(frozen=True, slots=True)
class RiichiRules:
    deposit: int = 1000  # points put on the table when the declaration passes
    min_points: int | None = 1000  # None: no minimum score to declare
    min_live_wall: int = 4  # live tiles left at declaration
    ankan: RiichiAnkan = RiichiAnkan.NO_WAIT_CHANGE
    double_riichi: bool = True
    ippatsu: bool = True
    ura_dora: bool = True  # a riichi winner gets the ura indicators in its WinContext
    # whose copies use up a wait when the declaration asks for one, and when a riichi
    # seat's concealed kong is checked for keeping its waits
    own_copies: OwnCopies = OwnCopies.ALL


@dataclass(frozen=True, slots=True)
class KanDoraRules:
    """Each kong turns one more dora indicator (riichi.md §4, three-kingdoms.md §6)."""

    timing: KanDoraTiming = KanDoraTiming.IMMEDIATE
    robbed_kong_reveals: bool = False  # a robbed added kong still turns its indicator


@dataclass(frozen=True, slots=True)
class FuritenRules:
    """A seat may not win on a discard while one of its winning tiles is in its own
    discards or was let pass (riichi.md §7)."""

    # Three Kingdoms §7: only riichi players are subject to furiten
    riichi_only: bool = False
    # Three Kingdoms §7 read literally (three-kingdoms.md Q5 `literal`): a discard win is
    # refused only on a kind the seat discarded, or let pass after its riichi; its other
    # winning tiles stay open
    per_tile: bool = False


@dataclass(frozen=True, slots=True)
class FirstTurnRules:
    """A win in a seat's first go-around, before any call, is flagged in its
    ``WinContext``: tenhou (the dealer's self-draw), chiihou and renhou."""

    # chiihou flags a non-dealer's first self-draw (riichi); off where the ruleset reads
    # chiihou as a discard win (Zung Jung's Blessing of Earth, zung-jung.md 9.4.2)
    self_drawn_chiihou: bool = True
    # ask the ruleset about a self-draw on a seat's first draw (no call yet) even without a
    # complete shape: riichi's shiisan puutaa (riichi.md §8.3)
    any_shape_on_first_draw: bool = False


@dataclass(frozen=True, slots=True)
class SetAsideRules:
    """Tiles of ordinary kinds a seat may set aside on its own turn and replace from the
    dead wall, each counted by the ruleset's scorer (``WinContext.flowers``): North in
    three-player riichi (kita / nukidora, riichi.wiki "Sanma"). Unlike a flower the tile
    may also be kept and played in the hand."""

    kinds: frozenset[int] = frozenset()
    ron: bool = True  # the others may win on the tile being set aside (not a robbed kong)
    breaks_ippatsu: bool = True  # like a call: ends every ippatsu and the first go-around
    rinshan: bool = True  # a win on its replacement tile is a replacement-tile win


@dataclass(frozen=True, slots=True)
class TableRules:
    wall: WallSpec = field(default_factory=WallSpec)
    seats: int = 4  # 3 or 4 places at the table, in turn order
    chow: bool = True  # False: no chow on the left neighbour's discard (three-player riichi)
    set_aside: SetAsideRules | None = None  # None: no ordinary tile is set aside
    replacement: Replacement = Replacement.TAIL
    flower_timing: FlowerTiming = FlowerTiming.IMMEDIATE
    shape_rules: ShapeRules = field(default_factory=ShapeRules)
    added_kong_from_hand: bool = True  # False: only the tile just drawn may be added
    concealed_kong_face_down: bool = False  # MCR: hidden from the others until the hand ends
    max_kongs: int | None = None  # Three Kingdoms / riichi: 4 (no fifth kong at the table)
    rob_added_kong: bool = True
    rob_concealed_kong_thirteen_orphans: bool = False
    multi_win: MultiWin = MultiWin.HEAD_BUMP
    kan_dora: KanDoraRules | None = None  # None: no kan dora
    furiten: FuritenRules | None = None  # None: no furiten
    riichi: RiichiRules | None = None
    kuikae: Kuikae = Kuikae.ALLOWED
    aborts: frozenset[Abort] = frozenset()
    first_turn: FirstTurnRules | None = None  # None: no first-turn flags
    win_floor: WinFloor = WinFloor.NONE  # what a bot's calls keep a way to

    def __post_init__(self) -> None:
        if self.seats not in (3, 4):
            raise ValueError("a table seats 3 or 4")

    @property
    def hand_size(self) -> int:
        return self.wall.hand_size

    @property
    def n_sets(self) -> int:
        return 5 if self.wall.hand_size == 16 else 4


@dataclass(frozen=True, slots=True)
class HandSetup:
    dealer: int  # seat of the dealer (East)
    round_wind: int  # 1 East .. 4 North
    seating: tuple[int, ...]  # seating[seat] = player
    honba: int = 0
    label: str = ""  # e.g. "E1", "S3-2"
