"""The table checks (``TableRuleset`` only): seeded self-play with the engine's bots,
every invariant checked after every step and attributed to its check: tiles conserved,
scores with the pot conserved, views and redacted events hiding what they must, payments
that settle each hand, events that replay to the same states, and a match that ends."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from conformance.context import Context
from conformance.report import Failure, Skip
from engine.actions import Action
from engine.decide import start, step
from engine.events import Event, HandEnded, MatchEnded, Settled, event_from_json, event_to_json
from engine.evolve import evolve
from engine.notation import format_tiles
from engine.replay import replay
from engine.ruleset import (
    PRESET_KEY,
    OptionsError,
    TableRuleset,
    parse_options,
    presets_of,
    table_for,
)
from engine.shapes import shanten_seven_pairs, shanten_standard, shanten_thirteen_orphans
from engine.simulate import (
    BOTS,
    InvariantError,
    acting_seat,
    check_redacted,
    check_tiles,
)
from engine.state import MatchState, Table
from engine.tiles import FIRST_FLOWER, MAX_TILE, NUM_FLOWERS, counts_of
from engine.views import TableView, redact, shown_at_end, view_for

TABLE_CHECKS = ("tiles", "scores", "views", "settlement", "replay", "ends")


@dataclass
class Played:
    """One self-play match: its table, seed, actions, events, the state after each step
    (``states[i]``: after the events of ``steps[i]``), and what went wrong by check."""

    preset: str
    bots: str
    table: Table
    seed: str
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    states: list[tuple[int, MatchState]] = field(default_factory=list)  # (events so far, state)
    failures: dict[str, list[Failure]] = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"match seed '{self.seed}', preset '{self.preset}', {self.bots} bots"

    def fail(self, check: str, what: str, fix: str, hand: int | None = None) -> None:
        where = self.where if hand is None else f"{self.where}, hand {hand}"
        self.failures.setdefault(check, []).append(Failure(what, where, fix))


FIX = {
    "tiles": "the wall (table_rules().wall) must hold exactly the tiles in play; check "
    "hand_size, removed_kinds and the replacement tiles of the WallSpec",
    "scores": "scores change only through payments; settle must move points between seats "
    "(payer None or payee None is the pot)",
    "views": "tenpai_at_draw must name only seats whose hands are ready (their hands are "
    "shown to everyone), and TableRules' concealed_kong_face_down must be what the rules show",
    "ends": "match_rules().next_hand must return None when the match is over, and the table "
    "must not raise",
}


def _played(ctx: Context) -> list[Played]:
    if "played" not in ctx.shared:
        ctx.shared["played"] = _play_all(ctx)
    played: list[Played] = ctx.shared["played"]
    return played


def _play_all(ctx: Context) -> list[Played]:
    r = ctx.ruleset
    if not isinstance(r, TableRuleset):
        raise Skip("not a TableRuleset: it scores hands but is not played at a table")
    presets = []
    for name in presets_of(r):  # a preset that does not resolve: contract.presets says so
        try:
            parse_options(r, {PRESET_KEY: name})
            presets.append(name)
        except OptionsError:
            pass
    out = []
    for m in range(ctx.size.matches):
        preset = presets[m % len(presets)]
        brains = "greedy" if m % 2 == 0 else "random"
        seed = f"{ctx.seed}/match-{m}"
        try:
            table = table_for(r, {PRESET_KEY: preset})
        except Exception as exc:  # reported by contract.presets too
            p = Played(preset, brains, None, seed)  # type: ignore[arg-type]
            p.fail("ends", f"no table: {type(exc).__name__}: {exc}", FIX["ends"])
            out.append(p)
            continue
        out.append(play(table, seed, preset, brains, ctx.size.max_hands))
    return out


def play(table: Table, seed: str, preset: str, brains: str, max_hands: int = 100) -> Played:
    p = Played(preset, brains, table, seed)
    try:
        _run(p, max_hands)
    except Exception as exc:  # the ruleset raised at the table: reported, not raised
        hand = p.states[-1][1].hands_played + 1 if p.states else None
        p.fail("ends", f"the table raised {type(exc).__name__}: {exc}", FIX["ends"], hand)
    return p


def _run(p: Played, max_hands: int) -> None:
    table = p.table
    seats = [BOTS[p.bots](table, p.seed, s) for s in range(table.rules.seats)]
    _check_tile_set(p)
    state, events = start(table, p.seed)
    total = sum(state.scores) + state.pot
    p.events.extend(events)
    p.states.append((len(p.events), state))
    _check_step(p, state, events, total)
    while not state.over:
        if p.failures:
            return
        seat = acting_seat(state)
        if seat is None:
            p.fail("ends", "nobody can act but the match is not over", FIX["ends"])
            return
        if state.hands_played >= max_hands:
            p.fail("ends", f"the match does not end after {max_hands} hands", FIX["ends"])
            return
        action = seats[seat].act(view_for(state, seat))
        p.actions.append(action)
        state, events = step(state, action)
        p.events.extend(events)
        p.states.append((len(p.events), state))
        _check_step(p, state, events, total)


def _check_tile_set(p: Played) -> None:
    """The wall holds real tiles: each kind at most four times, each flower at most once."""
    tiles = p.table.rules.wall.tile_set()
    counts = counts_of(t for t in tiles if not FIRST_FLOWER <= t < FIRST_FLOWER + NUM_FLOWERS)
    for kind, n in enumerate(counts):
        if n > 4:
            p.fail("tiles", f"the wall holds {n} of {format_tiles([kind])}", FIX["tiles"])
    flowers = [t for t in tiles if FIRST_FLOWER <= t < FIRST_FLOWER + NUM_FLOWERS]
    if len(flowers) != len(set(flowers)) or any(not 0 <= t <= MAX_TILE for t in tiles):
        p.fail("tiles", "the wall holds a flower twice or a tile that does not exist", FIX["tiles"])


def _check_step(p: Played, state: MatchState, events: list[Event], total: int) -> None:
    hand = state.hand.hand_number if state.hand is not None else None
    try:
        check_tiles(state)
    except InvariantError as exc:
        p.fail("tiles", str(exc), FIX["tiles"], hand)
    if sum(state.scores) + state.pot != total:
        p.fail(
            "scores",
            f"scores plus the pot are {sum(state.scores) + state.pot}, not {total}",
            FIX["scores"],
            hand,
        )
    if state.pot < 0:
        p.fail("scores", f"the pot is negative ({state.pot})", FIX["scores"], hand)
    seats = state.table.rules.seats
    face_down = state.table.rules.concealed_kong_face_down
    try:
        shown = shown_at_end(state)  # the ready hands at an exhaustive draw: public
        _check_shown(state, shown)
        for viewer in (*range(seats), None):
            _check_view(view_for(state, viewer), viewer, shown)
        for ev in events:
            for who in (*range(seats), None):
                check_redacted(redact(ev, who), ev, who, face_down)
    except InvariantError as exc:
        p.fail("views", str(exc), FIX["views"], hand)
    for ev in events:
        if isinstance(ev, Settled):
            _check_payments(p, state, ev, hand)


def _check_shown(state: MatchState, shown: tuple[tuple[int, ...] | None, ...]) -> None:
    """A hand shown to everyone at an exhaustive draw is ready by some shape (sets and a
    pair, seven pairs, thirteen orphans): the ruleset's ``tenpai_at_draw`` said so, and a
    noten hand it calls ready would be shown to everyone."""
    hand = state.hand
    if hand is None or not any(t is not None for t in shown):
        return
    n_sets = state.table.rules.n_sets
    for i, tiles in enumerate(shown):
        if tiles is None:
            continue
        counts = counts_of(tiles)
        melds = len(hand.seats[i].melds)
        best = shanten_standard(counts, n_sets - melds)
        if not melds:
            best = min(best, shanten_seven_pairs(counts), shanten_thirteen_orphans(counts))
        if best > 0:
            raise InvariantError(
                f"seat {i}'s hand {format_tiles(tiles)} is shown at the draw as ready but is "
                f"{best} tiles from ready"
            )


def _check_view(view: TableView, viewer: int | None, shown: tuple[object, ...]) -> None:
    """``engine.simulate.check_view`` for any viewer, spectators too, at any phase: a seat's
    concealed tiles reach only that seat, unless the rules show them at the hand's end."""
    if view.hand is None:
        return
    for i, s in enumerate(view.hand.seats):
        if i != viewer and s.hand is not None and (i >= len(shown) or shown[i] is None):
            raise InvariantError(f"seat {i}'s hand leaks to {viewer}")
    if view.hand.window is not None:
        for a in view.hand.window.options:
            if a.seat != viewer:
                raise InvariantError("another seat's options leak")


def _check_payments(p: Played, state: MatchState, ev: Settled, hand: int | None) -> None:
    seats = state.table.rules.seats
    fix = "settle returns Payment(payer, payee, amount, reason) with seats of the hand"
    for pay in ev.payments:
        if pay.amount < 0:
            p.fail("settlement", f"a negative payment {pay}", fix + " and amount >= 0", hand)
        if pay.payer is not None and pay.payer == pay.payee:
            p.fail("settlement", f"a seat pays itself {pay}", fix, hand)
        for s in (pay.payer, pay.payee):
            if s is not None and not 0 <= s < seats:
                p.fail("settlement", f"a payment names seat {s} of {seats}", fix, hand)
        if not pay.reason:
            p.fail("settlement", f"a payment without a reason {pay}", fix, hand)


def _table_check(name: str) -> Any:
    def check(ctx: Context) -> Iterator[Failure]:
        for p in _played(ctx):
            yield from p.failures.get(name, [])

    check.__name__ = name
    return check


tiles = _table_check("tiles")
scores = _table_check("scores")
views = _table_check("views")
ends = _table_check("ends")


def settlement(ctx: Context) -> Iterator[Failure]:
    """Payments: valid, and a won hand pays its winners; ``Settled`` scores follow from
    its payments (the engine's ``apply_payments``, checked again by replay)."""
    for p in _played(ctx):
        yield from p.failures.get("settlement", [])
        ended: HandEnded | None = None
        for ev in p.events:
            if isinstance(ev, HandEnded):
                ended = ev
            elif isinstance(ev, Settled) and ended is not None:
                result = ended.result
                if result.outcome == "win":
                    net = [0] * len(result.seating)
                    for pay in ev.payments:
                        if pay.payer is not None:
                            net[pay.payer] -= pay.amount
                        if pay.payee is not None:
                            net[pay.payee] += pay.amount
                    for w in result.wins:
                        if net[w.seat] <= 0:
                            yield Failure(
                                f"the winner (seat {w.seat}, {w.score.total} points) is paid "
                                f"{net[w.seat]}",
                                f"{p.where}, hand {result.hand_number}",
                                "settle must pay a win (payments from the losers to the winner)",
                            )
                ended = None


def replays(ctx: Context) -> Iterator[Failure]:
    fix = (
        "scoring and settlement must depend only on their arguments (no module state, "
        "no randomness, no clock), and events must survive JSON (details of JSON values)"
    )
    for p in _played(ctx):
        if p.failures or p.table is None:
            continue  # the other checks said what went wrong
        try:
            stored = [event_from_json(event_to_json(e)) for e in p.events]
        except Exception as exc:  # reported
            yield Failure(f"an event does not survive JSON: {exc}", p.where, fix)
            continue
        if stored != p.events:
            yield Failure("events change through JSON", p.where, fix)
            continue
        try:
            _, again = replay(p.table, p.seed, p.actions)
        except Exception as exc:  # reported
            yield Failure(f"replaying the actions raised {type(exc).__name__}: {exc}", p.where, fix)
            continue
        if again != p.events:
            at = next(i for i, (a, b) in enumerate(zip(again, p.events, strict=False)) if a != b)
            yield Failure(
                f"replaying the actions gives other events from event {at} "
                f"({type(p.events[at]).__name__})",
                p.where,
                fix,
            )
            continue
        yield from _rebuild(p, stored, fix)


def _rebuild(p: Played, stored: list[Event], fix: str) -> Iterator[Failure]:
    state = MatchState(table=p.table, seed=p.seed)
    marks = iter(p.states)
    count, live = next(marks)
    for i, ev in enumerate(stored, 1):
        try:
            state = evolve(state, ev)
        except Exception as exc:  # reported
            yield Failure(f"event {i} ({ev.type}) does not apply: {exc}", p.where, fix)
            return
        if i == count:
            if state != live:
                yield Failure(
                    f"the state rebuilt from the events differs after event {i} ({ev.type})",
                    p.where,
                    fix,
                )
                return
            count, live = next(marks, (0, live))
    if not isinstance(stored[-1], MatchEnded):
        yield Failure("the log does not end with match_ended", p.where, FIX["ends"])
