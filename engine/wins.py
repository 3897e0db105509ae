"""Wins at the table: a seat's waits, furiten, and the ``WinContext`` of a win.

``legal_win`` is the one test the legal actions and the claim windows ask: the shape
complete (``engine.hand_keys`` in front of ``engine.shapes``), and the ruleset's ``score``
calling the hand legal; furiten is asked separately where a discard is claimed.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.context import WinContext
from engine.hand_keys import (
    all_counts,
    completes,
    completing_kinds,
    hand_counts,
    hand_key,
    ready_key,
)
from engine.melds import MeldType
from engine.scoring import Score
from engine.shapes import waits
from engine.state import HandState, MatchState, SeatState, TableCaches
from engine.table_rules import OwnCopies, TableRules
from engine.tiles import NUM_KINDS, Tile, is_flower, kind_of
from engine.wall import Replacement


def own_copies(seat: SeatState, copies: OwnCopies) -> list[int]:
    """The seat's copies of each kind that use up a wait on it, as ``copies`` reads them
    (``shapes.waits``' ``held``)."""
    if copies is OwnCopies.NONE:
        return [0] * NUM_KINDS
    if copies is OwnCopies.CONCEALED:
        return hand_counts(seat.hand)
    return all_counts(seat)


def seat_waits(
    rules: TableRules,
    seat: SeatState,
    counts: Sequence[int] | None = None,
    *,
    copies: OwnCopies = OwnCopies.ALL,
) -> list[int]:
    """Kinds completing the seat's 13 (16) concealed tiles, shape only (no yaku), less
    the kinds whose four copies the seat holds as ``copies`` reads it (riichi.md §5)."""
    if counts is None:
        if not ready_key(hand_key(seat.hand), len(seat.melds), rules.n_sets, rules.shape_rules, 1):
            return []  # the shortcut never hides a wait (see may_be_ready)
        c: Sequence[int] = hand_counts(seat.hand)
    else:
        c = counts
    held = own_copies(seat, copies)
    return waits(c, len(seat.melds), n_sets=rules.n_sets, rules=rules.shape_rules, held=held)


_SEAT_MEMO = 64  # seat states a table's furiten and completing-kind memos keep


def is_furiten(
    rules: TableRules, seat: SeatState, kind: int | None = None, caches: TableCaches | None = None
) -> bool:
    """Whether the seat may not win on a discard (riichi.md §7) of ``kind``; where
    furiten is per tile (``FuritenRules.per_tile``), on that kind only (None: on
    any of its winning tiles). ``caches``: the table's whose ``rules`` these are; with
    them the answer is remembered per seat state (a seat state is asked once per other
    seat's discard), without them worked out afresh, the same (tests/engine/test_wins.py)."""
    furiten = rules.furiten
    if furiten is None or (furiten.riichi_only and not seat.riichi):
        return False
    if furiten.per_tile:
        if kind is None:
            return any(
                shape_complete_with(rules, seat, k, caches) and _blocked(seat, k)
                for k in range(NUM_KINDS)
            )
        return _blocked(seat, kind)
    if caches is None:
        return _is_furiten(rules, seat, None)
    memo = caches.furiten
    found = memo.get(id(seat))
    if found is not None and found[0] is seat:
        return found[1]
    if len(memo) > _SEAT_MEMO:
        memo.clear()
    result = _is_furiten(rules, seat, caches)
    memo[id(seat)] = (seat, result)  # keyed on the object, kept alive
    return result


def _blocked(seat: SeatState, kind: int) -> bool:
    """Per-tile furiten: ``kind`` is among the seat's discards or was let pass after riichi."""
    return bool(seat.passed_kinds >> kind & 1) or any(
        kind_of(d.tile) == kind for d in seat.discards
    )


def _is_furiten(rules: TableRules, seat: SeatState, caches: TableCaches | None) -> bool:
    if seat.furiten_temp or seat.furiten_riichi:
        return True
    if not seat.discards:
        return False
    # a wait among one's own discards: only those kinds need trying
    return any(
        shape_complete_with(rules, seat, k, caches)
        for k in {kind_of(d.tile) for d in seat.discards}
    )


def visible_count(hand: HandState, kind: int, rules: TableRules) -> int:
    """Copies of ``kind`` anyone can see: uncalled discards, exposed melds (face-down
    concealed kongs excluded) and revealed indicators (mcr.md §11.9)."""
    n = 0
    for s in hand.seats:
        for d in s.discards:
            if not d.called and kind_of(d.tile) == kind:
                n += 1
        for rec in s.melds:
            if rec.meld.type is MeldType.ANKAN and rules.concealed_kong_face_down:
                continue
            for t in rec.meld.tiles:
                if kind_of(t) == kind:
                    n += 1
        for t in s.flowers:  # tiles of a kind set aside (kita) lie face up
            if not is_flower(t) and kind_of(t) == kind:
                n += 1
    for t in hand.dora_indicators():
        if kind_of(t) == kind:
            n += 1
    return n


def win_context(
    state: MatchState,
    seat_index: int,
    tile: Tile,
    *,
    tsumo: bool,
    chankan: bool = False,
    final: bool = False,
) -> WinContext:
    """The neutral description of a win by ``seat_index`` on ``tile`` (engine.context)."""
    hand = state.hand
    assert hand is not None
    rules = state.table.rules
    seat = hand.seats[seat_index]
    concealed = [t for t in seat.hand if not is_flower(t)]
    if tsumo:
        concealed.remove(tile)
    kind = kind_of(tile)
    visible = visible_count(hand, kind, rules)
    if not tsumo and not chankan:
        visible -= 1  # the winning discard itself lies in the discarder's pile
    first = not seat.discards and hand.calls == 0
    first_turn = rules.first_turn
    flags = first_turn is not None
    riichi = rules.riichi
    ura = hand.ura_indicators() if seat.riichi_accepted and riichi and riichi.ura_dora else ()
    rinshan = tsumo and hand.rinshan
    # A replacement from the dead wall is never the last live tile, even when it leaves the
    # live wall empty (riichi.md §8.1: rinshan is not haitei); a replacement from the wall's
    # end is that tile and scores both (mcr.md §6, zung-jung.md 9.2).
    from_dead_wall = hand.replacement is Replacement.DEAD_WALL
    extras = state.table.win_extras  # what only the ruleset knows (Table.win_extras)
    return WinContext(
        concealed=tuple(concealed),
        win_tile=tile,
        melds=seat.meld_tuple,
        tsumo=tsumo,
        seat_wind=hand.seat_wind(seat_index),
        round_wind=hand.round_wind,
        riichi=seat.riichi_accepted,
        double_riichi=seat.double_riichi
        and seat.riichi_accepted
        and bool(riichi and riichi.double_riichi),
        ippatsu=seat.ippatsu,
        haitei=tsumo and hand.remaining() == 0 and not (rinshan and from_dead_wall),
        houtei=final and not tsumo and not chankan,
        rinshan=rinshan,
        chankan=chankan,
        last_tile_of_kind=not chankan and visible >= 3,
        tenhou=flags and tsumo and first and seat_index == hand.dealer,
        chiihou=flags
        and first_turn is not None
        and first_turn.self_drawn_chiihou
        and tsumo
        and first
        and seat_index != hand.dealer,
        renhou=flags and not tsumo and first,
        flowers=len(seat.flowers),
        dora_indicators=hand.dora_indicators(),
        ura_dora_indicators=ura,
        extra=extras(state, seat_index, tsumo=tsumo, chankan=chankan) if extras else {},
    )


def legal_win(
    state: MatchState,
    seat_index: int,
    tile: Tile,
    *,
    tsumo: bool,
    chankan: bool = False,
    final: bool = False,
) -> tuple[WinContext, Score] | None:
    """The context and score of a legal win, or None."""
    ctx = win_context(state, seat_index, tile, tsumo=tsumo, chankan=chankan, final=final)
    score = state.table.score(ctx)
    return (ctx, score) if score.legal else None


def shape_complete_with(
    rules: TableRules, seat: SeatState, kind: int, caches: TableCaches | None = None
) -> bool:
    """Whether one more tile of ``kind`` completes the seat's concealed tiles. ``caches``
    as for ``is_furiten``: the kinds that may complete a seat state, and each completed
    key, are remembered there."""
    n_melds = len(seat.melds)
    if caches is None:
        key = hand_key(seat.hand)
        kinds = completing_kinds(key, n_melds, rules.n_sets, rules.shape_rules)
        memo = None
    else:
        found = caches.ready.get(id(seat))
        if found is None or found[0] is not seat:
            if len(caches.ready) > _SEAT_MEMO:
                caches.ready.clear()
            key = hand_key(seat.hand)
            found = (seat, completing_kinds(key, n_melds, rules.n_sets, rules.shape_rules), key)
            caches.ready[id(seat)] = found
        _, kinds, key = found
        memo = caches.completes
    if not kinds >> kind & 1:
        return False
    return completes(key + (1 << 3 * kind), n_melds, rules.n_sets, rules.shape_rules, memo)
