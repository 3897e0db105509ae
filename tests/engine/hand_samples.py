"""Seeded random hands for shape tests: uniform deals, near-complete hands, one-suit hands."""

from __future__ import annotations

import random

from engine.tiles import NUM_KINDS


def complete_hand(rng: random.Random, n_sets: int, suits: list[int] | None = None) -> list[int]:
    """Counts of a random complete hand (sets + pair), never more than 4 of a kind."""
    allowed = [k for k in range(NUM_KINDS) if suits is None or k // 9 in suits]
    while True:
        counts = [0] * NUM_KINDS
        ok = True
        for _ in range(n_sets):
            if rng.random() < 0.5:
                starts = [k for k in allowed if k < 27 and k % 9 <= 6]
                if starts:
                    k = rng.choice(starts)
                    for t in (k, k + 1, k + 2):
                        counts[t] += 1
                    continue
            counts[rng.choice(allowed)] += 3
        counts[rng.choice(allowed)] += 2
        ok = all(c <= 4 for c in counts)
        if ok:
            return counts


def deal(rng: random.Random, size: int, suits: list[int] | None = None) -> list[int]:
    pool = [k for k in range(NUM_KINDS) for _ in range(4) if suits is None or k // 9 in suits]
    counts = [0] * NUM_KINDS
    for k in rng.sample(pool, size):
        counts[k] += 1
    return counts


def minus_one(rng: random.Random, counts: list[int]) -> list[int]:
    held = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
    out = list(counts)
    out[rng.choice(held)] -= 1
    return out


def sample_hands(seed: int, n: int, n_sets: int) -> list[list[int]]:
    """``n`` hands of 3*n_sets+1 tiles: a third uniform, a third one tile short of complete,
    a third drawn from one or two suits (long, tangled suits)."""
    rng = random.Random(seed)
    size = 3 * n_sets + 1
    hands = []
    for i in range(n):
        mode = i % 3
        if mode == 0:
            hands.append(deal(rng, size))
        elif mode == 1:
            hands.append(minus_one(rng, complete_hand(rng, n_sets)))
        else:
            suits = rng.sample([0, 1, 2], rng.choice([1, 2]))
            if rng.random() < 0.5:
                hands.append(minus_one(rng, complete_hand(rng, n_sets, suits)))
            else:
                hands.append(deal(rng, size, suits))
    return hands
