"""Hand shapes: readings of a complete hand, special shapes, waits and shanten.

Everything here works on 34-long count vectors of kinds (``engine.tiles``). A hand of
``n_sets`` sets + a pair (4 for 13-tile rulesets, 5 for 16-tile ones) may have declared
melds; they are fixed blocks and only the concealed part is searched. The blocks and the
per-suit splits of a concealed part into them are ``engine.blocks``.

Speed: shanten's per-suit measure is memoised on the suit's 9 counts
(``functools.lru_cache``; deterministic, no I/O), as the splits are in ``engine.blocks``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

from engine.blocks import (
    KNITTED_BLOCKS,
    PAIR_BLOCKS,
    SUIT_MEMO,
    Block,
    BlockKind,
    decompose,
    is_standard_complete,
    meld_block,
    suit_complete,
    suits_of,
)
from engine.melds import Meld
from engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS


class Shape(StrEnum):
    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    HONORS_AND_KNITTED = "honors_and_knitted"  # 全不靠 / 七星不靠
    KNITTED_STRAIGHT = "knitted_straight"  # 组合龙 + set(s) + pair


class Wait(StrEnum):
    """How the winning tile was waited on within its block."""

    TWO_SIDED = "two_sided"  # 23 + 1 or 4
    EDGE = "edge"  # 12 + 3, 89 + 7
    CLOSED = "closed"  # 13 + 2
    SINGLE = "single"  # the winning tile completes the pair
    PUNG = "pung"  # two pairs, one became a pung (shanpon)
    KNITTED = "knitted"  # completed a knitted straight third
    SPECIAL = "special"  # thirteen orphans / honors-and-knitted, no block structure


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of a complete hand: its blocks (melds included, in the order concealed
    blocks then melds), which block took the winning tile and how it was waited on."""

    shape: Shape
    blocks: tuple[Block, ...]
    win_kind: int
    win_index: int | None
    wait: Wait
    # Suit order of the knitted pattern: suit of 147, suit of 258, suit of 369.
    knitted_suits: tuple[int, int, int] | None = None

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.is_set)

    @property
    def pairs(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.kind is BlockKind.PAIR)

    @property
    def win_block(self) -> Block | None:
        return None if self.win_index is None else self.blocks[self.win_index]


# ------------------------------------------------------------------ readings


def _wait_in(block: Block, win: int) -> Wait:
    if block.kind is BlockKind.PAIR:
        return Wait.SINGLE
    if block.kind is BlockKind.PUNG:
        return Wait.PUNG
    if block.kind is BlockKind.KNITTED:
        return Wait.KNITTED
    pos = win - block.tile
    if pos == 1:
        return Wait.CLOSED
    number = block.tile % 9  # 0-based number of the chow's first tile
    if (pos == 2 and number == 0) or (pos == 0 and number == 6):
        return Wait.EDGE
    return Wait.TWO_SIDED


def _readings(
    shape: Shape,
    concealed_blocks: Sequence[Block],
    melds: Sequence[Meld],
    win: int,
    knitted_suits: tuple[int, int, int] | None = None,
) -> list[Arrangement]:
    """One arrangement per distinct concealed block that can hold the winning tile."""
    blocks = tuple(concealed_blocks) + tuple(meld_block(m) for m in melds)
    seen: set[tuple[BlockKind, int]] = set()
    out: list[Arrangement] = []
    for i, block in enumerate(concealed_blocks):
        if win not in block.kinds() or (block.kind, block.tile) in seen:
            continue
        seen.add((block.kind, block.tile))
        out.append(Arrangement(shape, blocks, win, i, _wait_in(block, win), knitted_suits))
    return out


# ------------------------------------------------------------------ special shapes

KNITTED_PATTERNS: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 2),
    (0, 2, 1),
    (1, 0, 2),
    (1, 2, 0),
    (2, 0, 1),
    (2, 1, 0),
)


def knitted_kinds(suits: tuple[int, int, int]) -> tuple[int, ...]:
    """The nine kinds of a knitted pattern: 147 of suits[0], 258 of suits[1], 369 of suits[2]."""
    return tuple(
        suit * 9 + offset + step for offset, suit in enumerate(suits) for step in (0, 3, 6)
    )


def is_seven_pairs(counts: Sequence[int], *, four_as_two_pairs: bool) -> bool:
    if sum(counts) != 14:
        return False
    if four_as_two_pairs:
        return all(c % 2 == 0 for c in counts)
    return all(c in (0, 2) for c in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    if sum(counts) != 14:
        return False
    # every terminal and honor present, nothing else
    return all((counts[k] > 0) == (k in _ORPHAN_KINDS) for k in range(NUM_KINDS))


_ORPHAN_KINDS: Final = frozenset(TERMINALS_AND_HONORS)
# Per knitted pattern: the kinds a 全不靠 hand may hold (its nine kinds and the honors).
_HONORS_AND_KNITTED_POOLS: Final = tuple(
    (suits, sum(1 << k for k in (*knitted_kinds(suits), *range(27, 34))))
    for suits in KNITTED_PATTERNS
)


def honors_and_knitted_pattern(counts: Sequence[int]) -> tuple[int, int, int] | None:
    """The knitted pattern of a 全不靠 hand (14 distinct tiles from one knitted pattern and
    the honors), or None."""
    if sum(counts) != 14:
        return None
    held = 0
    for k in range(NUM_KINDS):
        c = counts[k]
        if c > 1:
            return None
        if c:
            held |= 1 << k
    for suits, pool in _HONORS_AND_KNITTED_POOLS:
        if not held & ~pool:
            return suits
    return None


def _without(counts: Sequence[int], kinds: Iterable[int]) -> list[int] | None:
    rest = list(counts)
    for k in kinds:
        if rest[k] == 0:
            return None
        rest[k] -= 1
    return rest


def _extra_set_splits(counts: Sequence[int], n: int) -> list[tuple[tuple[Block, ...], list[int]]]:
    """Ways to take ``n`` (0 or more) concealed sets out of ``counts``; used by the 16-tile
    special shapes, which are a 14-tile special shape plus extra sets."""
    if n == 0:
        return [((), list(counts))]
    out: list[tuple[tuple[Block, ...], list[int]]] = []
    seen: set[tuple[tuple[BlockKind, int], ...]] = set()

    def rec(start: int, taken: list[Block], rest: list[int], left: int) -> None:
        if left == 0:
            key = tuple(sorted((b.kind, b.tile) for b in taken))
            if key not in seen:
                seen.add(key)
                out.append((tuple(taken), list(rest)))
            return
        for k in range(start, NUM_KINDS):
            if rest[k] >= 3:
                rest[k] -= 3
                rec(k, [*taken, Block(BlockKind.PUNG, k)], rest, left - 1)
                rest[k] += 3
            if k < 27 and k % 9 <= 6 and rest[k] and rest[k + 1] and rest[k + 2]:
                for j in (k, k + 1, k + 2):
                    rest[j] -= 1
                rec(k, [*taken, Block(BlockKind.CHOW, k)], rest, left - 1)
                for j in (k, k + 1, k + 2):
                    rest[j] += 1

    rec(0, [], list(counts), n)
    return out


@dataclass(frozen=True, slots=True)
class ShapeRules:
    """Which shape families a ruleset accepts and their switches."""

    seven_pairs: bool = True
    seven_pairs_four_as_two: bool = False  # MCR: four identical tiles may be two pairs
    thirteen_orphans: bool = True
    honors_and_knitted: bool = False  # MCR family only
    knitted_straight: bool = False  # MCR family only


def arrangements(
    counts: Sequence[int],
    melds: Sequence[Meld],
    win_kind: int,
    *,
    n_sets: int = 4,
    rules: ShapeRules = ShapeRules(),
) -> list[Arrangement]:
    """Every reading of a complete hand. ``counts`` is the concealed part **including** the
    winning tile; ``melds`` the declared melds. Special shapes need no melds, except that
    in 16-tile hands (``n_sets`` 5) each special shape takes ``n_sets - 4`` extra sets,
    which may be melds or concealed sets; a knitted straight always takes
    ``n_sets - 3`` sets, melded or concealed.
    """
    out: list[Arrangement] = []
    concealed_sets = n_sets - len(melds)
    if concealed_sets < 0 or counts[win_kind] == 0:
        return out
    for sets, pair in decompose(counts, concealed_sets):
        blocks = (*sets, PAIR_BLOCKS[pair])
        out.extend(_readings(Shape.STANDARD, blocks, melds, win_kind))

    extra = n_sets - 4
    if extra >= 0 and len(melds) <= extra:
        for taken, rest in _extra_set_splits(counts, extra - len(melds)):
            out.extend(_special_readings(rest, taken, melds, win_kind, rules))

    if rules.knitted_straight:
        for suits in KNITTED_PATTERNS:
            left = _without(counts, knitted_kinds(suits))
            if left is None:
                continue
            knit = tuple(KNITTED_BLOCKS[s * 9 + off] for off, s in enumerate(suits))
            for sets, pair in decompose(left, concealed_sets - 3):
                blocks = (*knit, *sets, PAIR_BLOCKS[pair])
                out.extend(_readings(Shape.KNITTED_STRAIGHT, blocks, melds, win_kind, suits))
    return out


def _special_readings(
    rest: Sequence[int],
    taken: tuple[Block, ...],
    melds: Sequence[Meld],
    win: int,
    rules: ShapeRules,
) -> list[Arrangement]:
    out: list[Arrangement] = []
    meld_blocks = tuple(meld_block(m) for m in melds)
    if rules.seven_pairs and is_seven_pairs(rest, four_as_two_pairs=rules.seven_pairs_four_as_two):
        pairs = tuple(
            Block(BlockKind.PAIR, k) for k in range(NUM_KINDS) for _ in range(rest[k] // 2)
        )
        out.extend(_readings(Shape.SEVEN_PAIRS, (*pairs, *taken), melds, win))
    if rules.thirteen_orphans and is_thirteen_orphans(rest):
        out.extend(_special_single(Shape.THIRTEEN_ORPHANS, rest, taken, meld_blocks, win, None))
    if rules.honors_and_knitted:
        suits = honors_and_knitted_pattern(rest)
        if suits is not None:
            out.extend(
                _special_single(Shape.HONORS_AND_KNITTED, rest, taken, meld_blocks, win, suits)
            )
    return out


def _special_single(
    shape: Shape,
    rest: Sequence[int],
    taken: tuple[Block, ...],
    meld_blocks: tuple[Block, ...],
    win: int,
    suits: tuple[int, int, int] | None,
) -> list[Arrangement]:
    """Thirteen orphans / honors-and-knitted: the winning tile sits in the special part
    (wait SPECIAL, or SINGLE for the orphans' pair) or in an extra set."""
    out: list[Arrangement] = []
    blocks = (*taken, *meld_blocks)
    if rest[win]:
        wait = Wait.SINGLE if shape is Shape.THIRTEEN_ORPHANS and rest[win] == 2 else Wait.SPECIAL
        out.append(Arrangement(shape, blocks, win, None, wait, suits))
    seen: set[tuple[BlockKind, int]] = set()
    for i, block in enumerate(taken):
        if win in block.kinds() and (block.kind, block.tile) not in seen:
            seen.add((block.kind, block.tile))
            out.append(Arrangement(shape, blocks, win, i, _wait_in(block, win), suits))
    return out


def is_complete(
    counts: Sequence[int], n_melds: int, *, n_sets: int = 4, rules: ShapeRules = ShapeRules()
) -> bool:
    """Whether the concealed ``counts`` (with ``n_melds`` declared melds) form a winning shape."""
    concealed_sets = n_sets - n_melds
    if sum(counts) != 3 * concealed_sets + 2 or concealed_sets < 0:
        return False
    return is_standard_complete(counts) or _is_special_complete(counts, n_melds, n_sets, rules)


def _is_special_complete(
    counts: Sequence[int], n_melds: int, n_sets: int, rules: ShapeRules
) -> bool:
    extra = n_sets - 4
    if extra >= 0 and n_melds <= extra and _special_possible(counts, rules):
        for _taken, rest in _extra_set_splits(counts, extra - n_melds):
            if rules.seven_pairs and is_seven_pairs(
                rest, four_as_two_pairs=rules.seven_pairs_four_as_two
            ):
                return True
            if rules.thirteen_orphans and is_thirteen_orphans(rest):
                return True
            if rules.honors_and_knitted and honors_and_knitted_pattern(rest) is not None:
                return True
    if rules.knitted_straight:
        for kinds in _KNITTED_KINDS:
            left = _without(counts, kinds)
            if left is not None and is_standard_complete(left):
                return True
    return False


def _special_possible(counts: Sequence[int], rules: ShapeRules) -> bool:
    """Cheap necessary conditions for a special shape (with any extra sets removed)."""
    if rules.seven_pairs and sum(1 for c in counts if c % 2) <= 3:
        return True
    if rules.thirteen_orphans and all(counts[k] for k in TERMINALS_AND_HONORS):
        return True
    return rules.honors_and_knitted and sum(1 for c in counts if c) >= 14


def waits(
    counts: Sequence[int],
    n_melds: int,
    *,
    n_sets: int = 4,
    rules: ShapeRules = ShapeRules(),
    held: Sequence[int] | None = None,
) -> list[int]:
    """The kinds that would complete a ready hand. ``counts`` is the concealed part without a
    winning tile. A kind is left out when the player already holds all four copies
    (``held``: counts of the player's own tiles including melds; defaults to ``counts``)."""
    own = held if held is not None else counts
    if sum(counts) != 3 * (n_sets - n_melds) + 1:
        return []
    # Adding a tile changes one suit only: judge the other suits once.
    suits = suits_of(counts)
    ok = [not any(t) or suit_complete(t, h) for t, h, _o in suits]
    pairs = [sum(t) % 3 == 2 for t, _h, _o in suits]
    maybe_special = _special_possible_before_win(counts, rules)
    out: list[int] = []
    trial = list(counts)
    for k in range(NUM_KINDS):
        if own[k] >= 4:
            continue
        if not maybe_special and not _touches(counts, k):
            continue
        s = k // 9
        t, honors, offset = suits[s]
        grown = list(t)
        grown[k - offset] += 1
        others_ok = all(ok[j] for j in range(4) if j != s)
        n_pairs = sum(pairs[j] for j in range(4) if j != s) + (sum(grown) % 3 == 2)
        if others_ok and n_pairs == 1 and suit_complete(tuple(grown), honors):
            out.append(k)
            continue
        if not maybe_special:
            continue
        trial[k] += 1
        if _is_special_complete(trial, n_melds, n_sets, rules):
            out.append(k)
        trial[k] -= 1
    return out


def _touches(counts: Sequence[int], k: int) -> bool:
    """Whether kind ``k`` could join a set or pair with a tile already held."""
    if k >= 27:
        return counts[k] > 0
    base = k - k % 9
    return any(counts[j] for j in range(max(base, k - 2), min(base + 9, k + 3)))


def _special_possible_before_win(counts: Sequence[int], rules: ShapeRules) -> bool:
    """``_special_possible`` loosened by the one tile still to come."""
    if rules.seven_pairs and sum(1 for c in counts if c % 2) <= 4:
        return True
    if rules.thirteen_orphans and sum(1 for k in TERMINALS_AND_HONORS if counts[k]) >= 12:
        return True
    if rules.knitted_straight and _knitted_within_one(counts):
        return True  # the knitted tiles need not touch anything held
    return rules.honors_and_knitted and _honors_and_knitted_within_one(counts)


def _knitted_within_one(counts: Sequence[int]) -> bool:
    """Whether some knitted pattern misses at most one of its nine kinds: a knitted
    straight one tile (or one swap) away needs that."""
    for kinds in _KNITTED_KINDS:
        missing = 0
        for k in kinds:
            if not counts[k]:
                missing += 1
        if missing <= 1:
            return True
    return False


def _honors_and_knitted_within_one(counts: Sequence[int]) -> bool:
    """Whether 13 kinds are held from one knitted pattern and the honors: honors and
    knitted tiles one tile (or one swap) away needs that."""
    honors = 0
    for k in range(27, NUM_KINDS):
        if counts[k]:
            honors += 1
    if honors < 4:
        return False  # 13 kinds of which at most nine suited
    for kinds in _KNITTED_KINDS:
        held = honors
        for k in kinds:
            if counts[k]:
                held += 1
        if held >= 13:
            return True
    return False


_KNITTED_KINDS: Final = tuple(knitted_kinds(p) for p in KNITTED_PATTERNS)


def _special_possible_after_swap(counts: Sequence[int], rules: ShapeRules) -> bool:
    """``_special_possible`` loosened by a discard and a draw still to come (a discard adds
    no kind, a draw one; each flips one count's parity)."""
    if rules.seven_pairs and sum(1 for c in counts if c % 2) <= 5:
        return True
    if rules.thirteen_orphans and sum(1 for k in TERMINALS_AND_HONORS if counts[k]) >= 12:
        return True
    if rules.knitted_straight and _knitted_within_one(counts):
        return True
    return rules.honors_and_knitted and _honors_and_knitted_within_one(counts)


def _special_ready(counts: list[int], n_melds: int, n_sets: int, rules: ShapeRules) -> bool:
    """Whether one more tile completes a special shape (plus its extra sets)."""
    if not _special_possible_before_win(counts, rules):
        return False
    for k in range(NUM_KINDS):
        if counts[k] < 4:
            counts[k] += 1
            ready = _is_special_complete(counts, n_melds, n_sets, rules)
            counts[k] -= 1
            if ready:
                return True
    return False


# ------------------------------------------------------------------ shanten


# The few distinct answers of ``_suit_blocks``, shared by its entries (a frozenset of
# triples costs several hundred bytes; thousands of entries hold the same few dozen).
_PARETO_SETS: Final[dict[frozenset[tuple[int, int, int]], frozenset[tuple[int, int, int]]]] = {}


def _pareto(items: Iterable[tuple[int, int, int]]) -> frozenset[tuple[int, int, int]]:
    found = set(items)
    return frozenset(
        x
        for x in found
        if not any(y != x and y[0] >= x[0] and y[1] >= x[1] and y[2] >= x[2] for y in found)
    )


@lru_cache(maxsize=SUIT_MEMO)
def _suit_blocks(counts: tuple[int, ...], honors: bool) -> frozenset[tuple[int, int, int]]:
    """Pareto-best (sets, partial sets, pair-as-head) triples one suit can be cut into.

    The lowest tile present is either used in a set, a pair (as head or as a partial set),
    a two-tile partial set, or left alone; each choice recurses on the smaller suit."""
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return frozenset({(0, 0, 0)})
    options: list[tuple[int, int, int]] = []

    def take(kinds: tuple[int, ...], dm: int, dt: int, dp: int) -> None:
        rest = list(counts)
        for k in kinds:
            rest[k] -= 1
        for m, t, p in _suit_blocks(tuple(rest), honors):
            if p + dp <= 1:
                options.append((m + dm, t + dt, p + dp))

    if counts[i] >= 3:
        take((i, i, i), 1, 0, 0)
    if not honors and i <= 6 and counts[i + 1] and counts[i + 2]:
        take((i, i + 1, i + 2), 1, 0, 0)
    if counts[i] >= 2:
        take((i, i), 0, 0, 1)
        take((i, i), 0, 1, 0)
    if not honors:
        for gap in (1, 2):
            if i + gap < len(counts) and counts[i + gap]:
                take((i, i + gap), 0, 1, 0)
    take((i,), 0, 0, 0)
    found = _pareto(options)
    return _PARETO_SETS.setdefault(found, found)


def suit_block_value(counts: tuple[int, ...], honors: bool) -> int:
    """The most ``2 * sets + partial sets`` (a pair is a partial set) one suit can be cut
    into: ``shanten_standard``'s measure of that suit alone, without its caps."""
    return max(2 * m + t + p for m, t, p in _suit_blocks(counts, honors))


def shanten_standard(counts: Sequence[int], n_sets: int) -> int:
    """Tiles away from ready (0 = ready, -1 = complete) for ``n_sets`` concealed sets + pair."""
    states: set[tuple[int, int, int]] = {(0, 0, 0)}
    for suit_counts, honors, _off in suits_of(counts):
        if not any(suit_counts):
            continue
        options = _suit_blocks(suit_counts, honors)
        states = {
            (m + m2, t + t2, p | p2) for m, t, p in states for m2, t2, p2 in options if p + p2 <= 1
        }
    best = 2 * n_sets
    for m, t, p in states:
        m = min(m, n_sets)
        t = min(t, n_sets - m)
        best = min(best, 2 * n_sets - 2 * m - t - p)
    if best <= 1 and max(counts) >= 4:
        return _without_fifth_copies(counts, n_sets, best)
    return best


def _without_fifth_copies(counts: Sequence[int], n_sets: int, best: int) -> int:
    """The block count allows a fifth copy of a kind held four times: ``4444p`` with
    three melds counts as a set and a pair wait on ``4p`` (0; truly 1, a single wait on any
    other kind is one swap away). Near ready the exact distance is cheap: a ready hand (0)
    needs a wait on a kind not held four times, a hand at 1 with two kinds held four times a
    swap to such a hand (otherwise 2); a ``3 * n_sets + 2`` hand is as close as its best
    discard leaves it. Tests compare this with the swap distance on one-suit hands."""
    size = sum(counts)
    trial = list(counts)
    if size == 3 * n_sets + 2 and best >= 0:
        low = 2 * n_sets
        for k in range(NUM_KINDS):
            if trial[k]:
                trial[k] -= 1
                low = min(low, shanten_standard(trial, n_sets))
                trial[k] += 1
                if low == best:
                    break
        return low
    if size != 3 * n_sets + 1:
        return best
    if best == 0:
        # the block count's 0 means some tile completes the hand; only a fifth copy of a
        # kind held four times can be a false one, and mostly none of them completes it
        for k in range(NUM_KINDS):
            if trial[k] >= 4:
                trial[k] += 1
                false_wait = is_standard_complete(trial)
                trial[k] -= 1
                if false_wait:
                    return 0 if _truly_ready(trial, n_sets) else 1
        return 0
    if sum(1 for c in counts if c >= 4) < 2:
        return best
    fresh = next((k for k in range(NUM_KINDS) if not _touches(counts, k)), -1)  # a new single
    for out in range(NUM_KINDS):
        if not trial[out]:
            continue
        trial[out] -= 1
        for k in range(NUM_KINDS):
            if k != out and trial[k] < 4 and (k == fresh or _touches(trial, k)):
                trial[k] += 1
                ready = _truly_ready(trial, n_sets)
                trial[k] -= 1
                if ready:
                    return best
        trial[out] += 1
    return best + 1


def _truly_ready(counts: list[int], n_sets: int) -> bool:
    """Whether a standard-shape wait of ``counts`` is a kind not held four times."""
    return bool(waits(counts, 0, n_sets=n_sets, rules=_STANDARD_ONLY))


_STANDARD_ONLY: Final = ShapeRules(seven_pairs=False, thirteen_orphans=False)


def shanten_seven_pairs(counts: Sequence[int], *, four_as_two_pairs: bool = False) -> int:
    if four_as_two_pairs:
        return 6 - min(7, sum(c // 2 for c in counts))
    pairs = sum(1 for c in counts if c >= 2)
    kinds = sum(1 for c in counts if c > 0)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_thirteen_orphans(counts: Sequence[int]) -> int:
    kinds = sum(1 for k in TERMINALS_AND_HONORS if counts[k] > 0)
    pair = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 13 - kinds - (1 if pair else 0)


def shanten(
    counts: Sequence[int], n_melds: int, *, n_sets: int = 4, rules: ShapeRules = ShapeRules()
) -> int:
    """The least shanten over the families ``rules`` allows. Special shapes are measured
    exactly for a 13-tile hand without melds; for 16-tile hands (a special shape plus an
    extra set) only their ready (0) and complete (-1) states are recognised."""
    best = shanten_standard(counts, n_sets - n_melds)
    if n_sets == 4 and n_melds == 0:
        if rules.seven_pairs:
            best = min(
                best, shanten_seven_pairs(counts, four_as_two_pairs=rules.seven_pairs_four_as_two)
            )
        if rules.thirteen_orphans:
            best = min(best, shanten_thirteen_orphans(counts))
    elif best > 0 and n_sets > 4 and n_melds <= n_sets - (3 if rules.knitted_straight else 4):
        size = sum(counts)
        concealed = 3 * (n_sets - n_melds)
        trial = list(counts)
        if size == concealed + 1 and _special_ready(trial, n_melds, n_sets, rules):
            return 0
        if size == concealed + 2:
            if _is_special_complete(counts, n_melds, n_sets, rules):
                return -1
            if not _special_possible_after_swap(counts, rules):
                return best
            # ready after one discard (the riichi declaration asks this)
            for k in range(NUM_KINDS):
                if trial[k]:
                    trial[k] -= 1
                    ready = _special_ready(trial, n_melds, n_sets, rules)
                    trial[k] += 1
                    if ready:
                        return 0
    return best
