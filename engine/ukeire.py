"""Discard analysis for the review: for a hand about to discard (3n + 2 tiles with its
melds), each discard's shanten and its ukeire — the kinds (and how many copies the player
cannot see) that bring the hand one step closer to ready. Pure: the caller says which
tiles the player can see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.shapes import ShapeRules, shanten
from engine.tiles import NUM_KINDS

COPIES = 4
DEFAULT_RULES = ShapeRules()


@dataclass(frozen=True, slots=True)
class DiscardOption:
    kind: int  # the tile kind discarded
    shanten: int  # of the hand left (0: ready)
    ukeire: int  # unseen copies of the kinds that lower that shanten
    improving: tuple[tuple[int, int], ...]  # (kind, unseen copies), by kind


def discard_options(
    counts: Sequence[int],
    n_melds: int,
    *,
    n_sets: int = 4,
    rules: ShapeRules | None = None,
    seen: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """Every kind held in ``counts`` (34 kind counts of the concealed hand, 3n + 2 tiles),
    discarded: best first (lowest shanten, then most ukeire, then kind). ``seen`` counts
    the other tiles the player sees (discards, melds, indicators); the hand itself always
    counts as seen."""
    rules = rules or DEFAULT_RULES
    hand = list(counts)
    if len(hand) != NUM_KINDS or any(c < 0 or c > COPIES for c in hand):
        raise ValueError(f"expected {NUM_KINDS} kind counts from 0 to {COPIES}")
    if (sum(hand) - 2) % 3 or sum(hand) + 3 * n_melds != 3 * n_sets + 2:
        raise ValueError(f"{sum(hand)} tiles and {n_melds} melds is not a hand about to discard")
    visible = [hand[k] + (seen[k] if seen is not None else 0) for k in range(NUM_KINDS)]
    out: list[DiscardOption] = []
    for kind in range(NUM_KINDS):
        if not hand[kind]:
            continue
        hand[kind] -= 1
        now = shanten(hand, n_melds, n_sets=n_sets, rules=rules)
        improving: list[tuple[int, int]] = []
        for draw in range(NUM_KINDS):
            left = COPIES - visible[draw]  # the discarded copy stays seen, in the river
            if left <= 0:
                continue
            hand[draw] += 1
            if shanten(hand, n_melds, n_sets=n_sets, rules=rules) < now:
                improving.append((draw, left))
            hand[draw] -= 1
        hand[kind] += 1
        ukeire = sum(n for _, n in improving)
        out.append(DiscardOption(kind, now, ukeire, tuple(improving)))
    out.sort(key=lambda o: (o.shanten, -o.ukeire, o.kind))
    return out
