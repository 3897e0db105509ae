"""Brute-force reference for engine.shapes: no per-suit split, no caching, no cleverness.

It enumerates whole-hand block choices directly, so it shares no code path with the
fast implementation it checks."""

from __future__ import annotations

from engine.tiles import NUM_KINDS

# Every set as (kind, first tile), in one fixed order.
SETS: list[tuple[str, int]] = [("pung", k) for k in range(NUM_KINDS)] + [
    ("chow", k) for k in range(27) if k % 9 <= 6
]
# Sets starting at each kind, for the existence search.
STARTING_AT: list[list[tuple[str, int]]] = [
    [b for b in SETS if b[1] == k] for k in range(NUM_KINDS)
]


def _tiles(block: tuple[str, int]) -> tuple[int, ...]:
    kind, t = block
    return (t, t, t) if kind == "pung" else (t, t + 1, t + 2)


def ref_decompositions(
    counts: list[int], n_sets: int
) -> set[tuple[tuple[tuple[str, int], ...], int]]:
    out: set[tuple[tuple[tuple[str, int], ...], int]] = set()
    if sum(counts) != 3 * n_sets + 2:
        return out
    for pair in range(NUM_KINDS):
        if counts[pair] < 2:
            continue
        rest = list(counts)
        rest[pair] -= 2

        def rec(
            start: int, chosen: list[tuple[str, int]], rest: list[int], pair: int = pair
        ) -> None:
            if len(chosen) == n_sets:
                if not any(rest):
                    out.add((tuple(sorted(chosen)), pair))
                return
            for i in range(start, len(SETS)):
                tiles = _tiles(SETS[i])
                for t in tiles:
                    rest[t] -= 1
                if all(rest[t] >= 0 for t in tiles):
                    rec(i, [*chosen, SETS[i]], rest)
                for t in tiles:
                    rest[t] += 1

        rec(0, [], rest)
    return out


def ref_complete(counts: list[int], n_sets: int) -> bool:
    """Existence only: over the whole hand, the lowest tile left must start the next set."""
    if sum(counts) != 3 * n_sets + 2:
        return False

    def sets_only(rest: list[int]) -> bool:
        low = next((k for k in range(NUM_KINDS) if rest[k]), None)
        if low is None:
            return True
        for block in STARTING_AT[low]:
            tiles = _tiles(block)
            for t in tiles:
                rest[t] -= 1
            ok = all(rest[t] >= 0 for t in tiles) and sets_only(rest)
            for t in tiles:
                rest[t] += 1
            if ok:
                return True
        return False

    for pair in range(NUM_KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if sets_only(rest):
                return True
    return False


def ref_waits(counts: list[int], n_sets: int) -> list[int]:
    out = []
    for k in range(NUM_KINDS):
        if counts[k] >= 4:
            continue
        trial = list(counts)
        trial[k] += 1
        if ref_complete(trial, n_sets):
            out.append(k)
    return out
