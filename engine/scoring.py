"""The generic pattern framework shared by every ruleset, and its results.

``PatternDef`` (names, value, exclusions as data), ``PatternSet`` (a catalogue that applies
exclusions and adds up) and ``best_total`` (evaluate every arrangement of a hand, keep the
best). The results, ``PatternHit`` and ``Score``, live in ``engine.score`` and are
re-exported here. Nothing here is specific to a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from engine.score import PatternHit, Score, ScoreError

__all__ = [
    "Counts",
    "Evaluation",
    "PatternDef",
    "PatternHit",
    "PatternSet",
    "Score",
    "ScoreError",
    "best_total",
]


# ------------------------------------------------------------------ pattern framework

Counts = dict[str, int]
C = TypeVar("C")
A = TypeVar("A")


@mypyc_attr(native_class=False)  # mypyc builds no generic dataclass (setup.py)
@dataclass(frozen=True, slots=True)
class PatternDef(Generic[C]):
    """One pattern of a ruleset's catalogue.

    ``excludes`` lists (as data) the ids this pattern suppresses when it is scored: the
    "not counted with" rule. ``counter`` optionally counts the pattern's occurrences in an
    arrangement context ``C``; rulesets that detect several patterns at once leave it None
    and feed counts to ``PatternSet.exclude`` themselves.
    """

    id: str
    zh: str
    en: str
    ja: str
    value: int
    excludes: tuple[str, ...] = ()
    counter: Callable[[C], int] | None = None

    def hit(self, count: int = 1, value: int | None = None) -> PatternHit:
        val = self.value if value is None else value
        return PatternHit(self.id, self.zh, self.en, self.ja, val, count)


class PatternSet(Generic[C]):
    """A catalogue of patterns in precedence order.

    Exclusions are applied walking the catalogue in this order: a pattern that is still
    present removes every pattern it excludes, so a pattern suppressed by a bigger one
    does not suppress anything itself (order the catalogue from big to small).
    """

    def __init__(self, defs: Sequence[PatternDef[C]]) -> None:
        self.defs: tuple[PatternDef[C], ...] = tuple(defs)
        self.by_id: dict[str, PatternDef[C]] = {d.id: d for d in self.defs}
        if len(self.by_id) != len(self.defs):
            raise ValueError("duplicate pattern id")
        for d in self.defs:
            unknown = [x for x in d.excludes if x not in self.by_id]
            if unknown:
                raise ValueError(f"{d.id} excludes unknown ids {unknown}")
        self.ids: tuple[str, ...] = tuple(d.id for d in self.defs)
        self.excludes: dict[str, tuple[str, ...]] = {d.id: d.excludes for d in self.defs}
        self.order: dict[str, int] = {d.id: i for i, d in enumerate(self.defs)}
        self._hits: dict[tuple[str, int, int | None], PatternHit] = {}  # immutable, reused
        self._values: dict[str, int] = {d.id: d.value for d in self.defs}

    def count(self, ctx: C) -> Counts:
        """Raw counts from the patterns' own counters (zero counts left out)."""
        out: Counts = {}
        for d in self.defs:
            if d.counter is not None:
                n = d.counter(ctx)
                if n:
                    out[d.id] = n
        return out

    def exclude(
        self, counts: Mapping[str, int], excludes: Mapping[str, tuple[str, ...]] | None = None
    ) -> Counts:
        """Apply the "not counted with" rules. ``excludes`` overrides some patterns' lists
        (for an edition or option); other patterns keep their catalogue lists. The result
        is in catalogue order."""
        present = [k for k, v in counts.items() if v > 0]
        lists = self.excludes if excludes is None else {**self.excludes, **excludes}
        kept = self._survivors(present, lists)
        return {pid: counts[pid] for pid in kept}

    def _survivors(
        self, present: list[str], lists: Mapping[str, tuple[str, ...]]
    ) -> tuple[str, ...]:
        """The present patterns that no pattern still present excludes, in order."""
        ordered = self._in_order(present)
        dropped: set[str] = set()
        for pid in ordered:
            if pid not in dropped:
                dropped.update(lists[pid])
        return tuple([pid for pid in ordered if pid not in dropped])

    def _in_order(self, ids: Iterable[str]) -> tuple[str, ...]:
        """``ids`` in catalogue order."""
        order = self.order
        names = self.ids
        return tuple([names[rank] for rank in sorted([order[pid] for pid in ids])])

    def total(self, counts: Mapping[str, int], values: Mapping[str, int] | None = None) -> int:
        """Sum of value × count; ``values`` overrides some patterns' values."""
        base = self._values
        if values:
            return sum(values.get(k, base[k]) * n for k, n in counts.items())
        return sum(base[k] * n for k, n in counts.items())

    def hits(
        self, counts: Mapping[str, int], values: Mapping[str, int] | None = None
    ) -> tuple[PatternHit, ...]:
        """Pattern hits in catalogue order."""
        vals = values or {}
        out = []
        for k in self._in_order(counts):
            n = counts[k]
            if n <= 0:
                continue
            key = (k, n, vals.get(k))
            hit = self._hits.get(key)
            if hit is None:
                hit = self._hits[key] = self.by_id[k].hit(n, key[2])
            out.append(hit)
        return tuple(out)


class Evaluation(Generic[A]):
    """One candidate reading of a hand with its (already excluded) pattern counts."""

    def __init__(self, arrangement: A, counts: Counts, total: int) -> None:
        self.arrangement: Final = arrangement
        self.counts: Final = counts
        self.total: Final = total


def best_total(
    candidates: Iterable[A],
    evaluate: Callable[[A], tuple[Counts, int]],
    prefer: Callable[[Evaluation[A], Evaluation[A]], bool] | None = None,
) -> Evaluation[A] | None:
    """Evaluate every candidate arrangement and keep the highest total.

    ``evaluate`` returns (counts, total). On a tie the earlier candidate is kept unless
    ``prefer(new, kept)`` says the new one should be reported instead (totals are equal
    either way). None when there is no candidate.
    """
    best: Evaluation[A] | None = None
    for cand in candidates:
        counts, total = evaluate(cand)
        ev = Evaluation(cand, counts, total)
        if best is None or total > best.total or (
            total == best.total and prefer is not None and prefer(ev, best)
        ):
            best = ev
    return best
