"""Play whole matches in-process with bots, optionally checking invariants after every
event: tile conservation, score conservation, and that no redacted event or seat view
shows what its viewer may not see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.actions import Action
from engine.bots import Bot, make_bot
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.events import (
    ClaimWindowOpened,
    Dealt,
    Drew,
    Event,
    HandEnded,
    KongDeclared,
)
from engine.state import CLAIM, TURN, HandState, MatchState, Phase, Table
from engine.views import TableView, redact, view_for

BotFactory = Callable[[Table, str, int], Bot]


def random_bots(table: Table, seed: str, seat: int) -> Bot:
    return RandomBot(seed, seat)


def greedy_bots(table: Table, seed: str, seat: int) -> Bot:
    return GreedyBot(table.rules)


def defensive_bots(table: Table, seed: str, seat: int) -> Bot:
    return make_bot("defensive", table, seed, seat)


BOTS: dict[str, BotFactory] = {
    "random": random_bots,
    "greedy": greedy_bots,
    "defensive": defensive_bots,
}


class InvariantError(AssertionError):
    pass


@dataclass
class MatchStats:
    hands: int = 0
    wins: Counter[str] = field(default_factory=Counter)  # self_draw / discard / robbed_kong
    draws: Counter[str] = field(default_factory=Counter)  # exhaustive_draw / abort ids
    win_points: int = 0  # sum of winning totals
    win_count: int = 0
    events: int = 0
    actions: int = 0

    def add(self, other: MatchStats) -> None:
        self.hands += other.hands
        self.wins.update(other.wins)
        self.draws.update(other.draws)
        self.win_points += other.win_points
        self.win_count += other.win_count
        self.events += other.events
        self.actions += other.actions


@dataclass
class MatchRecord:
    seed: str
    actions: list[Action]
    events: list[Event]
    state: MatchState
    stats: MatchStats


def acting_seat(state: MatchState) -> int | None:
    """A seat that must act now (the turn seat, or an unanswered seat of a claim window)."""
    hand = state.hand
    if state.over or hand is None:
        return None
    if hand.phase is TURN:
        return hand.turn
    if hand.phase is CLAIM and hand.window is not None:
        for s, _ in hand.window.options:
            if not hand.window.answered(s):
                return s
    return None


def play_match(
    table: Table,
    seed: str,
    bots: BotFactory | Sequence[Bot] = random_bots,
    *,
    check: bool = False,
    keep_events: bool = True,
    max_actions: int = 1_000_000,
) -> MatchRecord:
    seats: Sequence[Bot] = (
        [bots(table, seed, s) for s in range(table.rules.seats)] if callable(bots) else list(bots)
    )
    state, events = start(table, seed)
    stats = MatchStats()
    log: list[Event] = []
    actions: list[Action] = []
    total = sum(state.scores) + state.pot
    _absorb(events, stats, log, keep_events)
    if check:
        check_events(state, events, total)
    while not state.over:
        seat = acting_seat(state)
        if seat is None:
            raise InvariantError("nobody can act but the match is not over")
        view = view_for(state, seat)
        if check:
            check_view(view, seat)
        action = seats[seat].act(view)
        actions.append(action)
        state, events = step(state, action)
        _absorb(events, stats, log, keep_events)
        if check:
            check_events(state, events, total)
        if len(actions) > max_actions:
            raise InvariantError("the match does not end")
    stats.actions = len(actions)
    return MatchRecord(seed, actions, log, state, stats)


def _absorb(events: list[Event], stats: MatchStats, log: list[Event], keep: bool) -> None:
    stats.events += len(events)
    if keep:
        log.extend(events)
    for ev in events:
        if isinstance(ev, HandEnded):
            r = ev.result
            stats.hands += 1
            if r.outcome == "win":
                for w in r.wins:
                    kind = (
                        "robbed_kong"
                        if w.robbed_kong
                        else ("discard" if w.from_seat is not None else "self_draw")
                    )
                    stats.wins[kind] += 1
                    stats.win_points += w.score.total
                    stats.win_count += 1
            else:
                stats.draws[r.abort or r.outcome] += 1


# ------------------------------------------------------------------ invariants


def drawn_tiles(hand: HandState) -> list[int]:
    """Every tile taken from the wall so far (front draws and replacement draws), sorted."""
    wall = hand.wall
    taken = list(wall.tiles[: hand.front])
    for n in range(hand.replacements):
        taken.append(wall.tiles[wall.replacement_index(hand.replacement, n)])
    return sorted(taken)


def held_tiles(hand: HandState) -> list[int]:
    held: list[int] = []
    for s in hand.seats:
        held += s.hand
        held += s.flowers
        for rec in s.melds:
            held += rec.meld.tiles
        held += [d.tile for d in s.discards if not d.called]
    return sorted(held)


_checked_wall: object = None  # the last wall found to be the ruleset's tile set


def check_tiles(state: MatchState) -> None:
    hand = state.hand
    if hand is None:
        return
    if held_tiles(hand) != drawn_tiles(hand):
        raise InvariantError(f"tiles not conserved in hand {hand.hand_number}")
    global _checked_wall
    if _checked_wall is not hand.wall:
        if sorted(hand.wall.tiles) != sorted(state.table.rules.wall.tile_set()):
            raise InvariantError("the wall is not the ruleset's tile set")
        _checked_wall = hand.wall
    if hand.remaining() < 0:
        raise InvariantError("drew past the end of the live wall")
    if hand.phase is not Phase.ENDED:
        size = state.table.rules.hand_size
        for i, s in enumerate(hand.seats):
            n = len(s.hand) + 3 * len(s.melds)
            active = hand.phase is Phase.TURN and i == hand.turn and not hand.dealing
            if not hand.dealing and n not in (size, size + 1):
                raise InvariantError(f"seat {i} holds {n} tiles")
            if not hand.dealing and n == size + 1 and not active:
                raise InvariantError(f"seat {i} holds an extra tile out of turn")


def check_events(state: MatchState, events: list[Event], total: int) -> None:
    check_tiles(state)
    if sum(state.scores) + state.pot != total:
        raise InvariantError("scores plus deposits changed")
    face_down = state.table.rules.concealed_kong_face_down
    for ev in events:
        if isinstance(ev, KongDeclared) and ev.kind == "concealed" and ev.face_down != face_down:
            raise InvariantError("a concealed kong's face-down flag differs from the rules")
        for viewer in (*range(state.table.rules.seats), None):
            check_redacted(redact(ev, viewer), ev, viewer, face_down)


def check_redacted(
    seen: Event | None, original: Event, viewer: int | None, face_down: bool
) -> None:
    """What a viewer receives carries no hidden tile of another seat."""
    if seen is None:
        return
    if isinstance(seen, Dealt | Drew) and seen.seat != viewer:
        tiles = seen.tiles if isinstance(seen, Dealt) else seen.tile
        if tiles is not None:
            raise InvariantError(f"{seen.type} of seat {seen.seat} leaks to {viewer}")
    if isinstance(seen, ClaimWindowOpened) and (
        seen.completes is not None or any(s != viewer for s, _ in seen.options or ())
    ):
        raise InvariantError(f"claim options leak to {viewer}")
    if (
        isinstance(seen, KongDeclared)
        and seen.kind == "concealed"
        and face_down
        and seen.seat != viewer
        and (seen.meld is not None or seen.tile is not None)
    ):
        raise InvariantError(f"face-down kong leaks to {viewer}")
    if type(seen).__name__ in ("Answered", "Furiten") and getattr(seen, "seat", None) != viewer:
        raise InvariantError(f"private answer leaks to {viewer}")


def check_view(view: TableView, viewer: int) -> None:
    if view.hand is None:
        return
    for i, s in enumerate(view.hand.seats):
        if i != viewer and s.hand is not None:
            raise InvariantError(f"seat {i}'s hand leaks to {viewer}")
    if view.hand.window is not None:
        for a in view.hand.window.options:
            if a.seat != viewer:
                raise InvariantError("another seat's options leak")
