"""Scoring results shared by every ruleset: itemised pattern hits and the hand's score.

The generic pattern framework lives here too: ``PatternDef`` (names, value, exclusions as
data), ``PatternSet`` (a catalogue that applies exclusions and adds up) and ``best_total``
(evaluate every arrangement of a hand, keep the best). Nothing here is specific to a ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar


@dataclass(frozen=True, slots=True)
class PatternHit:
    """One scored pattern (fan / yaku / ZJ pattern / dora) and how often it counts."""

    id: str
    zh: str
    en: str
    ja: str
    value: int  # per occurrence
    count: int = 1

    @property
    def points(self) -> int:
        return self.value * self.count

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "zh": self.zh,
            "en": self.en,
            "ja": self.ja,
            "value": self.value,
            "count": self.count,
        }


class ScoreError:
    """Result codes of a hand that does not score (../shared/formats/hand-jsonl.md)."""

    INVALID_INPUT = "invalid_input"
    NOT_A_WIN = "not_a_win"
    NO_YAKU = "no_yaku"
    BELOW_MINIMUM = "below_minimum"


@dataclass(frozen=True, slots=True)
class Score:
    """The value of a win. ``legal`` is whether the hand may be declared (minimum met, a
    yaku present); ``error`` names why not, or why there is no score at all.
    ``details`` carries the ruleset's own output fields (han, fu, payment, face_down…)."""

    ruleset: str
    patterns: tuple[PatternHit, ...] = ()
    total: int = 0
    legal: bool = False
    error: str | None = None
    message: str = ""
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The hand-jsonl output object (without ``id``)."""
        if self.error is not None and not self.patterns:
            return {"ok": False, "error": self.error, "message": self.message}
        out: dict[str, Any] = {
            "ok": self.error is None,
            "ruleset": self.ruleset,
            "patterns": [p.to_json() for p in self.patterns],
            "total": self.total,
            "legal": self.legal,
        }
        if self.error is not None:
            out["error"] = self.error
            out["message"] = self.message
        out.update(self.details)
        return out

    @classmethod
    def failure(cls, ruleset: str, error: str, message: str) -> Score:
        return cls(ruleset=ruleset, error=error, message=message)


# ------------------------------------------------------------------ pattern framework

Counts = dict[str, int]
C = TypeVar("C")
A = TypeVar("A")


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
        (for an edition or option); other patterns keep their catalogue lists."""
        present = {k: v for k, v in counts.items() if v > 0}
        for pid in sorted(present, key=self.order.__getitem__):
            if pid not in present:
                continue
            lst = self.by_id[pid].excludes
            if excludes is not None and pid in excludes:
                lst = excludes[pid]
            for other in lst:
                present.pop(other, None)
        return present

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
        for k in sorted(counts, key=self.order.__getitem__):
            n = counts[k]
            if n <= 0:
                continue
            key = (k, n, vals.get(k))
            hit = self._hits.get(key)
            if hit is None:
                hit = self._hits[key] = self.by_id[k].hit(n, key[2])
            out.append(hit)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Evaluation(Generic[A]):
    """One candidate reading of a hand with its (already excluded) pattern counts."""

    arrangement: A
    counts: Counts
    total: int


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
