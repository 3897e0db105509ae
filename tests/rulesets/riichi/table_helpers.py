"""Shared pieces for the riichi table tests: arranged walls, tables that deal them, bots
that steer a hand toward one outcome, and a driver that plays a match to its end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.actions import Action, ConcealedKong, DeclareAbort, Discard, Pass, SelfDrawWin, Win
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import Event, Settled
from engine.evolve import evolve
from engine.legal import legal_actions
from engine.notation import parse_tile, parse_tiles
from engine.ruleset import table_for
from engine.simulate import acting_seat, check_events
from engine.state import HandResult, MatchState, Phase, Table
from engine.tiles import TERMINALS_AND_HONORS, Tile, kind_of
from engine.views import TableView, view_for
from engine.wall import Wall, WallSpec
from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.table import wall_spec

TOTAL = 100_000


def arrange(
    spec: WallSpec,
    hands: Sequence[str],
    *,
    draws: Mapping[int, str] | str = "",
    dead: Mapping[int, str] | None = None,
) -> Wall:
    """A wall dealing ``hands`` (mpsz, by seat, dealer = seat 0) in the engine's order
    (4-4-4 then 1 from the dealer), then the live-wall tiles ``draws`` from the front
    (a string, or {position after the deal: tile}), ``dead`` at dead-wall indices; the
    other tiles of the set fill the gaps in sorted order."""
    tiles = spec.tile_set()
    pool = Counter(tiles)
    wall: list[Tile | None] = [None] * len(tiles)

    def put(index: int, tile: Tile) -> None:
        if pool[tile] <= 0:
            raise ValueError(f"no copy of tile {tile} left")
        if wall[index] is not None:
            raise ValueError(f"position {index} used twice")
        pool[tile] -= 1
        wall[index] = tile

    parsed = [parse_tiles(h) for h in hands]
    pos = 0
    taken = [0, 0, 0, 0]
    for chunk in (4, 4, 4, 1):
        for seat in range(4):
            for _ in range(chunk):
                put(pos, parsed[seat][taken[seat]])
                taken[seat] += 1
                pos += 1
    placed = (
        dict(enumerate(parse_tiles(draws)))
        if isinstance(draws, str)
        else {i: parse_tile(t) for i, t in draws.items()}
    )
    for i, t in placed.items():
        put(52 + i, t)
    for i, text in (dead or {}).items():
        put(len(tiles) - spec.dead_wall + i, parse_tile(text))
    rest = iter(sorted(t for t, c in pool.items() for _ in range(c)))
    return Wall(spec, tuple(t if t is not None else next(rest) for t in wall))


def riichi_table(
    options: Mapping[str, Any] | None = None, walls: Mapping[int, Wall] | None = None
) -> Table:
    """The riichi table for ``options``; hands listed in ``walls`` use those walls, the
    others the seeded shuffle."""
    base = table_for(RULESET, options or {})
    if not walls:
        return base
    fixed = dict(walls)

    def wall(seed: str, n: int) -> Wall:
        return fixed[n] if n in fixed else Wall.build(base.rules.wall, seed, n)

    return replace(base, walls=wall)


Brain = Callable[[TableView], Action | None]


class SteeredBot:
    """Asks ``brain`` first during the hands in ``hands`` (None: every hand); falls back
    to the greedy bot when the brain has no opinion."""

    def __init__(self, table: Table, brain: Brain, hands: set[int] | None = None) -> None:
        self.greedy = GreedyBot(table.rules)
        self.brain = brain
        self.hands = hands

    def act(self, view: TableView) -> Action:
        hand = view.hand
        if hand is not None and (self.hands is None or hand.hand_number in self.hands):
            choice = self.brain(view)
            if choice is not None:
                return choice
        return self.greedy.act(view)


def tsumogiri(view: TableView) -> Action | None:
    """Never call or win; throw the tile just drawn."""
    for a in view.legal:
        if isinstance(a, Pass):
            return a
    hand = view.hand
    if hand is not None and hand.drawn is not None:
        for a in view.legal:
            if isinstance(a, Discard) and not a.riichi and a.tile == hand.drawn:
                return a
    return None


def declare_abort(view: TableView) -> Action | None:
    return next((a for a in view.legal if isinstance(a, DeclareAbort)), None)


def always_kong(view: TableView) -> Action | None:
    return next((a for a in view.legal if isinstance(a, ConcealedKong)), None)


def first_discard(tile: str) -> Brain:
    """Throw ``tile`` (a kind) on the first turn when holding it."""
    kind = kind_of(parse_tile(tile))

    def brain(view: TableView) -> Action | None:
        hand = view.hand
        if hand is None or view.viewer is None or hand.seats[view.viewer].discards:
            return None
        return next(
            (
                a
                for a in view.legal
                if isinstance(a, Discard) and not a.riichi and kind_of(a.tile) == kind
            ),
            None,
        )

    return brain


def win_first(view: TableView) -> Action | None:
    return next((a for a in view.legal if isinstance(a, Win | SelfDrawWin)), None)


def is_yaochuu(tile: Tile) -> bool:
    return kind_of(tile) in TERMINALS_AND_HONORS


def play(
    table: Table, seed: str, bots: Sequence[Any], *, check: bool = True
) -> tuple[MatchState, list[Event]]:
    """Play to the end; with ``check`` the engine's invariants hold after every step
    and scores plus deposits stay at 100,000 after every single event."""
    state, events = start(table, seed)
    log = list(events)
    if check:
        check_events(state, events, TOTAL)
    steps = 0
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None
        action = bots[seat].act(view_for(state, seat))
        state, events = step(state, action)
        log.extend(events)
        if check:
            check_events(state, events, TOTAL)
        steps += 1
        assert steps < 100_000, "the match does not end"
    if check:
        assert_conserved(table, seed, log)
    return state, log


def assert_conserved(table: Table, seed: str, events: Sequence[Event]) -> None:
    """Fold the log event by event: scores plus deposits are 100,000 after each one."""
    state = MatchState(table=table, seed=seed)
    for i, ev in enumerate(events):
        state = evolve(state, ev)
        if i > 0:
            assert sum(state.scores) + state.pot == TOTAL, f"event {i} {ev.type}"


def declare_riichi(view: TableView) -> Action | None:
    return next((a for a in view.legal if isinstance(a, Discard) and a.riichi), None)


def either(*brains: Brain) -> Brain:
    """The first opinion among ``brains``."""

    def brain(view: TableView) -> Action | None:
        for b in brains:
            choice = b(view)
            if choice is not None:
                return choice
        return None

    return brain


def begin(
    hands: list[str],
    draws: Any = "",
    options: dict[str, Any] | None = None,
    dead: dict[int, str] | None = None,
) -> MatchState:
    spec = wall_spec(RiichiOptions.model_validate(options or {}))
    wall = arrange(spec, hands, draws=draws, dead=dead)
    state, _ = start(riichi_table(options, {0: wall}), "table")
    return state


class Play:
    """Steps a match and keeps the events of the last few steps."""

    def __init__(self, state: MatchState) -> None:
        self.state = state
        self.events: list[Event] = []

    def act(self, action: Action) -> list[Event]:
        self.state, events = step(self.state, action)
        self.events += events
        return events

    def discard(self, seat: int, tile: str, riichi: bool = False) -> list[Event]:
        return self.act(Discard(seat=seat, tile=parse_tile(tile), riichi=riichi))

    def pass_all(self) -> None:
        hand = self.state.hand
        while hand is not None and hand.phase is Phase.CLAIM and hand.window is not None:
            seat = next(s for s, _ in hand.window.options if not hand.window.answered(s))
            self.act(Pass(seat=seat))
            hand = self.state.hand

    def legal(self, seat: int) -> tuple[Action, ...]:
        return legal_actions(self.state, seat)

    @property
    def result(self) -> HandResult:
        return self.state.results[0]

    def settled(self) -> Settled:
        return next(e for e in self.events if isinstance(e, Settled))


def arranged_table(
    hands: Sequence[str],
    *,
    draws: Mapping[int, str] | str = "",
    dead: Mapping[int, str] | None = None,
    options: Mapping[str, Any] | None = None,
) -> Table:
    """A riichi table whose first hand deals ``hands`` (see ``arrange``)."""
    spec = wall_spec(RiichiOptions.model_validate(dict(options or {})))
    return riichi_table(options, {0: arrange(spec, hands, draws=draws, dead=dead)})
