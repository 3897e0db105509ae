"""Hand shapes: decompositions into sets + pair, special shapes, waits and shanten.

Everything here works on 34-long count vectors of kinds (``engine.tiles``). A hand of
``n_sets`` sets + a pair (4 for 13-tile rulesets, 5 for 16-tile ones) may have declared
melds; they are fixed blocks and only the concealed part is searched.

Speed: the concealed part is split by suit and each suit's answers are memoised on the
suit's 9 counts (``functools.lru_cache``; deterministic, no I/O), then combined.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

from engine.melds import Meld, MeldType
from engine.tiles import KIND_OR_SPARE, NUM_KINDS, TERMINALS_AND_HONORS, lowest_kind


class BlockKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # one third of a knitted straight: 147, 258 or 369 of a suit


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
class Block:
    """A set or a pair. ``tile`` is the lowest kind; ``meld`` is the declared meld's type,
    None for blocks formed in the concealed part."""

    kind: BlockKind
    tile: int
    meld: MeldType | None = None

    @property
    def concealed(self) -> bool:
        return self.meld is None or self.meld is _ANKAN

    @property
    def is_set(self) -> bool:
        return self.kind is not BlockKind.PAIR

    def kinds(self) -> tuple[int, ...]:
        t = self.tile
        if self.kind is BlockKind.CHOW:
            return (t, t + 1, t + 2)
        if self.kind is BlockKind.KNITTED:
            return (t, t + 3, t + 6)
        if self.kind is BlockKind.PUNG:
            return (t, t, t)
        if self.kind is BlockKind.KONG:
            return (t, t, t, t)
        return (t, t)


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


# ---------------------------------------------------------------------------- per suit

# Entries kept by each per-suit memo: a few thousand hold the sub-suits that recur, and
# the memos stay a few MiB when full (a long-running server's memory is bounded by it).
_SUIT_MEMO: Final = 1 << 12
_Part = tuple[tuple[tuple[BlockKind, int], ...], int]  # (sets as (kind, number), pair or -1)


def suit_partitions(counts: list[int], honors: bool) -> list[_Part]:
    """All ways to cut one suit's tiles (``counts``, restored after) into pungs/chows and
    at most one pair, as (sets as (kind, number), pair number or -1)."""
    out: list[_Part] = []
    _cut(counts, honors, 0, [], -1, out)
    return out


@lru_cache(maxsize=_SUIT_MEMO)
def _suit_partitions(counts: tuple[int, ...], honors: bool) -> tuple[_Part, ...]:
    """``suit_partitions``, memoised."""
    return tuple(suit_partitions(list(counts), honors))


def _cut(
    c: list[int],
    honors: bool,
    start: int,
    sets: list[tuple[BlockKind, int]],
    pair: int,
    out: list[_Part],
) -> None:
    """``_suit_partitions``' search from number ``start`` on (``c`` is restored after)."""
    i = start
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        out.append((tuple(sets), pair))
        return
    if c[i] >= 3:
        c[i] -= 3
        sets.append((BlockKind.PUNG, i))
        _cut(c, honors, i, sets, pair, out)
        sets.pop()
        c[i] += 3
    if not honors and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append((BlockKind.CHOW, i))
        _cut(c, honors, i, sets, pair, out)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if pair < 0 and c[i] >= 2:
        c[i] -= 2
        _cut(c, honors, i, sets, i, out)
        c[i] += 2


@lru_cache(maxsize=_SUIT_MEMO)
def _suit_complete(counts: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit splits completely into sets (+ a pair when its size is 2 mod 3)."""
    n = sum(counts)
    if n % 3 == 1:
        return False
    return any(((p >= 0) == (n % 3 == 2)) for _s, p in _suit_partitions(counts, honors))


def _suits(counts: Sequence[int]) -> list[tuple[tuple[int, ...], bool, int]]:
    return [
        (tuple(counts[0:9]), False, 0),
        (tuple(counts[9:18]), False, 9),
        (tuple(counts[18:27]), False, 18),
        (tuple(counts[27:34]), True, 27),
    ]


# ------------------------------------------------------------------ standard shape


# Every concealed block there is, built once and indexed by lowest kind: shapes hand out
# these shared (immutable) blocks instead of building new ones per hand.
_CHOWS: Final = tuple(Block(BlockKind.CHOW, k) for k in range(NUM_KINDS))
_PUNGS: Final = tuple(Block(BlockKind.PUNG, k) for k in range(NUM_KINDS))
PAIR_BLOCKS: Final = tuple(Block(BlockKind.PAIR, k) for k in range(NUM_KINDS))
KNITTED_BLOCKS: Final = tuple(Block(BlockKind.KNITTED, k) for k in range(NUM_KINDS))
# The block of every meld there is, by meld type and lowest kind.
_MELD_BLOCKS: Final[dict[MeldType, tuple[Block, ...]]] = {
    t: tuple(
        Block(
            {MeldType.CHI: BlockKind.CHOW, MeldType.PON: BlockKind.PUNG}.get(t, BlockKind.KONG),
            k,
            t,
        )
        for k in range(NUM_KINDS)
    )
    for t in MeldType
}
_CHI: Final = MeldType.CHI  # read once: MeldType's members are slow to look up
_ANKAN: Final = MeldType.ANKAN
_SuitSplit = tuple[tuple[Block, ...], int]  # a suit's sets as blocks, its pair kind or -1
# Per suit (m, p, s, z): the suit's counts, read as an octal number -> its splits. Cleared
# when it grows past the bound (deterministic; no answer depends on it).
_SPLITS: Final[tuple[dict[int, tuple[_SuitSplit, ...]], ...]] = ({}, {}, {}, {})
_SPLITS_BOUND: Final = 1 << 12


def suit_code(counts: list[int], lo: int, hi: int) -> int:
    """``counts[lo:hi]`` read as an octal number (0 for an empty suit): a cheap memo key.
    Counts stay below 8 (four copies of a kind, one more when a wait is tried)."""
    code = 0
    for i in range(lo, hi):  # the first number is the top digit
        code = code * 8 + counts[i]
    return code


def _suit_splits(suit: int, code: int, counts: Sequence[int]) -> tuple[_SuitSplit, ...]:
    cache = _SPLITS[suit]
    found = cache.get(code)
    if found is not None:
        return found
    offset = 9 * suit
    out = []
    part = list(counts[offset : offset + 7 if suit == 3 else offset + 9])
    for sets, pair in suit_partitions(part, suit == 3):  # the memo is ``_SPLITS``
        blocks = tuple(
            (_CHOWS if kind is BlockKind.CHOW else _PUNGS)[n + offset] for kind, n in sets
        )
        out.append((blocks, pair + offset if pair >= 0 else -1))
    if len(cache) >= _SPLITS_BOUND:
        cache.clear()
    splits = cache[code] = tuple(out)
    return splits


def decompose(
    counts: Sequence[int], n_sets: int, codes: list[int] | None = None
) -> list[tuple[tuple[Block, ...], int]]:
    """Every split of a concealed part into exactly ``n_sets`` sets and one pair.

    Returns ``(sets, pair_kind)`` pairs; sets are concealed blocks sorted by tile. An empty
    list when no split exists. ``codes``: the four ``suit_code`` values of ``counts``,
    when the caller has them.
    """
    c: list[int] = counts if isinstance(counts, list) else list(counts)
    size = 0
    for n in c:  # not sum(): a builtin call costs more than this loop, compiled
        size += n
    if size != 3 * n_sets + 2:
        return []
    # While every suit so far splits one way: its sets and pair kind (or -1); after the
    # first suit with several splits, every division so far as (sets, pair kind or -1).
    sets_so_far: list[Block] = []
    pair = -1
    acc: list[_SuitSplit] | None = None
    for suit in range(4):
        lo = 9 * suit
        hi = lo + 7 if suit == 3 else lo + 9
        code = suit_code(c, lo, hi) if codes is None else codes[suit]
        if not code:
            continue
        splits = _suit_splits(suit, code, c)
        if not splits:
            return []
        if acc is None:
            if len(splits) == 1:  # the usual case
                sets, p = splits[0]
                if p >= 0:
                    if pair >= 0:
                        return []
                    pair = p
                sets_so_far.extend(sets)
                continue
            acc = [(tuple(sets_so_far), pair)]
        grown: list[_SuitSplit] = []
        for blocks, have in acc:
            for sets, p in splits:
                if p < 0:
                    grown.append((blocks + sets, have))
                elif have < 0:
                    grown.append((blocks + sets, p))
        acc = grown
    if acc is None:
        return [(tuple(sets_so_far), pair)] if pair >= 0 else []
    return [(blocks, have) for blocks, have in acc if have >= 0]


def is_standard_complete(counts: Sequence[int]) -> bool:
    """Whether a concealed part is sets + exactly one pair (any number of sets)."""
    if sum(counts) % 3 != 2:
        return False
    pairs_needed = 0
    for suit_counts, honors, _off in _suits(counts):
        n = sum(suit_counts)
        if n == 0:
            continue
        if not _suit_complete(suit_counts, honors):
            return False
        if n % 3 == 2:
            pairs_needed += 1
    return pairs_needed == 1


def meld_block(meld: Meld) -> Block:
    """The (shared) block of a declared meld."""
    typ = meld.type
    tiles = meld.tiles
    kind = lowest_kind(tiles) if typ is _CHI else KIND_OR_SPARE[tiles[0]]
    return _MELD_BLOCKS[typ][kind]


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
    suits = _suits(counts)
    ok = [not any(t) or _suit_complete(t, h) for t, h, _o in suits]
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
        if others_ok and n_pairs == 1 and _suit_complete(tuple(grown), honors):
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


@lru_cache(maxsize=_SUIT_MEMO)
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
    for suit_counts, honors, _off in _suits(counts):
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
