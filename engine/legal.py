"""``legal_actions(state, seat)``: what a seat may do now, in a stable order.

Only legal wins are offered (``engine.wins.legal_win``); claims on a discard or a kong
come from the open claim window (``engine.claims``), the turn's actions from here: the
discards (riichi ones included), a self-drawn win, kongs, flowers and the nine-terminals
abort.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    AddedKong,
    ConcealedKong,
    DeclareAbort,
    DeclareFlower,
    Discard,
    SelfDrawWin,
)
from engine.blocks import BlockKind
from engine.hand_keys import (
    FOURS,
    ORPHAN_MASK,
    PartFacts,
    completes,
    hand_counts,
    hand_key,
    held_flowers,
    key_facts,
    may_be_tenpai,
    ready_facts,
)
from engine.melds import MeldType
from engine.shapes import arrangements, shanten, waits
from engine.state import CLAIM, TURN, HandState, MatchState, SeatState
from engine.table_rules import Abort, OwnCopies, RiichiAnkan, TableRules
from engine.tiles import NUM_KINDS, RED_SOU, Tile, is_flower, kind_of
from engine.wins import legal_win, own_copies


def legal_actions(state: MatchState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now (prompt ids left out), in a stable order."""
    caches = state.table.caches  # per table (engine.state.TableCaches)
    memo = caches.legal
    if memo is not None and memo[0] is state and memo[1] == seat:
        return memo[2]
    hand = state.hand
    out: tuple[Action, ...] = ()
    if state.over or hand is None:
        out = ()
    elif hand.phase is CLAIM and hand.window is not None:
        if not hand.window.answered(seat):
            out = hand.window.options_for(seat)
    elif hand.phase is TURN and seat == hand.turn:
        out = tuple(turn_actions(state, seat))
    caches.legal = (state, seat, out)  # keyed on the very state object (kept alive)
    return out


def can_kong(state: MatchState, hand: HandState) -> bool:
    """Table-wide kong conditions: a tile left to draw, a replacement tile, the kong limit."""
    rules = state.table.rules
    if hand.remaining() < 1 or not hand.replacement_available():
        return False
    return rules.max_kongs is None or len(hand.kongs) < rules.max_kongs


_PON, _NINE_TERMINALS = MeldType.PON, Abort.NINE_TERMINALS  # enum members as plain names
_DISCARDS = tuple(tuple(Discard(seat=s, tile=t) for t in range(RED_SOU + 1)) for s in range(4))


def discard_action(seat: int, tile: Tile) -> Discard:
    """Shared immutable plain discards (built thousands of times per match otherwise)."""
    return _DISCARDS[seat][tile]


def turn_actions(state: MatchState, seat_index: int) -> list[Action]:
    hand = state.hand
    assert hand is not None
    rules = state.table.rules
    seat = hand.seats[seat_index]
    tiles = seat.hand
    key = hand_key(tiles)
    facts = key_facts(key)
    out: list[Action]
    flowers = held_flowers(tiles) if rules.wall.flowers else ()
    drawn = hand.drawn
    # discards
    if seat.riichi:
        out = []
        if drawn is not None and not is_flower(drawn):
            out.append(discard_action(seat_index, drawn))
    else:
        forbidden = seat.kuikae
        row = _DISCARDS[seat_index]
        if not forbidden and tiles and tiles[-1] < NUM_KINDS:  # sorted: no red five, no flower
            out = [row[t] for t in dict.fromkeys(tiles)]
        else:
            out = []
            for t in dict.fromkeys(tiles):  # sorted already; distinct physical tiles
                if t < NUM_KINDS:
                    if t not in forbidden:
                        out.append(row[t])
                elif not is_flower(t) and kind_of(t) not in forbidden:
                    out.append(row[t])
        out.extend(_riichi_discards(state, hand, seat_index, seat, key, facts))
    if hand.after_call:
        return out
    # self-drawn win
    if drawn is not None and not is_flower(drawn):
        n_melds = len(seat.melds)
        n_sets = rules.n_sets
        shape = rules.shape_rules
        whole = ready_facts(facts, n_melds, n_sets, shape, 0) and completes(
            key, n_melds, n_sets, shape, state.table.caches.completes
        )
        if not whole and rules.first_turn is not None and rules.first_turn.any_shape_on_first_draw:
            whole = not seat.discards and hand.calls == 0
        if whole and legal_win(state, seat_index, drawn, tsumo=True) is not None:
            out.append(SelfDrawWin(seat=seat_index))
    # kongs
    pungs = [rec.meld for rec in seat.melds if rec.meld.type is _PON]
    fours = key & FOURS
    if (fours or (not seat.riichi and pungs)) and can_kong(state, hand):
        if fours:
            counts = hand_counts(tiles)
            for k in range(NUM_KINDS):
                if counts[k] == 4 and _riichi_kong_ok(rules, hand, seat, counts, k):
                    out.append(ConcealedKong(seat=seat_index, tile=k))
        if not seat.riichi:
            for meld in pungs:
                k = kind_of(meld.tiles[0])  # a pung's one kind
                if rules.added_kong_from_hand:
                    if key >> 3 * k & 7:
                        held = {t for t in tiles if not is_flower(t) and kind_of(t) == k}
                        out.extend(AddedKong(seat=seat_index, tile=t) for t in sorted(held))
                elif drawn is not None and not is_flower(drawn) and kind_of(drawn) == k:
                    out.append(AddedKong(seat=seat_index, tile=drawn))
    # flowers declared on one's own turn
    if flowers and hand.replacement_available():
        out.extend(DeclareFlower(seat=seat_index, tile=t) for t in sorted(set(flowers)))
    # ordinary tiles set aside (kita): after riichi only the tile just drawn, which leaves
    # the declared hand as it was
    if rules.set_aside is not None:
        out.extend(set_aside_actions(rules, hand, seat_index, seat))
    # nine terminals
    if (
        _NINE_TERMINALS in rules.aborts
        and not seat.discards
        and hand.calls == 0
        and (facts[2] & ORPHAN_MASK).bit_count() >= 9
    ):
        out.append(DeclareAbort(seat=seat_index))
    return out


def set_aside_actions(
    rules: TableRules, hand: HandState, seat_index: int, seat: SeatState
) -> list[Action]:
    """The seat's tiles of the kinds ``TableRules.set_aside`` names that it may set aside
    now: a tile left to draw and a replacement for it, like a kong (``can_kong``)."""
    aside = rules.set_aside
    if aside is None or hand.remaining() < 1 or not hand.replacement_available():
        return []
    if seat.riichi:
        drawn = hand.drawn
        held: tuple[Tile, ...] = (
            (drawn,) if drawn is not None and not is_flower(drawn) else ()
        )
    else:
        held = seat.hand
    kinds = sorted({t for t in held if not is_flower(t) and kind_of(t) in aside.kinds})
    return [DeclareFlower(seat=seat_index, tile=t) for t in kinds]


def _riichi_discards(
    state: MatchState,
    hand: HandState,
    seat_index: int,
    seat: SeatState,
    key: int,
    facts: PartFacts,
) -> list[Action]:
    rules = state.table.rules
    riichi = rules.riichi
    if riichi is None or seat.riichi or hand.after_call or (seat.melds and seat.open):
        return []
    if hand.remaining() < riichi.min_live_wall:
        return []
    if (
        riichi.min_points is not None
        and state.scores[state.seating[seat_index]] < riichi.min_points
    ):
        return []
    n_melds = len(seat.melds)
    n_sets = rules.n_sets
    # after the discard at most one isolated tile may remain (see may_be_ready), unless a
    # special shape is near: it takes no melds beyond its extra sets (16-tile hands: one,
    # a concealed kong in a riichi hand), a knitted straight one more
    iso, pairs, mask = facts
    shape = rules.shape_rules
    quick_no = iso > 2 and not (
        n_melds <= n_sets - 4
        and (
            pairs >= 5
            or (mask & ORPHAN_MASK).bit_count() >= 12
            or shape.knitted_straight
            or shape.honors_and_knitted
        )
    )
    if quick_no and not (shape.knitted_straight and n_melds <= n_sets - 3):
        return []
    if n_sets == 4 and not may_be_tenpai(key, facts, n_melds, rules.shape_rules):
        return []
    forbidden = seat.kuikae
    return [
        Discard(seat=seat_index, tile=t, riichi=True)
        for t in riichi_discard_tiles(rules, seat)
        if kind_of(t) not in forbidden
    ]


def riichi_discard_tiles(rules: TableRules, seat: SeatState) -> list[Tile]:
    """The seat's tiles whose discard leaves its concealed tiles ready (riichi.md §5, §6):
    the shape only, yaku and furiten aside. The tile discarded no longer counts as held,
    so a wait on it (a furiten riichi) is a wait when copies of it are left; which copies
    the seat holds use up a wait is ``RiichiRules.own_copies``."""
    n_melds = len(seat.melds)
    n_sets = rules.n_sets
    counts = hand_counts(seat.hand)
    if shanten(counts, n_melds, n_sets=n_sets, rules=rules.shape_rules) > 0:
        return []
    out: list[Tile] = []
    held = own_copies(seat, _copies(rules))
    for t in sorted(set(seat.hand)):
        if is_flower(t):
            continue
        k = kind_of(t)
        counts[k] -= 1
        held[k] -= 1
        ready = waits(counts, n_melds, n_sets=n_sets, rules=rules.shape_rules, held=held)
        counts[k] += 1
        held[k] += 1
        if ready:
            out.append(t)
    return out


def _copies(rules: TableRules) -> OwnCopies:
    return OwnCopies.ALL if rules.riichi is None else rules.riichi.own_copies


def _riichi_kong_ok(
    rules: TableRules, hand: HandState, seat: SeatState, counts: list[int], k: int
) -> bool:
    """A concealed kong after riichi keeps the waits (riichi.md §6, option riichi_ankan)."""
    if not seat.riichi:
        return True
    if hand.drawn is None or kind_of(hand.drawn) != k:
        return False
    return riichi_kong_keeps_waits(rules, seat, counts, k)


def riichi_kong_keeps_waits(rules: TableRules, seat: SeatState, counts: list[int], k: int) -> bool:
    """Whether a riichi seat holding ``counts`` (its concealed tiles, the drawn fourth
    ``k`` included) may make the concealed kong of ``k`` (riichi.md §6, option
    ``riichi_ankan``): the waits of the 13 (16) tiles before the draw, when the fourth
    copy was not the seat's yet, equal the waits after the kong, the seat's copies
    counted as ``RiichiRules.own_copies`` reads them."""
    riichi = rules.riichi
    if riichi is None or riichi.ankan is RiichiAnkan.FORBIDDEN:
        return False
    n_melds = len(seat.melds)
    before = list(counts)
    before[k] -= 1
    after = list(counts)
    after[k] -= 4
    held = own_copies(seat, riichi.own_copies)
    held[k] -= 1  # before the draw
    w_before = waits(before, n_melds, n_sets=rules.n_sets, rules=rules.shape_rules, held=held)
    held[k] = 4 if riichi.own_copies is OwnCopies.ALL else 0  # the four now in the kong
    w_after = waits(after, n_melds + 1, n_sets=rules.n_sets, rules=rules.shape_rules, held=held)
    if not w_before or w_before != w_after:
        return False
    if riichi.ankan is RiichiAnkan.NO_SHAPE_CHANGE:
        melds = seat.meld_tuple
        for w in w_before:
            trial = list(before)
            trial[w] += 1
            for arr in arrangements(trial, melds, w, n_sets=rules.n_sets, rules=rules.shape_rules):
                if not any(
                    b.kind is BlockKind.PUNG and b.tile == k and b.meld is None for b in arr.blocks
                ):
                    return False
    return True
