"""``legal_actions(state, seat)``: what a seat may do now, and the win checks behind it.

Only legal wins are offered: the shape must be complete, the seat not furiten (when the
ruleset has furiten) and the ruleset's ``score`` must call the hand legal.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import lru_cache

from engine.actions import (
    Action,
    AddedKong,
    ConcealedKong,
    DeclareAbort,
    DeclareFlower,
    Discard,
    SelfDrawWin,
)
from engine.context import WinContext
from engine.melds import MeldType
from engine.scoring import Score
from engine.shapes import (
    KNITTED_PATTERNS,
    BlockKind,
    ShapeRules,
    arrangements,
    is_complete,
    is_standard_complete,
    knitted_kinds,
    shanten,
    waits,
)
from engine.state import CLAIM, TURN, HandState, MatchState, SeatState
from engine.table_rules import Abort, Replacement, RiichiAnkan, TableRules
from engine.tiles import (
    FIRST_FLOWER,
    NUM_KINDS,
    RED_MAN,
    RED_SOU,
    TERMINALS_AND_HONORS,
    Tile,
    is_flower,
    kind_of,
)


def hand_counts(tiles: Sequence[Tile]) -> list[int]:
    """``tiles.counts_of`` for the hot path (flowers skipped, red fives as fives)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        if t < NUM_KINDS:
            counts[t] += 1
        elif t >= RED_MAN:
            counts[(t - RED_MAN) * 9 + 4] += 1
    return counts


def all_counts(seat: SeatState) -> list[int]:
    """Counts of every tile the seat owns (concealed and melds): for the four-copies rule."""
    counts = hand_counts(seat.hand)
    for rec in seat.melds:
        for t in rec.meld.tiles:
            counts[kind_of(t)] += 1
    return counts


# A hand key holds the count of every kind in base 8 (3 bits a kind, kind 0 lowest; red
# fives count as fives, flowers not at all): cheap to build from a hand, cheap to hash, and
# enough for every shape question. ``key >> 3 * kind & 7`` is a count.
_KEY_BIT: tuple[int, ...] = tuple(
    0 if is_flower(t) else 1 << 3 * kind_of(t) for t in range(RED_SOU + 1)
)
_SUIT_FIELD = 0o777777777  # one suit's nine counts
_FOURS = int("4" * NUM_KINDS, 8)  # the high bit of every count: set only by a count of 4
_SUITED = (1 << 27) - 1
_ORPHAN_MASK = sum(1 << k for k in TERMINALS_AND_HONORS)
_PartFacts = tuple[int, int, int]  # isolated singles, kinds held twice or more, kinds held
_SUIT_FACTS: dict[int, _PartFacts] = {}
_HONOR_FACTS: dict[int, _PartFacts] = {}


def hand_key(tiles: Sequence[Tile], bit: tuple[int, ...] = _KEY_BIT) -> int:
    """The base-8 count key of ``tiles`` (see ``_KEY_BIT``)."""
    key = 0
    for t in tiles:  # faster than sum(map(...)) for a hand's few tiles
        key += bit[t]
    return key


def held_flowers(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The flowers of a sorted hand: tile ids from the first flower up to the red fives."""
    return tiles[bisect_left(tiles, FIRST_FLOWER) : bisect_left(tiles, RED_MAN)]


def counts_of_key(key: int) -> list[int]:
    return [key >> 3 * k & 7 for k in range(NUM_KINDS)]


def _part_facts(part: int, honors: bool) -> _PartFacts:
    counts = [part >> 3 * i & 7 for i in range(7 if honors else 9)]
    iso = pairs = mask = 0
    for i, c in enumerate(counts):
        if c:
            mask |= 1 << i
            if c >= 2:
                pairs += 1
            elif honors or sum(counts[max(0, i - 2) : i + 3]) == 1:
                iso += 1
    facts = (iso, pairs, mask)
    memo = _HONOR_FACTS if honors else _SUIT_FACTS
    if len(memo) < 1 << 12:
        memo[part] = facts
    return facts


def key_facts(key: int) -> _PartFacts:
    """``(isolated(counts), kinds held twice or more, bit mask of the kinds held)`` of a
    hand key, from facts remembered per suit."""
    get = _SUIT_FACTS.get
    part = key & _SUIT_FIELD
    a = get(part) or _part_facts(part, False)
    part = key >> 27 & _SUIT_FIELD
    b = get(part) or _part_facts(part, False)
    part = key >> 54 & _SUIT_FIELD
    c = get(part) or _part_facts(part, False)
    part = key >> 81
    d = _HONOR_FACTS.get(part) or _part_facts(part, True)
    return (
        a[0] + b[0] + c[0] + d[0],
        a[1] + b[1] + c[1] + d[1],
        a[2] | b[2] << 9 | c[2] << 18 | d[2] << 27,
    )


_BLOCK_VALUES: dict[int, int] = {}


def _block_value(part: int, honors: bool) -> int:
    """The most ``2 * sets + partial sets`` (a pair is a partial set) one suit's part of a
    hand key can be cut into: ``engine.shapes.shanten_standard``'s measure of that suit
    alone, without its caps (tests hold the two equal). The lowest tile held is in a set or
    partial set starting with it, or left alone; remembered per part and sub-part."""
    if not part:
        return 0
    memo_key = part << 1 | honors
    found = _BLOCK_VALUES.get(memo_key)
    if found is not None:
        return found
    low = (part & -part).bit_length() - 1
    one = 1 << low - low % 3  # one tile of the lowest kind held
    count = part // one & 7
    best = _block_value(part - one, honors)
    if count >= 2:
        best = max(best, 1 + _block_value(part - 2 * one, honors))
        if count >= 3:
            best = max(best, 2 + _block_value(part - 3 * one, honors))
    if not honors:
        kind = low // 3
        next1, next2 = one << 3, one << 6
        if kind <= 7 and part & 7 * next1:
            best = max(best, 1 + _block_value(part - one - next1, honors))
            if kind <= 6 and part & 7 * next2:
                best = max(best, 2 + _block_value(part - one - next1 - next2, honors))
        if kind <= 6 and part & 7 * next2:
            best = max(best, 1 + _block_value(part - one - next2, honors))
    if len(_BLOCK_VALUES) > 1 << 14:
        _BLOCK_VALUES.clear()
    _BLOCK_VALUES[memo_key] = best
    return best


def _may_be_tenpai(key: int, facts: _PartFacts, n_melds: int, shape: ShapeRules) -> bool:
    """A cheap necessary condition for ``shanten`` <= 0 of a hand of four sets and a pair:
    the suits' block values bound the standard shanten from below; seven pairs and thirteen
    orphans need six pairs (three counting fours as two) and twelve kinds."""
    blocks = (
        _block_value(key & _SUIT_FIELD, False)
        + _block_value(key >> 27 & _SUIT_FIELD, False)
        + _block_value(key >> 54 & _SUIT_FIELD, False)
        + _block_value(key >> 81, True)
    )
    if blocks >= 2 * (4 - n_melds):
        return True
    if n_melds:
        return False
    _, pairs, mask = facts
    if shape.seven_pairs and pairs >= (3 if shape.seven_pairs_four_as_two else 6):
        return True
    return shape.thirteen_orphans and (mask & _ORPHAN_MASK).bit_count() >= 12


def seat_waits(
    rules: TableRules,
    seat: SeatState,
    counts: Sequence[int] | None = None,
    *,
    karaten: bool = False,
) -> list[int]:
    """Kinds completing the seat's 13 (16) concealed tiles, shape only (no yaku); with
    ``karaten``, also kinds whose four copies the seat holds itself (riichi.md §5)."""
    if counts is None:
        if not _ready(hand_key(seat.hand), len(seat.melds), rules.n_sets, rules.shape_rules, 1):
            return []  # the shortcut never hides a wait (see may_be_ready)
        c: Sequence[int] = hand_counts(seat.hand)
    else:
        c = counts
    held = [0] * NUM_KINDS if karaten else all_counts(seat)
    return waits(c, len(seat.melds), n_sets=rules.n_sets, rules=rules.shape_rules, held=held)


_furiten_memo: dict[int, tuple[SeatState, TableRules, bool]] = {}


def is_furiten(rules: TableRules, seat: SeatState, kind: int | None = None) -> bool:
    """Whether the seat may not win on a discard (riichi.md §7) of ``kind``; where
    furiten is per tile (``TableRules.furiten_per_tile``), on that kind only (None: on
    any of its winning tiles)."""
    if not rules.furiten or (rules.furiten_riichi_only and not seat.riichi):
        return False
    if rules.furiten_per_tile:
        if kind is None:
            return any(
                shape_complete_with(rules, seat, k) and _blocked(seat, k) for k in range(NUM_KINDS)
            )
        return _blocked(seat, kind)
    memo = _furiten_memo.get(id(seat))
    if memo is not None and memo[0] is seat and memo[1] is rules:
        return memo[2]
    if len(_furiten_memo) > 64:
        _furiten_memo.clear()
    result = _is_furiten(rules, seat)
    _furiten_memo[id(seat)] = (seat, rules, result)  # keyed on the object, kept alive
    return result


def _blocked(seat: SeatState, kind: int) -> bool:
    """Per-tile furiten: ``kind`` is among the seat's discards or was let pass after riichi."""
    return bool(seat.passed_kinds >> kind & 1) or any(
        kind_of(d.tile) == kind for d in seat.discards
    )


def _is_furiten(rules: TableRules, seat: SeatState) -> bool:
    if seat.furiten_temp or seat.furiten_riichi:
        return True
    if not seat.discards:
        return False
    # a wait among one's own discards: only those kinds need trying
    return any(
        shape_complete_with(rules, seat, k) for k in {kind_of(d.tile) for d in seat.discards}
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
    flags = rules.first_turn_flags
    riichi = rules.riichi
    ura = hand.ura_indicators() if seat.riichi_accepted and riichi and riichi.ura_dora else ()
    rinshan = tsumo and hand.rinshan
    # A replacement from the dead wall is never the last live tile, even when it leaves the
    # live wall empty (riichi.md §8.1: rinshan is not haitei); a replacement from the wall's
    # end is that tile and scores both (mcr.md §6, zung-jung.md 9.2).
    from_dead_wall = hand.replacement is Replacement.DEAD_WALL
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
        and rules.self_drawn_chiihou
        and tsumo
        and first
        and seat_index != hand.dealer,
        renhou=flags and not tsumo and first,
        flowers=len(seat.flowers),
        dora_indicators=hand.dora_indicators(),
        ura_dora_indicators=ura,
        extra=_extra(state, hand, seat_index, seat, tsumo=tsumo, chankan=chankan),
    )


def _extra(
    state: MatchState,
    hand: HandState,
    seat_index: int,
    seat: SeatState,
    *,
    tsumo: bool,
    chankan: bool,
) -> dict[str, object]:
    """Table facts some rulesets score (engine.context ``WinContext.extra``); a key is
    present only when it says something:

    * ``bonus_tiles``: the flowers the winner set aside, a list of tiles (zung-jung.md §9.3).
    * ``dealer_first_discard``: the win is on the dealer's first discard, before any call
      or kong (zung-jung.md 9.4.2, Blessing of Earth).
    * ``paarenchan``: the dealer's 8th (or later) consecutive win while holding the deal;
      a hand without a dealer win breaks the streak (riichi.md §8.3).
    """
    out: dict[str, object] = {}
    if seat.flowers:
        out["bonus_tiles"] = list(seat.flowers)  # JSON-native: the log round-trips it
    log = hand.discard_log
    first = len(log) == 1 and log[0][0] == hand.dealer and hand.calls == 0
    if first and not tsumo and not chankan:
        out["dealer_first_discard"] = True
    if seat_index == hand.dealer and len(state.results) >= PAARENCHAN_STREAK:
        streak = 0
        for r in reversed(state.results):
            if r.dealer != hand.dealer or not any(w.seat == r.dealer for w in r.wins):
                break
            streak += 1
        if streak >= PAARENCHAN_STREAK:
            out["paarenchan"] = True
    return out


PAARENCHAN_STREAK = 7  # earlier consecutive dealer wins that make the next one paarenchan


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


_KNIT_MASKS = tuple(sum(1 << k for k in knitted_kinds(p)) for p in KNITTED_PATTERNS)


def complete(rules: TableRules, counts: Sequence[int], n_melds: int) -> bool:
    """``shapes.is_complete`` behind cheap necessary conditions: most hands fail the
    standard shape and obviously miss every special shape."""
    return _complete(counts, n_melds, rules.n_sets, rules.shape_rules)


@lru_cache(maxsize=1 << 12)
def completes(key: int, n_melds: int, n_sets: int, shape: ShapeKey) -> bool:
    """Whether the hand of count key ``key`` is complete; memoised on the key, which recurs
    across events and seats' checks."""
    return _complete(counts_of_key(key), n_melds, n_sets, shape.shape)


def _complete(counts: Sequence[int], n_melds: int, n_sets: int, shape: ShapeRules) -> bool:
    if sum(counts) != 3 * (n_sets - n_melds) + 2:
        return False
    if is_standard_complete(counts):
        return True
    if n_sets != 4:
        return is_complete(counts, n_melds, n_sets=n_sets, rules=shape)
    distinct = NUM_KINDS - list(counts).count(0)
    plausible = n_melds == 0 and (
        (shape.seven_pairs and distinct <= 7) or (shape.thirteen_orphans and distinct == 13)
    )
    if not plausible and distinct >= 9 and (shape.knitted_straight or shape.honors_and_knitted):
        mask = 0
        for k in range(27):
            if counts[k]:
                mask |= 1 << k
        if shape.knitted_straight and n_melds <= 1:
            plausible = any(mask & m == m for m in _KNIT_MASKS)
        if not plausible and shape.honors_and_knitted and n_melds == 0 and distinct == 14:
            # every suited tile inside one knitted pattern
            plausible = any(mask & ~m == 0 for m in _KNIT_MASKS)
    return plausible and is_complete(counts, n_melds, n_sets=n_sets, rules=shape)


# per seat-state object: (seat, rules, completing kinds, hand key, melds, sets, shape key)
_ready_memo: dict[int, tuple[SeatState, TableRules, int, int, int, int, ShapeKey]] = {}
_ALL_KINDS = (1 << NUM_KINDS) - 1


def shape_complete_with(rules: TableRules, seat: SeatState, kind: int) -> bool:
    """Whether one more tile of ``kind`` completes the seat's concealed tiles."""
    memo = _ready_memo.get(id(seat))
    if memo is None or memo[0] is not seat or memo[1] is not rules:
        # a seat state is asked once per other seat's discard: remember it by identity
        if len(_ready_memo) > 64:
            _ready_memo.clear()
        key = hand_key(seat.hand)
        n_melds, n_sets, shape = len(seat.melds), rules.n_sets, rules.shape_rules
        kinds = _completing_kinds(key, n_melds, n_sets, shape)
        memo = (seat, rules, kinds, key, n_melds, n_sets, _shape_key(shape))
        _ready_memo[id(seat)] = memo
    if not memo[2] >> kind & 1:
        return False
    return completes(memo[3] + (1 << 3 * kind), memo[4], memo[5], memo[6])


def _completing_kinds(key: int, n_melds: int, n_sets: int, shape: ShapeRules) -> int:
    """A mask of every kind one more tile of which may complete the hand of ``key``: none
    when the hand cannot be ready (``may_be_ready``); with four sets and no knitted shapes,
    the kinds held and the suited kinds within two steps of a held tile of their suit (the
    new tile's set or pair needs a partner), and the orphans for thirteen orphans."""
    facts = key_facts(key)
    if not _ready_facts(facts, n_melds, n_sets, shape, 1):
        return 0
    if n_sets != 4 or shape.knitted_straight or shape.honors_and_knitted:
        return _ALL_KINDS
    held = facts[2]
    near = held
    for shift in (0, 9, 18):
        suit = held >> shift & 0x1FF
        near |= ((suit << 1 | suit << 2 | suit >> 1 | suit >> 2) & 0x1FF) << shift
    if n_melds == 0 and shape.thirteen_orphans:
        near |= _ORPHAN_MASK
    return near


def isolated(counts: Sequence[int]) -> int:
    """Single tiles with no tile of their suit within two steps (honors: any single)."""
    return (
        _suit_isolated(tuple(counts[0:9]))
        + _suit_isolated(tuple(counts[9:18]))
        + _suit_isolated(tuple(counts[18:27]))
        + sum(1 for c in counts[27:34] if c == 1)
    )


@lru_cache(maxsize=1 << 12)
def _suit_isolated(suit: tuple[int, ...]) -> int:
    n = 0
    for i in range(9):
        if suit[i] == 1 and sum(suit[max(0, i - 2) : i + 3]) == 1:
            n += 1
    return n


def may_be_ready(
    hand: tuple[Tile, ...], n_melds: int, n_sets: int, shape: ShapeKey, slack: int = 1
) -> bool:
    """A cheap necessary condition for ``hand`` (3k+1 tiles) to be one tile from complete:
    a ready standard or seven-pairs hand has at most one isolated tile (``slack`` 0: a
    complete 3k+2 hand has none). Hands that could aim at a special shape with isolated
    tiles (orphans, knitted) are never ruled out."""
    return _ready(hand_key(hand), n_melds, n_sets, shape.shape, slack)


def _ready(key: int, n_melds: int, n_sets: int, rules: ShapeRules, slack: int) -> bool:
    """``may_be_ready`` of a hand key."""
    return n_sets != 4 or _ready_facts(key_facts(key), n_melds, n_sets, rules, slack)


def _ready_facts(
    facts: _PartFacts, n_melds: int, n_sets: int, rules: ShapeRules, slack: int
) -> bool:
    """``may_be_ready`` of a hand key's facts."""
    if n_sets != 4:
        return True
    iso, _, mask = facts
    if iso <= slack:
        return True
    if n_melds == 0 and rules.thirteen_orphans and (mask & _ORPHAN_MASK).bit_count() >= 12:
        return True
    if (rules.knitted_straight or rules.honors_and_knitted) and mask.bit_count() >= 8:
        suited = mask & _SUITED
        # a knitted straight one tile away holds 8 of its 9 kinds; honors-and-knitted
        # holds 13 distinct kinds, its suited ones inside one knitted pattern
        if rules.knitted_straight:
            for m in _KNIT_MASKS:  # a loop: cheaper than any() over a generator here
                if (suited & m).bit_count() >= 8:
                    return True
        if (
            rules.honors_and_knitted
            and n_melds == 0
            and mask.bit_count() >= 13
            and any(suited & ~m == 0 for m in _KNIT_MASKS)
        ):
            return True
    return False


_shape_keys: dict[int, tuple[ShapeRules, ShapeKey]] = {}


class ShapeKey:
    """Identity-hashed stand-in for a ShapeRules in memo keys (dataclass hashing is slow)."""

    __slots__ = ("shape",)

    def __init__(self, shape: ShapeRules) -> None:
        self.shape = shape


def _shape_key(shape: ShapeRules) -> ShapeKey:
    found = _shape_keys.get(id(shape))
    if found is not None and found[0] is shape:
        return found[1]
    key = next((k for known, k in _shape_keys.values() if known == shape), None) or ShapeKey(shape)
    _shape_keys[id(shape)] = (shape, key)
    return key


def legal_actions(state: MatchState, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now (prompt ids left out), in a stable order."""
    caches = state.table.caches  # per table (engine.table_rules.TableCaches)
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
        whole = _ready_facts(facts, n_melds, n_sets, shape, 0) and completes(
            key, n_melds, n_sets, _shape_key(shape)
        )
        if not whole and rules.first_draw_any_shape:
            whole = not seat.discards and hand.calls == 0
        if whole and legal_win(state, seat_index, drawn, tsumo=True) is not None:
            out.append(SelfDrawWin(seat=seat_index))
    # kongs
    pungs = [rec.meld for rec in seat.melds if rec.meld.type is _PON]
    fours = rules.concealed_kong and key & _FOURS
    if (fours or (rules.added_kong and not seat.riichi and pungs)) and can_kong(state, hand):
        if fours:
            counts = hand_counts(tiles)
            for k in range(NUM_KINDS):
                if counts[k] == 4 and _riichi_kong_ok(rules, hand, seat, counts, k):
                    out.append(ConcealedKong(seat=seat_index, tile=k))
        if rules.added_kong and not seat.riichi:
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
    # nine terminals
    if (
        _NINE_TERMINALS in rules.aborts
        and not seat.discards
        and hand.calls == 0
        and (facts[2] & _ORPHAN_MASK).bit_count() >= 9
    ):
        out.append(DeclareAbort(seat=seat_index))
    return out


def _riichi_discards(
    state: MatchState,
    hand: HandState,
    seat_index: int,
    seat: SeatState,
    key: int,
    facts: _PartFacts,
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
            or (mask & _ORPHAN_MASK).bit_count() >= 12
            or shape.knitted_straight
            or shape.honors_and_knitted
        )
    )
    if quick_no and not (shape.knitted_straight and n_melds <= n_sets - 3):
        return []
    if n_sets == 4 and not _may_be_tenpai(key, facts, n_melds, rules.shape_rules):
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
    so a wait on it (a furiten riichi) is a wait when copies of it are left."""
    n_melds = len(seat.melds)
    n_sets = rules.n_sets
    counts = hand_counts(seat.hand)
    if shanten(counts, n_melds, n_sets=n_sets, rules=rules.shape_rules) > 0:
        return []
    out: list[Tile] = []
    held = all_counts(seat)
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
    copy was not the seat's yet, equal the waits after the kong, when no copy of ``k`` is
    left to wait on."""
    riichi = rules.riichi
    if riichi is None or riichi.ankan is RiichiAnkan.FORBIDDEN:
        return False
    n_melds = len(seat.melds)
    before = list(counts)
    before[k] -= 1
    after = list(counts)
    after[k] -= 4
    held = all_counts(seat)
    held[k] -= 1  # before the draw
    w_before = waits(before, n_melds, n_sets=rules.n_sets, rules=rules.shape_rules, held=held)
    held[k] += 1
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
