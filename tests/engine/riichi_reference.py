"""Brute-force reference for the riichi table checks on one-suit concealed hands.

Complete hands are not searched for but generated: every multiset of sets plus a pair
(and every seven distinct pairs) of one suit, each with the readings that built it. A wait
is a tile whose addition gives a generated hand without a fifth copy of anything the player
holds. Nothing here shares code with engine.shapes or engine.legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement, product

Counts = tuple[int, ...]  # nine counts of one suit
Reading = tuple[tuple[tuple[int, int, int], ...], int]  # sets (as tile triples), pair kind

SETS: tuple[tuple[int, int, int], ...] = tuple((k, k, k) for k in range(9)) + tuple(
    (k, k + 1, k + 2) for k in range(7)
)
SEVEN_PAIRS = -1  # the pair kind of a seven-pairs reading


@cache
def complete_hands(n_sets: int, seven_pairs: bool) -> dict[Counts, tuple[Reading, ...]]:
    """Every complete one-suit hand of ``n_sets`` sets and a pair, with its readings."""
    found: dict[Counts, set[Reading]] = {}
    for sets in combinations_with_replacement(SETS, n_sets):
        for pair in range(9):
            counts = [0] * 9
            counts[pair] += 2
            for s in sets:
                for k in s:
                    counts[k] += 1
            if max(counts) <= 4:
                found.setdefault(tuple(counts), set()).add((sets, pair))
    if seven_pairs and n_sets == 4:
        for kinds in combinations(range(9), 7):
            counts = [2 if k in kinds else 0 for k in range(9)]
            found.setdefault(tuple(counts), set()).add(((), SEVEN_PAIRS))
    return {c: tuple(sorted(r)) for c, r in found.items()}


def ref_waits(hand: Counts, n_sets: int, held: Counts, seven_pairs: bool = True) -> list[int]:
    """Kinds completing ``hand`` (concealed, ``n_sets`` sets to make) that are not all four
    in ``held``, the player's own tiles."""
    complete = complete_hands(n_sets, seven_pairs)
    out = []
    for k in range(9):
        if held[k] < 4:
            grown = list(hand)
            grown[k] += 1
            if tuple(grown) in complete:
                out.append(k)
    return out


def hands(size: int) -> Iterator[Counts]:
    """Every one-suit hand of ``size`` tiles, in a fixed order."""
    for counts in product(range(5), repeat=9):
        if sum(counts) == size:
            yield counts


def ref_riichi_kong(hand: Counts, drawn: int, rule: str) -> bool:
    """Whether a riichi player holding the ready 13 tiles ``hand`` (three of ``drawn``)
    may make the concealed kong of the drawn fourth tile (riichi.md §6): the waits of the
    13 tiles equal those after the kong, when all four copies are the player's; with
    ``no_shape_change`` also every reading of every win keeps the three as a pung."""
    if rule == "forbidden":
        return False
    before = ref_waits(hand, 4, hand)
    after_kong = list(hand)
    after_kong[drawn] = 0
    held = list(hand)
    held[drawn] = 4
    if not before or before != ref_waits(tuple(after_kong), 3, tuple(held)):
        return False
    if rule == "no_shape_change":
        complete = complete_hands(4, True)
        pung = (drawn, drawn, drawn)
        for w in before:
            won = list(hand)
            won[w] += 1
            if any(pung not in sets for sets, _pair in complete[tuple(won)]):
                return False
    return True


def ref_riichi_discards(hand: Counts) -> list[int]:
    """The kinds of a closed 14-tile hand whose discard leaves it ready (riichi.md §5):
    some wait has a copy the player does not hold (the discarded tile is not held)."""
    out = []
    for k in range(9):
        if hand[k]:
            rest = list(hand)
            rest[k] -= 1
            if ref_waits(tuple(rest), 4, tuple(rest)):
                out.append(k)
    return out


def ref_ready(hand: Counts, n_sets: int) -> bool:
    """Standard shape only: a ``3 * n_sets + 1`` hand waits on a kind not held four times."""
    return bool(ref_waits(hand, n_sets, hand, seven_pairs=False))
