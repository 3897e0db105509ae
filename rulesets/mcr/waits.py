"""The unique-wait test of mcr.md §11.7, fast.

A kind is a wait when adding it to the concealed part (without the winning tile) makes a
standard hand (sets + one pair, melds fixed) or, without melds, Seven Pairs (four of a
kind = two pairs). Waits are formal: a kind counts even when every copy is already in
sight. This equals ``engine.shapes.waits(..., held=<no limit>)`` with MCR's standard and
Seven Pairs rules (a test checks it); it works per suit with memoised suit answers so
only the suit that receives the tile is re-examined.
"""

from __future__ import annotations

from typing import Final

from engine.blocks import suit_code


def _complete(counts: list[int], honors: bool) -> bool:
    """Whether one suit splits into sets plus at most one pair (exactly one when its size
    is 2 mod 3, none when 0 mod 3).

    A pung (3i) and a chow (3i + 3) weigh 0 mod 3 by number, so the pair's number p
    satisfies 2p = the suit's weight (mod 3): only a third of the pairs need trying."""
    n = 0
    weight = 0
    for k in range(len(counts)):
        c = counts[k]
        n += c
        weight += k * c
    if n % 3 == 1:
        return False
    if n % 3 == 0:
        return weight % 3 == 0 and _sets_only(counts, honors)
    for k in range((2 * weight) % 3, len(counts), 3):
        c = counts[k]
        if c >= 2:
            counts[k] = c - 2
            found = _sets_only(counts, honors)
            counts[k] = c
            if found:
                return True
    return False


def _sets_only(counts: list[int], honors: bool) -> bool:
    """Whether one suit splits into sets alone. The lowest tile left is in a pung or
    starts a chow, and three chows from one tile use what three pungs would: so it
    starts (count mod 3) chows, and one pass decides."""
    if honors:
        return all(c % 3 == 0 for c in counts)
    back1 = back2 = 0  # chows started one and two numbers below
    size = len(counts)
    for i in range(size):
        left = counts[i] - back1 - back2
        if left < 0:
            return False
        start = left % 3
        if start and i + 2 >= size:
            return False
        back2 = back1
        back1 = start
    return True


# Per suit: its counts (``suit_code``) -> (complete as it is, bit i set when one more
# tile of number i completes it). A memo, cleared at 1 << 12 entries.
_SUIT_FACTS: Final[tuple[dict[int, tuple[bool, int]], ...]] = ({}, {}, {}, {})


def _suit_facts(suit: int, code: int, before: list[int]) -> tuple[bool, int]:
    cache = _SUIT_FACTS[suit]
    found = cache.get(code)
    if found is not None:
        return found
    honors = suit == 3
    lo = 9 * suit
    part = tuple(before[lo : lo + 7 if honors else lo + 9])
    held = 0
    for i, c in enumerate(part):
        if c:
            held |= 1 << i
    # a new tile must touch the suit's tiles (a pair, or a set with tiles 1-2 away)
    near = held if honors else held | held << 1 | held << 2 | held >> 1 | held >> 2
    grown = list(part)
    mask = 0
    for i in range(len(part)):
        if near >> i & 1:
            c = grown[i]
            grown[i] = c + 1
            if _complete(grown, honors):
                mask |= 1 << i
            grown[i] = c
    if len(cache) >= 1 << 12:
        cache.clear()
    facts = cache[code] = (_complete(list(part), honors), mask)
    return facts


def wait_kinds(before: list[int], n_melds: int, stop_unless: int | None = None) -> set[int]:
    """Every kind completing ``before`` (the concealed part without the winning tile).
    With ``stop_unless``, return as soon as a kind other than that one is found, and only
    the kinds other than it (the answer is then "is there another wait")."""
    sizes = [0, 0, 0, 0]
    masks = [0, 0, 0, 0]
    n_bad = 0
    bad = 0  # the incomplete suit when there is one
    pairs = 0
    for suit in range(4):
        lo = 9 * suit
        hi = lo + 7 if suit == 3 else lo + 9
        size = 0
        for k in range(lo, hi):
            size += before[k]
        complete, masks[suit] = _suit_facts(suit, suit_code(before, lo, hi), before)
        sizes[suit] = size
        if not complete:
            n_bad += 1
            bad = suit
        if size % 3 == 2:
            pairs += 1
    out: set[int] = set()
    if n_bad <= 1:
        for suit in range(4):
            # every other suit must already be complete
            if n_bad and suit != bad:
                continue
            size = sizes[suit] + 1
            if size % 3 == 1 or pairs - (sizes[suit] % 3 == 2) + (size % 3 == 2) != 1:
                continue
            mask = masks[suit]
            k = 9 * suit
            while mask:
                if mask & 1 and k != stop_unless:
                    out.add(k)
                    if stop_unless is not None:
                        return out
                mask >>= 1
                k += 1
    if n_melds == 0 and sum(sizes) == 13:
        odd = [k for k in range(34) if before[k] % 2]
        if len(odd) == 1 and odd[0] != stop_unless:
            out.add(odd[0])
    return out


def is_unique_wait(
    before: list[int], n_melds: int, win: int, codes: list[int] | None = None
) -> bool:
    """Whether ``win`` is the only kind completing ``before``, when ``before`` plus ``win``
    is a standard hand (sets and one pair).

    Then every suit of the whole hand is complete on its own, which leaves two places for
    another wait: the winning suit (its one-more-tile answers), or, when the winning suit
    without the winning tile is complete with a pair (a two-pair "shabo" wait), the suit
    holding the hand's pair; no other suit can take a tile (its size would become 1 mod 3).
    Plus Seven Pairs without melds. So one or two suits are examined, not four.
    ``codes``: the suit codes of ``before`` plus ``win``, when the caller has them."""
    w = win // 9
    lo = 9 * w
    hi = lo + 7 if w == 3 else lo + 9
    # with ``codes``: one tile fewer of the winning kind
    code = suit_code(before, lo, hi) if codes is None else codes[w] - (1 << 3 * (hi - 1 - win))
    complete, mask = _suit_facts(w, code, before)
    if mask & ~(1 << (win - lo)):
        return False
    if complete:
        for s in range(4):
            if s == w:
                continue
            slo = 9 * s
            shi = slo + 7 if s == 3 else slo + 9
            size = 0
            for k in range(slo, shi):
                size = size + before[k]
            if size % 3 == 2:
                scode = suit_code(before, slo, shi) if codes is None else codes[s]
                if _suit_facts(s, scode, before)[1]:
                    return False
                break
    if n_melds == 0:
        odd = -1
        for k in range(34):
            if before[k] & 1:
                if odd >= 0:
                    return True
                odd = k
        if odd >= 0 and odd != win:
            return False
    return True
