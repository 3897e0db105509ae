"""Frozen table state: ``MatchState`` holds the current ``HandState``; nothing here changes
except through ``engine.evolve``, which copies records with ``update`` (the same result as
``dataclasses.replace``; the fast copy lives in ``engine.fast_records``).

Seats are the four places of the current hand in turn order (0 → 1 → 2 → 3 → 0); the
dealer is a seat and seat winds follow from it. ``seating[seat]`` names the player sitting
there, so players can change places between hands (MCR seat changes) while scores stay
attached to players.

``Table`` (below, with the ``MatchRules`` and hooks it binds) is the ruleset under which a
match is played; it lives here because ``MatchState`` carries it and its hooks take a
``MatchState``: one module, so no import runs back up (tests/engine/test_import_graph.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Literal, Protocol

from engine.actions import Action
from engine.context import WinContext
from engine.fast_records import update as update
from engine.melds import Meld
from engine.scoring import Score
from engine.table_rules import HandSetup, TableRules
from engine.tiles import Tile
from engine.wall import Replacement, Wall

SEATS = 4  # the usual table; a table's own count is ``TableRules.seats``


class Phase(StrEnum):
    TURN = "turn"  # ``turn`` seat draws were made; it discards, kongs, wins, ...
    CLAIM = "claim"  # a claim window is open (discard, or a kong that may be robbed)
    ENDED = "ended"  # the hand is over; ``result`` is set


# Enum members as plain module names for the per-action paths: reading a member off its
# Enum class costs ~0.1 µs in Python 3.11.
TURN, CLAIM, ENDED = Phase.TURN, Phase.CLAIM, Phase.ENDED


# set_aside: a tile being set aside (kita) that the others may win on (SetAsideRules.ron)
WindowKind = Literal["discard", "added_kong", "concealed_kong", "set_aside"]


@dataclass(frozen=True, slots=True)
class DiscardRecord:
    tile: Tile
    riichi: bool = False  # the riichi declaration tile (turned sideways)
    called: bool = False  # taken by another seat's call or win
    tsumogiri: bool = False  # the tile just drawn was discarded


@dataclass(frozen=True, slots=True)
class MeldRecord:
    meld: Meld
    from_seat: int  # the seat whose discard was claimed; the owner for a concealed kong
    tile: Tile | None = None  # the claimed tile (None for a concealed kong)


@dataclass(frozen=True, slots=True)
class SeatState:
    hand: tuple[Tile, ...] = ()  # concealed tiles, sorted
    melds: tuple[MeldRecord, ...] = ()
    flowers: tuple[Tile, ...] = ()
    discards: tuple[DiscardRecord, ...] = ()
    riichi: bool = False  # declared (the deposit may still be pending)
    riichi_accepted: bool = False  # the declaration passed and the deposit is on the table
    double_riichi: bool = False
    ippatsu: bool = False
    furiten_temp: bool = False  # let a winning tile pass; cleared by one's own discard
    furiten_riichi: bool = False  # let a winning tile pass after riichi: for the hand
    passed_kinds: int = 0  # bit mask of the kinds let pass after riichi (per-tile furiten)
    kuikae: tuple[int, ...] = ()  # kinds that may not be discarded right after a call

    @property
    def open(self) -> bool:
        return any(not r.meld.is_concealed for r in self.melds)

    @property
    def meld_tuple(self) -> tuple[Meld, ...]:
        return tuple(r.meld for r in self.melds)


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    kind: WindowKind
    seat: int  # the discarder / kong maker
    tile: Tile
    options: tuple[tuple[int, tuple[Action, ...]], ...]  # (seat, its legal answers)
    answers: tuple[tuple[int, Action], ...] = ()
    final: bool = False  # the discard after the last drawable tile: only wins
    completes: tuple[int, ...] = ()  # seats whose shape the tile completes (furiten)

    def options_for(self, seat: int) -> tuple[Action, ...]:
        for s, opts in self.options:
            if s == seat:
                return opts
        return ()

    def answered(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.answers)

    @property
    def complete(self) -> bool:
        return len(self.answers) == len(self.options)


@dataclass(frozen=True, slots=True)
class WinRecord:
    seat: int
    from_seat: int | None  # the discarder / kong maker; None for a self-drawn win
    tile: Tile
    robbed_kong: bool
    score: Score
    context: WinContext
    hand: tuple[Tile, ...]  # the winner's concealed tiles (without the winning tile)


DrawKind = Literal["win", "exhaustive_draw", "abortive_draw"]


@dataclass(frozen=True, slots=True)
class HandResult:
    """Everything settlement needs about a finished hand (public once the hand is over)."""

    hand_number: int
    dealer: int
    round_wind: int
    honba: int
    seating: tuple[int, ...]
    outcome: DrawKind
    abort: str | None = None
    wins: tuple[WinRecord, ...] = ()  # in priority order (nearest the discarder first)
    tenpai: tuple[bool, ...] = ()  # per seat at an exhaustive draw (when the rules ask)
    nagashi: tuple[int, ...] = ()  # seats qualifying for nagashi (when the rules ask)
    riichi: tuple[bool, ...] = ()  # per seat: riichi accepted this hand
    deposits_placed: int = 0  # riichi deposits put on the table during this hand
    discards: tuple[tuple[int, Tile], ...] = ()  # every discard in order, (seat, tile)
    melds: tuple[tuple[MeldRecord, ...], ...] = ()  # per seat
    flowers: tuple[tuple[Tile, ...], ...] = ()  # per seat
    label: str = ""


@dataclass(frozen=True, slots=True)
class Payment:
    """``amount`` moves from ``payer`` to ``payee``; None is the table (deposits)."""

    payer: int | None
    payee: int | None
    amount: int
    reason: str


def apply_payments(
    scores: Sequence[int], pot: int, seating: Sequence[int], payments: Iterable[Payment]
) -> tuple[tuple[int, ...], int]:
    """The scores (by player) and the pot after ``payments`` (by seat: ``seating[seat]`` is
    the player). The one place payments meet scores: ``decide`` settles a hand with it,
    ``evolve`` checks a ``Settled`` event by it, and the records' sheet takes each hand's
    deltas from it."""
    out = list(scores)
    for p in payments:
        if p.payer is None:
            pot -= p.amount
        else:
            out[seating[p.payer]] -= p.amount
        if p.payee is None:
            pot += p.amount
        else:
            out[seating[p.payee]] += p.amount
    return tuple(out), pot


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    score: int
    rank: int  # 1-based; tied players share a rank
    points: float  # table points, or the uma/oka result


@dataclass(frozen=True, slots=True)
class HandState:
    hand_number: int
    dealer: int
    round_wind: int
    honba: int
    wall: Wall
    seats: tuple[SeatState, ...]
    label: str = ""
    replacement: Replacement = Replacement.TAIL
    front: int = 0  # index of the next tile drawn from the live wall
    replacements: int = 0  # replacement tiles drawn (kongs and flowers)
    phase: Phase = Phase.TURN
    dealing: bool = True  # until the dealer's first discard or kong
    turn: int = 0
    drawn: Tile | None = None  # the tile the turn seat just drew
    after_call: bool = False  # turn began with a chow/pung: only a discard
    rinshan: bool = False  # the drawn tile replaced a kong
    kong_pending: bool = False  # a kong was made: the next replacement draw is rinshan
    window: ClaimWindow | None = None
    dora_revealed: int = 0
    pending_dora: int = 0  # kan-dora waiting for the next discard
    kongs: tuple[int, ...] = ()  # owner of each kong, in order
    calls: int = 0  # calls so far (chow, pung, any kong): first-turn rules
    deposits_placed: int = 0
    discard_log: tuple[tuple[int, Tile], ...] = ()
    result: HandResult | None = None

    def seat_wind(self, seat: int) -> int:
        """1 East .. 4 North."""
        return (seat - self.dealer) % len(self.seats) + 1

    # The wall's geometry lives in engine.wall.Wall; these ask it with the hand's counters.

    def live_end(self) -> int:
        """Exclusive end of the drawable part of the wall (``Wall.live_end``)."""
        return self.wall.live_end(self.replacement, self.replacements)

    def remaining(self) -> int:
        """Tiles still drawable from the live wall."""
        return self.wall.remaining(self.replacement, self.replacements, self.front)

    def replacement_index(self) -> int:
        """Index in the wall of the next replacement tile."""
        return self.wall.replacement_index(self.replacement, self.replacements)

    def dead_wall_remaining(self) -> int:
        return self.wall.dead_wall_remaining(self.replacement, self.replacements)

    def replacement_available(self) -> bool:
        return self.wall.replacement_available(self.replacement, self.replacements, self.front)

    def dora_indicators(self) -> tuple[Tile, ...]:
        return self.wall.dora[: self.dora_revealed]

    def ura_indicators(self) -> tuple[Tile, ...]:
        n = min(self.dora_revealed, len(self.wall.spec.ura_positions))
        return tuple(self.wall.ura_indicator(i) for i in range(n))


class MatchRules(Protocol):
    """The sequence of hands and the money: a ruleset supplies one (see engine.match)."""

    def start_scores(self) -> tuple[int, ...]: ...

    def first_hand(self) -> HandSetup: ...

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        """Itemised payments for a finished hand (seats of that hand, not players)."""
        ...

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        """The next hand's setup after ``result`` was settled into ``match``, or None when
        the match is over."""
        ...

    def standings(self, match: MatchState) -> tuple[Standing, ...]: ...


ScoreFn = Callable[[WinContext], Score]
# A ruleset's hook for nagashi (TableRuleset.nagashi): the seats whose discards qualify at
# an exhaustive draw of this hand, by the ruleset's own reading of what voids it.
NagashiFn = Callable[["HandState"], tuple[int, ...]]
# A ruleset's hook for who is ready at an exhaustive draw (TableRuleset.tenpai_at_draw),
# one flag per seat: what HandResult.tenpai records for its noten payments.
TenpaiFn = Callable[["HandState"], tuple[bool, ...]]
WallFn = Callable[[str, int], Wall]


class WinExtrasFn(Protocol):
    """A ruleset's hook for the table facts only it scores: the ``WinContext.extra`` of a
    win by ``seat`` in ``state`` (``rulesets/win_extras.py`` says which keys there are)."""

    def __call__(
        self, state: MatchState, seat: int, *, tsumo: bool, chankan: bool
    ) -> dict[str, object]: ...


class TableCaches:
    """What the engine remembers for one table to go faster, never a rule: the legal
    actions of the last (state, seat) asked (``engine.legal.legal_actions``; a seat view
    and the bot asking next want the same list), the seat and meld views last built
    (``engine.views.view_for``), and the shape answers under this table's rules
    (``engine.hand_keys.completes``, ``engine.wins.is_furiten`` and
    ``shape_complete_with``). One per ``Table``, invisible to equality; a table's actor
    runs one change at a time, so nothing else writes it meanwhile. Every memo here
    answers what its function answers without it (docs/architecture.md "Memos")."""

    __slots__ = ("completes", "furiten", "legal", "meld_views", "ready", "seat_views")

    def __init__(self) -> None:
        self.legal: tuple[object, int, tuple[Any, ...]] | None = None
        # engine.views: the last seat view per slot (2 * seat + own) and meld views by
        # the melds tuple they were built from
        self.seat_views: list[Any] = [None] * 8
        self.meld_views: dict[tuple[int, bool], tuple[Any, Any]] = {}
        # engine.hand_keys.completes: by hand key and meld count (key << 3 | melds)
        self.completes: dict[int, bool] = {}
        # engine.wins, by seat-state object (kept alive in the entry, so its id is not
        # reused): whether it is furiten, and (kinds that may complete it, its hand key)
        self.furiten: dict[int, tuple[SeatState, bool]] = {}
        self.ready: dict[int, tuple[SeatState, int, int]] = {}


@dataclass(frozen=True, slots=True)
class Table:
    """One ruleset with its options bound: all the engine needs to run a match."""

    ruleset_id: str
    rules: TableRules
    score: ScoreFn
    match_rules: MatchRules
    options: dict[str, Any] = field(default_factory=dict)  # as given (for the log)
    # Pre-arranged walls (seed, hand number) -> Wall for puzzles, tutorials and tests;
    # None: the seeded shuffle of engine.wall.
    walls: WallFn | None = None
    # The ruleset's hook for WinContext.extra (TableRuleset.win_extras); None: no extras.
    win_extras: WinExtrasFn | None = None
    # The ruleset's hook for nagashi at an exhaustive draw; None: the ruleset has none.
    nagashi: NagashiFn | None = field(default=None, compare=False)
    # The ruleset's hook for who is ready at an exhaustive draw; None: nobody is asked.
    tenpai_at_draw: TenpaiFn | None = field(default=None, compare=False)
    caches: TableCaches = field(default_factory=TableCaches, init=False, repr=False, compare=False)

    def wall(self, seed: str, hand_number: int) -> Wall:
        if self.walls is not None:
            return self.walls(seed, hand_number)
        return Wall.build(self.rules.wall, seed, hand_number)


@dataclass(frozen=True, slots=True)
class MatchState:
    table: Table = field(repr=False, compare=False)
    seed: str = field(repr=False)
    scores: tuple[int, ...] = ()  # per player
    pot: int = 0  # points of deposits on the table
    hands_played: int = 0
    hand: HandState | None = None
    seating: tuple[int, ...] = (0, 1, 2, 3)
    results: tuple[HandResult, ...] = ()
    over: bool = False
    standings: tuple[Standing, ...] = ()
    final_hand: int | None = None  # time was called: the match ends after this hand
    version: int = 0  # events applied so far
    prompt: int = 0  # the version at which the open prompt was opened

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)
