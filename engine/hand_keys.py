"""Hand keys: a hand's counts packed into one int, and the cheap shape tests on them.

A hand key holds the count of every kind in base 8 (3 bits a kind, kind 0 lowest; red
fives count as fives, flowers not at all): cheap to build from a hand, cheap to hash, and
enough for every shape question. ``key >> 3 * kind & 7`` is a count.

Everything here is a fast path in front of ``engine.shapes`` (the one shanten and the one
waits): a test below answers "maybe" or "no", never a wrong "no" (tests/engine/test_legal.py
holds each against ``engine.shapes``).

What is remembered, and where (docs/architecture.md "Memos"): the per-suit facts and block
values (``_SUIT_FACTS``, ``_HONOR_FACTS``, ``_BLOCK_VALUES``) are facts of a key part alone,
the same for every table, ruleset and state, so they are module-level tables of constants,
filled as parts turn up; ``completes`` depends on the table's shape rules, so its memo is
the caller's ``TableCaches.completes``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from engine.blocks import is_standard_complete
from engine.shapes import KNITTED_PATTERNS, ShapeRules, is_complete, knitted_kinds, suit_block_value
from engine.state import SeatState
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


_KEY_BIT: tuple[int, ...] = tuple(
    0 if is_flower(t) else 1 << 3 * kind_of(t) for t in range(RED_SOU + 1)
)
_SUIT_FIELD = 0o777777777  # one suit's nine counts
FOURS = int("4" * NUM_KINDS, 8)  # the high bit of every count: set only by a count of 4
_SUITED = (1 << 27) - 1
ORPHAN_MASK = sum(1 << k for k in TERMINALS_AND_HONORS)  # a bit per terminal and honor kind
PartFacts = tuple[int, int, int]  # isolated singles, kinds held twice or more, kinds held
# Facts of a key part alone, filled as parts turn up: constants, not a table's memo.
_SUIT_FACTS: dict[int, PartFacts] = {}
_HONOR_FACTS: dict[int, PartFacts] = {}


def hand_key(tiles: Sequence[Tile], bit: tuple[int, ...] = _KEY_BIT) -> int:
    """The base-8 count key of ``tiles`` (see the module's docstring)."""
    key = 0
    for t in tiles:  # faster than sum(map(...)) for a hand's few tiles
        key += bit[t]
    return key


def held_flowers(tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The flowers of a sorted hand: tile ids from the first flower up to the red fives."""
    return tiles[bisect_left(tiles, FIRST_FLOWER) : bisect_left(tiles, RED_MAN)]


def counts_of_key(key: int) -> list[int]:
    return [key >> 3 * k & 7 for k in range(NUM_KINDS)]


def _part_facts(part: int, honors: bool) -> PartFacts:
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


def key_facts(key: int) -> PartFacts:
    """``(isolated singles, kinds held twice or more, bit mask of the kinds held)`` of a
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


_BLOCK_VALUES: dict[int, int] = {}  # per key part and suit kind: constants, like _SUIT_FACTS


def _block_value(part: int, honors: bool) -> int:
    """``engine.shapes.suit_block_value`` of one suit's part of a hand key, remembered per
    part (``shapes`` owns the measure; this only decodes the part and keeps the answer)."""
    memo_key = part << 1 | honors
    found = _BLOCK_VALUES.get(memo_key)
    if found is not None:
        return found
    if not part:
        return 0
    counts = tuple(part >> 3 * i & 7 for i in range(7 if honors else 9))
    best = suit_block_value(counts, honors)
    if len(_BLOCK_VALUES) > 1 << 14:
        _BLOCK_VALUES.clear()
    _BLOCK_VALUES[memo_key] = best
    return best


def may_be_tenpai(key: int, facts: PartFacts, n_melds: int, shape: ShapeRules) -> bool:
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
    return shape.thirteen_orphans and (mask & ORPHAN_MASK).bit_count() >= 12


_KNIT_MASKS = tuple(sum(1 << k for k in knitted_kinds(p)) for p in KNITTED_PATTERNS)


_COMPLETES_MEMO = 1 << 12  # entries a table's memo of ``completes`` keeps before it restarts


def completes(
    key: int, n_melds: int, n_sets: int, shape: ShapeRules, memo: dict[int, bool] | None = None
) -> bool:
    """Whether the hand of count key ``key`` is complete. ``memo`` (the table's
    ``TableCaches.completes``, whose rules give ``n_sets`` and ``shape``) remembers the
    answer per key and meld count, which recur across events and seats' checks; without it
    the answer is worked out afresh, and it is the same (tests/engine/test_wins.py)."""
    if memo is None:
        return _complete(counts_of_key(key), n_melds, n_sets, shape)
    slot = key << 3 | n_melds
    found = memo.get(slot)
    if found is None:
        if len(memo) >= _COMPLETES_MEMO:
            memo.clear()
        found = memo[slot] = _complete(counts_of_key(key), n_melds, n_sets, shape)
    return found


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


_ALL_KINDS = (1 << NUM_KINDS) - 1


def completing_kinds(key: int, n_melds: int, n_sets: int, shape: ShapeRules) -> int:
    """A mask of every kind one more tile of which may complete the hand of ``key``: none
    when the hand cannot be ready (``may_be_ready``); with four sets and no knitted shapes,
    the kinds held and the suited kinds within two steps of a held tile of their suit (the
    new tile's set or pair needs a partner), and the orphans for thirteen orphans."""
    facts = key_facts(key)
    if not ready_facts(facts, n_melds, n_sets, shape, 1):
        return 0
    if n_sets != 4 or shape.knitted_straight or shape.honors_and_knitted:
        return _ALL_KINDS
    held = facts[2]
    near = held
    for shift in (0, 9, 18):
        suit = held >> shift & 0x1FF
        near |= ((suit << 1 | suit << 2 | suit >> 1 | suit >> 2) & 0x1FF) << shift
    if n_melds == 0 and shape.thirteen_orphans:
        near |= ORPHAN_MASK
    return near


def may_be_ready(
    hand: tuple[Tile, ...], n_melds: int, n_sets: int, shape: ShapeRules, slack: int = 1
) -> bool:
    """A cheap necessary condition for ``hand`` (3k+1 tiles) to be one tile from complete:
    a ready standard or seven-pairs hand has at most one isolated tile (``slack`` 0: a
    complete 3k+2 hand has none). Hands that could aim at a special shape with isolated
    tiles (orphans, knitted) are never ruled out."""
    return ready_key(hand_key(hand), n_melds, n_sets, shape, slack)


def ready_key(key: int, n_melds: int, n_sets: int, rules: ShapeRules, slack: int) -> bool:
    """``may_be_ready`` of a hand key."""
    return n_sets != 4 or ready_facts(key_facts(key), n_melds, n_sets, rules, slack)


def ready_facts(facts: PartFacts, n_melds: int, n_sets: int, rules: ShapeRules, slack: int) -> bool:
    """``may_be_ready`` of a hand key's facts."""
    if n_sets != 4:
        return True
    iso, _, mask = facts
    if iso <= slack:
        return True
    if n_melds == 0 and rules.thirteen_orphans and (mask & ORPHAN_MASK).bit_count() >= 12:
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
