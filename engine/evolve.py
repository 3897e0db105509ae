"""``evolve(state, event)``: the only way table state changes.

Pure and total over well-formed logs: an event that cannot follow the state raises
``BadEvent``. Events carry every tile they move, and ``evolve`` checks each against the
wall it rebuilt from the seed, so a log and a seed verify each other.
"""

from __future__ import annotations

from bisect import insort

from engine.errors import BadEvent
from engine.events import (
    Answered,
    Called,
    ClaimWindowOpened,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    FlowerSetAside,
    Furiten,
    HandEnded,
    HandStarted,
    KongDeclared,
    KongMade,
    MatchEnded,
    MatchStarted,
    RiichiAccepted,
    Settled,
    TimeCalled,
)
from engine.fast_records import copier
from engine.melds import Meld, MeldType
from engine.state import (
    ClaimWindow,
    DiscardRecord,
    HandState,
    MatchState,
    MeldRecord,
    Phase,
    SeatState,
    apply_payments,
    update,
)
from engine.table_rules import Kuikae, SetAsideRules
from engine.tiles import Tile, is_flower, kind_of

# ``update`` bound once for the shapes of change of a draw and a discard (most of a
# hand's events): the same copies, called by name, without building a dict each time.
_next_hand = copier(MatchState, "hand", "version", "prompt")
_seat_hand = copier(SeatState, "hand")
_seat_discarded = copier(
    SeatState, "hand", "discards", "riichi", "double_riichi", "ippatsu", "furiten_temp", "kuikae"
)
_hand_drew = copier(
    HandState,
    "front",
    "replacements",
    "seats",
    "turn",
    "phase",
    "window",
    "drawn",
    "after_call",
    "rinshan",
    "kong_pending",
)
_hand_discarded = copier(
    HandState, "dealing", "seats", "discard_log", "drawn", "after_call", "rinshan"
)
_hand_dealt = copier(HandState, "seats", "front")
_DISCARD_RECORDS: dict[tuple[Tile, bool, bool], DiscardRecord] = {}


def evolve(state: MatchState, event: Event) -> MatchState:
    version = state.version + 1
    if isinstance(event, Drew):  # the two commonest events first
        hand = _drew(_hand(state), event)
    elif isinstance(event, Discarded):
        hand = _discarded(_hand(state), event)
    elif isinstance(event, Dealt):
        hand = _dealt(_hand(state), event)
    else:
        prompt = state.prompt if isinstance(event, Answered | Furiten) else version
        return update(_apply(state, event), version=version, prompt=prompt)
    return _next_hand(state, hand=hand, version=version, prompt=version)


def _hand(state: MatchState) -> HandState:
    if state.hand is None:
        raise BadEvent("no hand in progress")
    return state.hand


def _with_seat(hand: HandState, seat: int, new: SeatState) -> tuple[SeatState, ...]:
    seats = list(hand.seats)
    seats[seat] = new
    return tuple(seats)


def _remove(tiles: tuple[Tile, ...], remove: tuple[Tile, ...] | list[Tile]) -> tuple[Tile, ...]:
    rest = list(tiles)
    for t in remove:
        try:
            rest.remove(t)
        except ValueError:
            raise BadEvent(f"tile {t} is not in the hand") from None
    return tuple(rest)


def _add(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    rest = list(tiles)
    insort(rest, tile)
    return tuple(rest)


def _apply(state: MatchState, event: Event) -> MatchState:
    if isinstance(event, MatchStarted):
        return update(state, scores=tuple(event.scores))
    if isinstance(event, HandStarted):
        return _hand_started(state, event)
    hand = _hand(state)
    if isinstance(event, FlowerSetAside):
        seat = hand.seats[event.seat]
        new_seat = update(
            seat, hand=_remove(seat.hand, [event.tile]), flowers=(*seat.flowers, event.tile)
        )
        drawn = None if event.seat == hand.turn and hand.drawn == event.tile else hand.drawn
        hand = update(hand, seats=_with_seat(hand, event.seat, new_seat), drawn=drawn)
        aside = state.table.rules.set_aside
        if aside is not None and not is_flower(event.tile):
            hand = _set_aside(hand, aside)
        return update(state, hand=hand)
    if isinstance(event, ClaimWindowOpened):
        if event.options is None:
            raise BadEvent("a redacted claim window cannot be applied")
        window = ClaimWindow(
            kind=event.kind,
            seat=event.seat,
            tile=event.tile,
            options=event.options,
            final=event.final,
            completes=event.completes or (),
        )
        return update(state, hand=update(hand, phase=Phase.CLAIM, window=window))
    if isinstance(event, Answered):
        if hand.window is None:
            raise BadEvent("no claim window is open")
        window = update(hand.window, answers=(*hand.window.answers, (event.seat, event.action)))
        return update(state, hand=update(hand, window=window))
    if isinstance(event, Called):
        return update(state, hand=_called(state, hand, event))
    if isinstance(event, KongDeclared):
        return update(state, hand=_kong_declared(hand, event))
    if isinstance(event, KongMade):
        pending = hand.pending_dora + (1 if state.table.rules.kan_dora is not None else 0)
        hand = update(
            hand,
            kongs=(*hand.kongs, event.seat),
            kong_pending=True,
            pending_dora=pending,
            window=None,
            phase=Phase.TURN,
            turn=event.seat,
        )
        return update(state, hand=hand)
    if isinstance(event, DoraRevealed):
        hand = update(
            hand, dora_revealed=hand.dora_revealed + 1, pending_dora=max(0, hand.pending_dora - 1)
        )
        if hand.wall.dora_indicator(hand.dora_revealed - 1) != event.indicator:
            raise BadEvent("dora indicator differs from the wall")
        return update(state, hand=hand)
    if isinstance(event, RiichiAccepted):
        seat = hand.seats[event.seat]
        rules = state.table.rules.riichi
        new_seat = update(seat, riichi_accepted=True, ippatsu=bool(rules and rules.ippatsu))
        hand = update(
            hand,
            seats=_with_seat(hand, event.seat, new_seat),
            deposits_placed=hand.deposits_placed + 1,
        )
        scores = list(state.scores)
        scores[state.seating[event.seat]] -= event.deposit
        return update(state, hand=hand, scores=tuple(scores), pot=state.pot + event.deposit)
    if isinstance(event, Furiten):
        seat = hand.seats[event.seat]
        passed = seat.passed_kinds
        if event.tile is not None and seat.riichi:
            passed |= 1 << kind_of(event.tile)
        new_seat = update(
            seat,
            furiten_temp=True,
            furiten_riichi=seat.furiten_riichi or seat.riichi,
            passed_kinds=passed,
        )
        return update(state, hand=update(hand, seats=_with_seat(hand, event.seat, new_seat)))
    if isinstance(event, HandEnded):
        hand = update(hand, phase=Phase.ENDED, result=event.result, window=None)
        return update(
            state,
            hand=hand,
            results=(*state.results, event.result),
            hands_played=state.hands_played + 1,
        )
    if isinstance(event, Settled):
        settled, pot = apply_payments(state.scores, state.pot, state.seating, event.payments)
        if settled != tuple(event.scores) or pot != event.pot:
            raise BadEvent("settled scores do not follow from the payments")
        return update(state, scores=settled, pot=pot)
    if isinstance(event, TimeCalled):
        if state.over or hand.hand_number != event.hand_number or state.final_hand is not None:
            raise BadEvent("time called outside the hand in play, or twice")
        # a hand not begun stays as dealt and is never played: match_ended follows
        return update(state, final_hand=event.hand_number)
    if isinstance(event, MatchEnded):
        return update(state, over=True, standings=tuple(event.standings))
    raise BadEvent(f"unknown event {event!r}")


def _set_aside(hand: HandState, aside: SetAsideRules) -> HandState:
    """What setting an ordinary tile aside (kita) does beyond a flower's: like a call it
    may end every ippatsu and the first go-around, and its replacement may be a
    replacement-tile win (``SetAsideRules``)."""
    if aside.breaks_ippatsu:
        seats = tuple(update(s, ippatsu=False) if s.ippatsu else s for s in hand.seats)
        hand = update(hand, seats=seats, calls=hand.calls + 1)
    return update(hand, kong_pending=aside.rinshan, dealing=False)


def _hand_started(state: MatchState, event: HandStarted) -> MatchState:
    rules = state.table.rules
    wall = state.table.wall(state.seed, event.hand_number)
    hand = HandState(
        hand_number=event.hand_number,
        dealer=event.dealer,
        round_wind=event.round_wind,
        honba=event.honba,
        wall=wall,
        seats=tuple(SeatState() for _ in range(rules.seats)),
        label=event.label,
        replacement=rules.replacement,
        turn=event.dealer,
    )
    return update(state, hand=hand, seating=tuple(event.seating))


def _dealt(hand: HandState, event: Dealt) -> HandState:
    tiles = hand.wall.tiles[hand.front : hand.front + event.count]
    if event.tiles is not None and tuple(event.tiles) != tiles:
        raise BadEvent("dealt tiles differ from the wall")
    seat = hand.seats[event.seat]
    new_seat = _seat_hand(seat, hand=tuple(sorted(seat.hand + tiles)))
    return _hand_dealt(
        hand, seats=_with_seat(hand, event.seat, new_seat), front=hand.front + event.count
    )


def _drew(hand: HandState, event: Drew) -> HandState:
    front, replacements = hand.front, hand.replacements
    if event.replacement:
        if not hand.replacement_available():
            raise BadEvent("no replacement tile left")
        index = hand.replacement_index()
        replacements += 1
    else:
        if hand.remaining() <= 0:
            raise BadEvent("the live wall is empty")
        index = front
        front += 1
    tile = hand.wall.tiles[index]
    if event.tile is not None and event.tile != tile:
        raise BadEvent("drawn tile differs from the wall")
    seat = hand.seats[event.seat]
    seats = _with_seat(hand, event.seat, _seat_hand(seat, hand=_add(seat.hand, tile)))
    if hand.dealing and event.seat != hand.dealer:
        # the initial flower replacement of a seat other than the dealer (mcr.md §3)
        return update(hand, seats=seats, front=front, replacements=replacements)
    rinshan = event.replacement and hand.kong_pending
    return _hand_drew(
        hand,
        front=front,
        replacements=replacements,
        seats=seats,
        turn=event.seat,
        phase=Phase.TURN,
        window=None,
        drawn=tile,
        after_call=False,
        rinshan=rinshan,
        kong_pending=False,
    )


def _discarded(hand: HandState, event: Discarded) -> HandState:
    seat = hand.seats[event.seat]
    tile, riichi = event.tile, event.riichi
    rest = list(seat.hand)
    try:
        rest.remove(tile)
    except ValueError:
        raise BadEvent(f"tile {tile} is not in the hand") from None
    # discard records are immutable values: one shared object per (tile, riichi, tsumogiri)
    key = (tile, riichi, event.tsumogiri)
    record = _DISCARD_RECORDS.get(key)
    if record is None:
        record = _DISCARD_RECORDS[key] = DiscardRecord(tile, riichi, False, event.tsumogiri)
    new_seat = _seat_discarded(
        seat,
        hand=tuple(rest),
        discards=(*seat.discards, record),
        riichi=seat.riichi or riichi,
        double_riichi=seat.double_riichi or (riichi and not seat.discards and hand.calls == 0),
        ippatsu=seat.ippatsu and not seat.riichi_accepted,
        furiten_temp=False,
        kuikae=(),
    )
    return _hand_discarded(
        hand,
        dealing=False,
        seats=_with_seat(hand, event.seat, new_seat),
        discard_log=(*hand.discard_log, (event.seat, tile)),
        drawn=None,
        after_call=False,
        rinshan=False,
    )


def _kuikae_after(kuikae: Kuikae, meld: Meld, claimed: Tile) -> tuple[int, ...]:
    """``Kuikae.forbidden_after`` for a call's meld (kongs forbid nothing)."""
    if meld.type is MeldType.PON:
        return kuikae.forbidden_after(kind_of(claimed))
    if meld.type is MeldType.CHI:
        return kuikae.forbidden_after(kind_of(claimed), meld.kind)
    return ()


def _called(state: MatchState, hand: HandState, event: Called) -> HandState:
    window = hand.window
    if window is None or window.tile != event.tile:
        raise BadEvent("a call needs the open claim window's tile")
    seat = hand.seats[event.seat]
    own = list(event.meld.tiles)
    own.remove(event.tile)
    new_seat = update(
        seat,
        hand=_remove(seat.hand, own),
        melds=(*seat.melds, MeldRecord(event.meld, event.from_seat, event.tile)),
        kuikae=_kuikae_after(state.table.rules.kuikae, event.meld, event.tile),
    )
    seats = list(_with_seat(hand, event.seat, new_seat))
    src = seats[event.from_seat]
    last = src.discards[-1]
    seats[event.from_seat] = update(src, discards=(*src.discards[:-1], update(last, called=True)))
    seats = [update(s, ippatsu=False) if s.ippatsu else s for s in seats]
    is_kong = event.meld.is_kong
    pending = hand.pending_dora + (1 if is_kong and state.table.rules.kan_dora is not None else 0)
    return update(
        hand,
        seats=tuple(seats),
        calls=hand.calls + 1,
        phase=Phase.TURN,
        turn=event.seat,
        window=None,
        drawn=None,
        after_call=not is_kong,
        rinshan=False,
        kongs=(*hand.kongs, event.seat) if is_kong else hand.kongs,
        kong_pending=is_kong,
        pending_dora=pending,
    )


def _kong_declared(hand: HandState, event: KongDeclared) -> HandState:
    if event.meld is None:
        raise BadEvent("a redacted kong cannot be applied")
    seat = hand.seats[event.seat]
    if event.kind == "concealed":
        new_seat = update(
            seat,
            hand=_remove(seat.hand, event.meld.tiles),
            melds=(*seat.melds, MeldRecord(event.meld, event.seat, None)),
        )
    else:
        if event.tile is None:
            raise BadEvent("an added kong names its tile")
        k = kind_of(event.tile)
        melds = list(seat.melds)
        for i, rec in enumerate(melds):
            if rec.meld.type is MeldType.PON and rec.meld.kind == k:
                melds[i] = update(rec, meld=event.meld)
                break
        else:
            raise BadEvent("no pung to add the tile to")
        new_seat = update(seat, hand=_remove(seat.hand, [event.tile]), melds=tuple(melds))
    seats = tuple(
        update(s, ippatsu=False) if s.ippatsu else s for s in _with_seat(hand, event.seat, new_seat)
    )
    return update(hand, seats=seats, calls=hand.calls + 1, drawn=None, rinshan=False, dealing=False)
