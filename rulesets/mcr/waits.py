"""The unique-wait test of mcr.md §11.7, fast.

A kind is a wait when adding it to the concealed part (without the winning tile) makes a
standard hand (sets + one pair, melds fixed) or, without melds, Seven Pairs (four of a
kind = two pairs). Waits are formal: a kind counts even when every copy is already in
sight. This equals ``engine.shapes.waits(..., held=<no limit>)`` with MCR's standard and
Seven Pairs rules (a test checks it); it works per suit with memoised suit answers so
only the suit that receives the tile is re-examined.
"""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1 << 15)
def _complete(counts: tuple[int, ...], honors: bool) -> bool:
    """Whether one suit splits into sets plus at most one pair (exactly one when its size
    is 2 mod 3, none when 0 mod 3)."""
    n = sum(counts)
    if n % 3 == 1:
        return False
    if n == 0:
        return True
    return _split(counts, honors, n % 3 == 2)


def _split(counts: tuple[int, ...], honors: bool, pair: bool) -> bool:
    i = 0
    while counts[i] == 0:
        i += 1
        if i == len(counts):
            return not pair
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if _split(tuple(c), honors, False) if any(c) else True:
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if (not any(c) and not pair) or (any(c) and _split(tuple(c), honors, pair)):
            return True
        c[i] += 3
    if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if (not any(c) and not pair) or (any(c) and _split(tuple(c), honors, pair)):
            return True
    return False


_RANGES = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def wait_kinds(before: list[int], n_melds: int, stop_unless: int | None = None) -> set[int]:
    """Every kind completing ``before`` (the concealed part without the winning tile).
    With ``stop_unless``, return as soon as a kind other than that one is found, and only
    the kinds other than it (the answer is then "is there another wait")."""
    parts = [tuple(before[a:b]) for a, b, _h in _RANGES]
    sizes = [sum(p) for p in parts]
    bad = [not _complete(p, h) for p, (_a, _b, h) in zip(parts, _RANGES, strict=True)]
    n_bad = sum(bad)
    pairs = sum(1 for n in sizes if n % 3 == 2)
    out: set[int] = set()
    for s, (a, b, honors) in enumerate(_RANGES):
        # every other suit must already be complete
        if n_bad - bad[s]:
            continue
        size = sizes[s] + 1
        if size % 3 == 1 or pairs - (sizes[s] % 3 == 2) + (size % 3 == 2) != 1:
            continue
        part = list(parts[s])
        held = 0
        for i, c in enumerate(part):
            if c:
                held |= 1 << i
        # a new tile must touch the suit's tiles (a pair, or a set with tiles 1-2 away)
        near = held if honors else held | held << 1 | held << 2 | held >> 1 | held >> 2
        for i in range(b - a):
            if not near >> i & 1 or stop_unless == a + i:
                continue
            part[i] += 1
            if _complete(tuple(part), honors):
                out.add(a + i)
                if stop_unless is not None:
                    return out
            part[i] -= 1
    if n_melds == 0 and sum(sizes) == 13:
        odd = [k for k in range(34) if before[k] % 2]
        if len(odd) == 1 and odd[0] != stop_unless:
            out.add(odd[0])
    return out


def is_unique_wait(before: list[int], n_melds: int, win: int) -> bool:
    """Whether ``win`` is the only kind completing ``before`` (stops at a second wait)."""
    return not wait_kinds(before, n_melds, stop_unless=win)
