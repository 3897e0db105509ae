"""Frozen table state: ``MatchState`` holds the current ``HandState``; nothing here changes
except through ``engine.evolve`` (new objects by ``dataclasses.replace``).

Seats are the four places of the current hand in turn order (0 → 1 → 2 → 3 → 0); the
dealer is a seat and seat winds follow from it. ``seating[seat]`` names the player sitting
there, so players can change places between hands (MCR seat changes) while scores stay
attached to players.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import Any, Literal, TypeVar

from engine.actions import Action
from engine.context import WinContext
from engine.melds import Meld
from engine.scoring import Score
from engine.table_rules import Replacement, Table
from engine.tiles import Tile
from engine.wall import Wall

SEATS = 4
_DORA_MEMO: dict[int, tuple[Wall, tuple[Tile, ...]]] = {}

_UPDATERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
_BUILDERS: dict[type, Callable[..., Any]] = {}
_SHADOWS: dict[type, type | None] = {}
_T = TypeVar("_T")


def _shadow(cls: type) -> type | None:
    """A plain class with the slots of the frozen slotted dataclass ``cls``, in the same
    order. An object made as one, filled by ordinary attribute stores and then given
    ``cls`` as its ``__class__`` (allowed between classes of one layout) is an ordinary
    ``cls`` instance, made several times faster than by writing each slot through its
    descriptor. None when the layouts differ (then the descriptors it is)."""
    if cls in _SHADOWS:
        return _SHADOWS[cls]
    names = tuple(f.name for f in fields(cls))
    shadow: type | None = None
    if cls.__dict__.get("__slots__") == names and cls.__bases__ == (object,):
        candidate = type(f"_{cls.__name__}Fill", (), {"__slots__": names})
        probe: Any = object.__new__(candidate)
        for i, name in enumerate(names):
            setattr(probe, name, i)
        try:
            setattr(probe, "__class__", cls)  # noqa: B010 (the check is the assignment)
        except TypeError:
            pass
        else:
            if [getattr(probe, name) for name in names] == list(range(len(names))):
                shadow = candidate
    _SHADOWS[cls] = shadow
    return shadow


def _fill(cls: type, sources: dict[str, str], namespace: dict[str, Any]) -> list[str]:
    """Body lines making a ``cls`` from ``sources`` (field name -> expression)."""
    namespace["new_"] = object.__new__
    namespace["cls"] = cls
    shadow = _shadow(cls)
    if shadow is not None:
        namespace["shadow_"] = shadow
        lines = ["    new = new_(shadow_)"]
        lines += [f"    new.{name} = {src}" for name, src in sources.items()]
        return [*lines, "    new.__class__ = cls", "    return new"]
    lines = ["    new = new_(cls)"]
    for i, (name, src) in enumerate(sources.items()):
        namespace[f"d{i}"] = cls.__dict__[name].__set__  # what object.__setattr__ reaches
        lines.append(f"    d{i}(new, {src})")
    return [*lines, "    return new"]


def _compile(name: str, params: list[str], body: list[str], namespace: dict[str, Any]) -> Any:
    params += [f"{k}={k}" for k in namespace]  # bound as defaults: fast local reads
    exec(f"def {name}({', '.join(params)}):\n" + "\n".join(body), namespace)  # once per shape
    return namespace[name]


def updater(cls: type[_T], *changed: str) -> Callable[..., _T]:
    """A copier for ``cls`` that takes the ``changed`` fields positionally, in that order,
    and the rest from the original: ``updater(SeatState, "hand")(seat, tiles)`` is
    ``update(seat, hand=tiles)`` without building and reading a keyword dict. Hot paths
    bind one at import time."""
    key = (cls, changed)
    fn = _UPDATERS.get(key)
    if fn is not None:
        return fn
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    unknown = set(changed) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    values = {name: f"v{i}" for i, name in enumerate(changed)}
    namespace: dict[str, Any] = {}
    body = _fill(cls, {n: values.get(n, f"obj.{n}") for n in names}, namespace)
    new: Callable[..., _T] = _compile("upd", ["obj", *values.values()], body, namespace)
    _UPDATERS[key] = new
    return new


def update(obj: _T, **changes: Any) -> _T:
    """``dataclasses.replace`` for the table's frozen slotted records, several times faster
    (no ``__init__`` call; these records have no ``__post_init__``)."""
    key = (obj.__class__, tuple(changes))
    fn = _UPDATERS.get(key)
    if fn is None:
        fn = updater(obj.__class__, *changes)
    new: _T = fn(obj, *changes.values())
    return new


def builder(cls: type[_T]) -> Callable[..., _T]:
    """A keyword-only constructor for a frozen slotted dataclass without ``__post_init__``:
    the same object as ``cls(**kwargs)`` at a fraction of the cost of a frozen
    ``__init__``. Fields with a plain default may be left out; ``default_factory`` fields
    must be given."""
    found = _BUILDERS.get(cls)
    if found is not None:
        return found
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} checks its fields in __post_init__")
    namespace: dict[str, Any] = {}
    params = ["*"]
    for f in fields(cls):  # type: ignore[arg-type]
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    body = _fill(cls, {n: n for n in names}, namespace)
    fn: Callable[..., _T] = _compile("build", params, body, namespace)
    _BUILDERS[cls] = fn
    return fn


class Phase(StrEnum):
    TURN = "turn"  # ``turn`` seat draws were made; it discards, kongs, wins, ...
    CLAIM = "claim"  # a claim window is open (discard, or a kong that may be robbed)
    ENDED = "ended"  # the hand is over; ``result`` is set


# Enum members as plain module names for the per-action paths: reading a member off its
# Enum class costs ~0.1 µs in Python 3.11.
TURN, CLAIM, ENDED = Phase.TURN, Phase.CLAIM, Phase.ENDED
_TAIL, _DEAD_WALL, _LIVE_TAIL = Replacement.TAIL, Replacement.DEAD_WALL, Replacement.LIVE_TAIL


WindowKind = Literal["discard", "added_kong", "concealed_kong"]


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
        return (seat - self.dealer) % SEATS + 1

    def live_end(self) -> int:
        """Exclusive end of the drawable part of the wall (engine.wall.Wall.live_end;
        without a dead wall, and for Zung Jung's supplements, each replacement shortens
        the live wall by one)."""
        n = self.replacements
        if self.replacement is _DEAD_WALL:
            return self.wall.live_end(n)
        if self.replacement is _TAIL:
            return len(self.wall.tiles) - n
        return len(self.wall.tiles) - self.wall.spec.dead_wall - n

    def remaining(self) -> int:
        """Tiles still drawable from the live wall."""
        n = self.replacements
        wall = self.wall
        if self.replacement is _TAIL:
            return len(wall.tiles) - n - self.front
        spec = wall.spec
        end = len(wall.tiles) - spec.dead_wall
        if self.replacement is _LIVE_TAIL or spec.replenish_dead_wall:
            end -= n
        return end - self.front

    def replacement_index(self) -> int:
        """Index in the wall of the next replacement tile."""
        n = self.replacements
        if self.replacement is _TAIL:
            return len(self.wall.tiles) - 1 - n
        if self.replacement is _DEAD_WALL:
            return self.wall.replacement_index(n)
        return len(self.wall.tiles) - self.wall.spec.dead_wall - 1 - n

    def dead_wall_remaining(self) -> int:
        """Tiles left in the dead wall (riichi keeps it at its size, Three Kingdoms draws
        it down, Zung Jung never draws it, MCR has none)."""
        spec = self.wall.spec
        if self.replacement is _DEAD_WALL and not spec.replenish_dead_wall:
            return spec.dead_wall - self.replacements
        return 0 if self.replacement is _TAIL else spec.dead_wall

    def replacement_available(self) -> bool:
        if self.replacement is _DEAD_WALL:
            return self.replacements < len(self.wall.spec.replacement_positions)
        return self.remaining() >= 1

    def dora_indicators(self) -> tuple[Tile, ...]:
        n = self.dora_revealed
        if not n:
            return ()
        memo = _DORA_MEMO.get(id(self.wall))
        if memo is not None and memo[0] is self.wall and len(memo[1]) == n:
            return memo[1]
        out = tuple(self.wall.dora_indicator(i) for i in range(n))
        if len(_DORA_MEMO) > 16:
            _DORA_MEMO.clear()
        _DORA_MEMO[id(self.wall)] = (self.wall, out)  # keyed on the wall object, kept alive
        return out

    def ura_indicators(self) -> tuple[Tile, ...]:
        n = min(self.dora_revealed, len(self.wall.spec.ura_positions))
        return tuple(self.wall.ura_indicator(i) for i in range(n))


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
