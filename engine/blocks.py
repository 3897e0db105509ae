"""Blocks (sets and pairs) and the splits of a concealed part into them.

Everything here works on 34-long count vectors of kinds (``engine.tiles``).
``decompose`` lists every split of a concealed part into sets + one pair and
``is_standard_complete`` asks only whether one exists; ``engine.shapes`` reads whole hands
(special shapes, waits, shanten) on top of them.

Speed: the concealed part is split by suit and each suit's answers are memoised on the
suit's 9 counts (``functools.lru_cache`` or a dict cleared at a bound; deterministic, no
I/O), then combined.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

from engine.melds import Meld, MeldType
from engine.tiles import KIND_OR_SPARE, NUM_KINDS, lowest_kind


class BlockKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"  # one third of a knitted straight: 147, 258 or 369 of a suit


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


# ---------------------------------------------------------------------------- per suit

# Entries kept by each per-suit memo: a few thousand hold the sub-suits that recur, and
# the memos stay a few MiB when full (a long-running server's memory is bounded by it).
# ``engine.shapes``' shanten memo takes the same bound.
SUIT_MEMO: Final = 1 << 12
_Part = tuple[tuple[tuple[BlockKind, int], ...], int]  # (sets as (kind, number), pair or -1)


def suit_partitions(counts: list[int], honors: bool) -> list[_Part]:
    """All ways to cut one suit's tiles (``counts``, restored after) into pungs/chows and
    at most one pair, as (sets as (kind, number), pair number or -1)."""
    out: list[_Part] = []
    _cut(counts, honors, 0, [], -1, out)
    return out


@lru_cache(maxsize=SUIT_MEMO)
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


@lru_cache(maxsize=SUIT_MEMO)
def suit_complete(counts: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit splits completely into sets (+ a pair when its size is 2 mod 3)."""
    n = sum(counts)
    if n % 3 == 1:
        return False
    return any(((p >= 0) == (n % 3 == 2)) for _s, p in _suit_partitions(counts, honors))


def suits_of(counts: Sequence[int]) -> list[tuple[tuple[int, ...], bool, int]]:
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
    for suit_counts, honors, _off in suits_of(counts):
        n = sum(suit_counts)
        if n == 0:
            continue
        if not suit_complete(suit_counts, honors):
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
