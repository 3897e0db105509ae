"""The generic pattern framework shared by every ruleset, and its results.

``PatternDef`` (names, value, exclusions as data, a predicate and the features it
needs), ``PatternSet`` (a catalogue that counts, applies exclusions and adds up),
``Gated`` (a count that skips the predicates a context's features rule out) and
``best_total`` (evaluate every arrangement of a hand, keep the best). The results,
``PatternHit`` and ``Score``, live in ``engine.score`` and are re-exported here. Nothing
here is specific to a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from mypy_extensions import mypyc_attr

from engine.score import PatternHit, Score, ScoreError

__all__ = [
    "Counts",
    "Evaluation",
    "Gated",
    "PatternDef",
    "PatternHit",
    "PatternSet",
    "Score",
    "ScoreError",
    "best_total",
]


# ------------------------------------------------------------------ pattern framework

Counts = dict[str, int]
_WORD: Final = 60  # bits of a rank set held in one machine word (mypyc's native int)
_Masks = tuple[tuple[int, ...], tuple[int, ...]]
C = TypeVar("C")
A = TypeVar("A")


@mypyc_attr(native_class=False)  # mypyc builds no generic dataclass (setup.py)
@dataclass(frozen=True, slots=True)
class PatternDef(Generic[C]):
    """One pattern of a ruleset's catalogue.

    ``excludes`` lists (as data) the ids this pattern suppresses when it is scored: the
    "not counted with" rule. ``counter`` optionally counts the pattern's occurrences in an
    arrangement context ``C``; rulesets that detect several patterns at once leave it None
    and feed counts to ``PatternSet.exclude`` themselves. ``needs``: features (a bit set
    of the ruleset's) a context must have for the counter to count anything, so a
    ``Gated`` count skips it on the others; ``exact``: the features alone decide, the
    counter answering 1 whenever they hold.
    """

    id: str
    zh: str
    en: str
    ja: str
    value: int
    excludes: tuple[str, ...] = ()
    counter: Callable[[C], int] | None = None
    needs: int = 0
    exact: bool = False

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
        if len(self.defs) > 2 * _WORD:
            raise ValueError(f"at most {2 * _WORD} patterns in a catalogue")
        # What each pattern excludes, as bit masks by catalogue position (two words), and
        # the same for overridden exclusion lists.
        self._excluded: _Masks = self._masks(self.excludes)
        self._overrides: list[tuple[Mapping[str, tuple[str, ...]], _Masks]] = []
        # Hits made so far: per pattern by count, and with an overridden value.
        self._hits: list[dict[int, PatternHit]] = [{} for _ in self.defs]  # by rank
        self._valued_hits: dict[tuple[str, int, int], PatternHit] = {}
        self._values: dict[str, int] = {d.id: d.value for d in self.defs}
        self._value_by_rank: list[int] = [d.value for d in self.defs]
        self._counters: list[tuple[str, Callable[[C], int]]] = []
        for d in self.defs:
            if d.counter is not None:
                self._counters.append((d.id, d.counter))

    def count(self, ctx: C) -> Counts:
        """Raw counts from the patterns' own counters (zero counts left out)."""
        out: Counts = {}
        for pid, counter in self._counters:
            n = int(counter(ctx))  # a predicate may answer True for 1
            if n:
                out[pid] = n
        return out

    def exclude(
        self, counts: Counts, excludes: Mapping[str, tuple[str, ...]] | None = None
    ) -> Counts:
        """Apply the "not counted with" rules. ``excludes`` overrides some patterns' lists
        (for an edition or option); other patterns keep their catalogue lists. The result
        is in catalogue order."""
        return self.exclude_with_total(counts, excludes)[0]

    def exclude_with_total(
        self,
        counts: Counts,
        excludes: Mapping[str, tuple[str, ...]] | None = None,
        values: Mapping[str, int] | None = None,
    ) -> tuple[Counts, int]:
        """``exclude`` and the ``total`` of what it keeps, in one pass."""
        ranks = self._ranks(counts)
        low, high = self._excluded if excludes is None else self._excluded_with(excludes)
        # The dropped ranks as two machine-word bit sets (no allocation, compiled).
        dropped_low = dropped_high = 0
        for r in ranks:
            if r < _WORD:
                if not dropped_low >> r & 1:
                    dropped_low |= low[r]
                    dropped_high |= high[r]
            elif not dropped_high >> (r - _WORD) & 1:
                dropped_low |= low[r]
                dropped_high |= high[r]
        ids = self.ids
        base = self._value_by_rank
        out: Counts = {}
        total = 0
        for r in ranks:
            if r < _WORD:
                if dropped_low >> r & 1:
                    continue
            elif dropped_high >> (r - _WORD) & 1:
                continue
            k = ids[r]
            n = counts[k]
            out[k] = n
            total += (base[r] if values is None else values.get(k, base[r])) * n
        return out, total

    def _ranks(self, counts: Counts) -> list[int]:
        """The catalogue positions of the patterns counted at least once, in order."""
        order = self.order
        ranks = [order[k] for k, n in counts.items() if n > 0]
        ranks.sort()
        return ranks

    def _excluded_with(self, excludes: Mapping[str, tuple[str, ...]]) -> _Masks:
        for known, masks in self._overrides:
            if known is excludes:
                return masks
        masks = self._masks({pid: excludes.get(pid, self.excludes[pid]) for pid in self.ids})
        self._overrides = [*self._overrides[-7:], (excludes, masks)]  # a few, by identity
        return masks

    def _masks(self, lists: Mapping[str, tuple[str, ...]]) -> _Masks:
        low = []
        high = []
        for pid in self.ids:
            bits = 0
            for x in lists[pid]:
                bits |= 1 << self.order[x]
            low.append(bits & ((1 << _WORD) - 1))
            high.append(bits >> _WORD)
        return tuple(low), tuple(high)

    def total(self, counts: Counts, values: Mapping[str, int] | None = None) -> int:
        """Sum of value × count; ``values`` overrides some patterns' values."""
        base = self._values
        total = 0
        if values:
            for k, n in counts.items():
                total += values.get(k, base[k]) * n
        else:
            for k, n in counts.items():
                total += base[k] * n
        return total

    def hits(
        self, counts: Counts, values: Mapping[str, int] | None = None
    ) -> tuple[PatternHit, ...]:
        """Pattern hits in catalogue order (immutable, so each is made once and reused).
        ``counts`` usually comes in catalogue order already (``exclude`` keeps it): then
        nothing is sorted."""
        out = []
        order = self.order
        made = self._hits
        last = -1
        in_order = True
        for k, n in counts.items():
            if n <= 0:
                continue
            r = order[k]
            if r < last:
                in_order = False
            last = r
            value = values.get(k) if values else None
            if value is None:
                by_count = made[r]
                hit = by_count.get(n)
                if hit is None:
                    hit = by_count[n] = self.defs[r].hit(n)
            else:
                key = (k, n, value)
                hit = self._valued_hits.get(key)
                if hit is None:
                    hit = self._valued_hits[key] = self.defs[r].hit(n, value)
            out.append(hit)
        if not in_order:
            out.sort(key=lambda h: order[h.id])
        return tuple(out)


class Gated(Generic[C]):
    """``PatternSet.count`` with each pattern's ``needs`` tested first: a pattern whose
    features the context lacks is not asked, an ``exact`` one is counted without asking.
    The plan for each features value is remembered, so a ``Gated`` belongs to whoever
    scores with it (a table's scorer), not to a module. Counts are in catalogue order.
    ``ids``: count only these patterns (a ruleset that counts some patterns once per hand
    and others once per reading keeps a ``Gated`` for each group)."""

    def __init__(self, patterns: PatternSet[C], ids: Collection[str] | None = None) -> None:
        self.patterns = patterns
        self._gates: list[tuple[str, Callable[[C], int], int, bool]] = []
        for d in patterns.defs:
            if d.counter is not None and (ids is None or d.id in ids):
                self._gates.append((d.id, d.counter, d.needs, d.exact))
        self._plans: dict[int, list[tuple[str, Callable[[C], int] | None]]] = {}

    def count(self, ctx: C, features: int, out: Counts | None = None) -> Counts:
        """The counts, added to ``out`` when it is given (and returned)."""
        plan = self._plans.get(features)
        if plan is None:
            plan = self._plan(features)
        if out is None:
            out = {}
        for pid, counter in plan:
            if counter is None:
                out[pid] = 1
            else:
                n = int(counter(ctx))
                if n:
                    out[pid] = n
        return out

    def _plan(self, features: int) -> list[tuple[str, Callable[[C], int] | None]]:
        plan: list[tuple[str, Callable[[C], int] | None]] = []
        for pid, counter, needs, exact in self._gates:
            if needs & features == needs:
                plan.append((pid, None if exact else counter))
        self._plans[features] = plan
        return plan


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
