"""The only door to the wire: ``view_for(state, viewer)`` and ``redact(event, viewer)``.

A viewer is a seat (0..3) or ``None`` for a spectator. Nobody but a seat sees its
concealed tiles, its drawn tiles, its claim options and answers, or its furiten; a
face-down concealed kong hides its tiles until the hand ends; nobody ever sees the
unrevealed wall, the dead wall, ura indicators or the seed (revealed at the match end).
Once a hand ends in an exhaustive draw, the seats that are ready (tenpai) show their hands
to everyone (``shown_at_end``: riichi.md §12.1 and §15, tenpai and noten at ryuukyoku); a noten
seat's tiles stay concealed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter

from engine.actions import Action
from engine.events import (
    Answered,
    ClaimWindowOpened,
    Dealt,
    Drew,
    Event,
    Furiten,
    KongDeclared,
)
from engine.fast_records import builder
from engine.legal import legal_actions
from engine.melds import MeldType
from engine.state import (
    CLAIM,
    ENDED,
    TURN,
    DiscardRecord,
    HandResult,
    MatchState,
    MeldRecord,
    Phase,
    SeatState,
    Standing,
    WindowKind,
    update,
)
from engine.tiles import Tile

Viewer = int | None


@dataclass(frozen=True, slots=True)
class MeldView:
    type: str
    from_seat: int
    tiles: tuple[Tile, ...] | None  # None: a face-down concealed kong seen by another seat
    tile: Tile | None = None  # the claimed tile


@dataclass(frozen=True, slots=True)
class SeatView:
    player: int
    wind: int  # 1 East .. 4 North
    hand_count: int
    melds: tuple[MeldView, ...]
    flowers: tuple[Tile, ...]
    discards: tuple[DiscardRecord, ...]
    riichi: bool
    hand: tuple[Tile, ...] | None = None  # the viewer's own seat; tenpai seats at a draw


@dataclass(frozen=True, slots=True)
class WindowView:
    kind: WindowKind
    seat: int
    tile: Tile
    final: bool
    options: tuple[Action, ...] = ()  # the viewer's own answers
    answered: bool = False


@dataclass(frozen=True, slots=True)
class HandView:
    hand_number: int
    label: str
    dealer: int
    round_wind: int
    honba: int
    phase: Phase
    turn: int
    wall_remaining: int  # tiles still drawable from the live wall
    dead_wall_remaining: int  # tiles in the dead wall (0 without one)
    dora_indicators: tuple[Tile, ...]  # revealed ones, the initial indicator first
    kongs: int
    seats: tuple[SeatView, ...]
    window: WindowView | None = None
    drawn: Tile | None = None  # the viewer's own fresh draw
    furiten: bool = False  # the viewer's own temporary or riichi furiten
    result: HandResult | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    viewer: int | None
    ruleset: str
    version: int
    prompt: int
    scores: tuple[int, ...]  # per player
    pot: int
    seating: tuple[int, ...]
    hands_played: int
    over: bool
    hand: HandView | None = None
    legal: tuple[Action, ...] = ()  # what the viewer may do now (send back with ``prompt``)
    standings: tuple[Standing, ...] = ()


VIEW_ADAPTER: TypeAdapter[TableView] = TypeAdapter(TableView)

# the same objects as the classes' own constructors make, at a fraction of the cost
# (engine.state.builder)
_seat_view_of = builder(SeatView)
_hand_view_of = builder(HandView)
_table_view_of = builder(TableView)


def view_to_json(view: TableView) -> dict[str, Any]:
    out: dict[str, Any] = VIEW_ADAPTER.dump_python(view, mode="json")
    return out


# Per table (``Table.caches``): the last view built for each seat (slot 2 * seat + own),
# kept with the very SeatState and seating objects (alive), the face-down flag and the
# dealer it was built for: states share unchanged seats, so most seat views are reused from
# one event to the next. And meld views by the melds tuple object they show.
_SeatSlot = tuple[SeatState, bool, tuple[int, ...], int, SeatView]
_MeldMemo = dict[tuple[int, bool], tuple[tuple[MeldRecord, ...], tuple[MeldView, ...]]]


def _melds_view(
    memo: _MeldMemo, melds: tuple[MeldRecord, ...], hidden: bool
) -> tuple[MeldView, ...]:
    """Meld views, memoised on the melds tuple object (shared by successive seat states)."""
    if not melds:
        return ()
    found = memo.get((id(melds), hidden))
    if found is not None and found[0] is melds:
        return found[1]
    if len(memo) > 256:
        memo.clear()
    out = tuple(
        [
            MeldView(
                type=r.meld.type.value,
                from_seat=r.from_seat,
                tiles=None if hidden and r.meld.type is MeldType.ANKAN else r.meld.tiles,
                tile=r.tile,
            )
            for r in melds
        ]
    )
    memo[(id(melds), hidden)] = (melds, out)
    return out


def _seat_view(
    memo: _MeldMemo, s: SeatState, own: bool, hide_kongs: bool, player: int, wind: int
) -> SeatView:
    melds = _melds_view(memo, s.melds, hide_kongs and not own)
    return _seat_view_of(
        player=player,
        wind=wind,
        hand_count=len(s.hand),
        melds=melds,
        flowers=s.flowers,
        discards=s.discards,
        riichi=s.riichi,
        hand=s.hand if own else None,
    )


def shown_at_end(state: MatchState) -> tuple[tuple[Tile, ...] | None, ...]:
    """Per hand seat, the concealed tiles every viewer may see now: only once the hand has
    ended in an exhaustive draw, the hands of the seats ready then (``HandResult.tenpai``,
    filled when the ruleset declares tenpai at a draw); None for every other seat, and for
    every seat before the hand is over or when it ended otherwise."""
    hand = state.hand
    if hand is None:
        return (None,) * state.table.rules.seats
    none: tuple[tuple[Tile, ...] | None, ...] = (None,) * len(hand.seats)
    if hand.phase is not ENDED or hand.result is None:
        return none
    result = hand.result
    if result.outcome != "exhaustive_draw" or len(result.tenpai) != len(hand.seats):
        return none
    return tuple(
        s.hand if ready else None for s, ready in zip(hand.seats, result.tenpai, strict=True)
    )


def view_for(state: MatchState, viewer: Viewer) -> TableView:
    hand = state.hand
    hand_view: HandView | None = None
    legal: tuple[Action, ...] = ()
    if hand is not None:
        rules = state.table.rules
        ended = hand.phase is ENDED
        seats: list[SeatView] = []
        hide_kongs = rules.concealed_kong_face_down and not ended
        seating = state.seating
        dealer = hand.dealer
        caches = state.table.caches
        seat_views: list[_SeatSlot | None] = caches.seat_views
        meld_views: _MeldMemo = caches.meld_views
        for i, s in enumerate(hand.seats):
            own = viewer == i
            slot = 2 * i + own
            cached = seat_views[slot]
            if (
                cached is not None
                and cached[0] is s
                and cached[1] is hide_kongs
                and cached[2] is seating
                and cached[3] == dealer
            ):
                seats.append(cached[4])
                continue
            seat_view = _seat_view(
                meld_views, s, own, hide_kongs, seating[i], (i - dealer) % len(hand.seats) + 1
            )
            seat_views[slot] = (s, hide_kongs, seating, dealer, seat_view)
            seats.append(seat_view)
        if ended:
            for i, tiles in enumerate(shown_at_end(state)):
                if tiles is not None and seats[i].hand is None:
                    seats[i] = update(seats[i], hand=tiles)
        window: WindowView | None = None
        if hand.window is not None and hand.phase is CLAIM:
            w = hand.window
            window = WindowView(
                kind=w.kind,
                seat=w.seat,
                tile=w.tile,
                final=w.final,
                options=w.options_for(viewer) if viewer is not None else (),
                answered=viewer is not None and w.answered(viewer),
            )
        own_turn = viewer is not None and hand.phase is TURN and hand.turn == viewer
        hand_view = _hand_view_of(
            hand_number=hand.hand_number,
            label=hand.label,
            dealer=hand.dealer,
            round_wind=hand.round_wind,
            honba=hand.honba,
            phase=hand.phase,
            turn=hand.turn,
            wall_remaining=hand.remaining(),
            dead_wall_remaining=hand.dead_wall_remaining(),
            dora_indicators=hand.dora_indicators(),
            kongs=len(hand.kongs),
            seats=tuple(seats),
            window=window,
            drawn=hand.drawn if own_turn else None,
            furiten=viewer is not None
            and (hand.seats[viewer].furiten_temp or hand.seats[viewer].furiten_riichi),
            result=hand.result,
        )
        if viewer is not None:
            legal = legal_actions(state, viewer)
    return _table_view_of(
        viewer=viewer,
        ruleset=state.table.ruleset_id,
        version=state.version,
        prompt=state.prompt,
        scores=state.scores,
        pot=state.pot,
        seating=state.seating,
        hands_played=state.hands_played,
        over=state.over,
        hand=hand_view,
        legal=legal,
        standings=state.standings,
    )


def redact(event: Event, viewer: Viewer, *, face_down_kongs: bool | None = None) -> Event | None:
    """The event as ``viewer`` may see it, or None when it is not theirs to see at all.

    A concealed kong declared face down (``KongDeclared.face_down``, from the ruleset's
    ``concealed_kong_face_down``) shows no tiles to the others; ``face_down_kongs``
    overrides the event's own flag when given."""
    if isinstance(event, Drew):
        return event if event.seat == viewer else update(event, tile=None)
    if isinstance(event, Dealt):
        return event if event.seat == viewer else update(event, tiles=None)
    if isinstance(event, ClaimWindowOpened):
        mine = tuple((s, o) for s, o in (event.options or ()) if s == viewer)
        return update(event, options=mine, completes=None)
    if isinstance(event, Answered | Furiten):
        return event if event.seat == viewer else None
    if isinstance(event, KongDeclared):
        hidden = event.face_down if face_down_kongs is None else face_down_kongs
        if event.kind == "concealed" and hidden and event.seat != viewer:
            return update(event, tile=None, meld=None)
        return event
    return event
