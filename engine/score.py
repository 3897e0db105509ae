"""Scoring results shared by every ruleset: itemised pattern hits and a hand's score.

Not compiled (setup.py): events carry these types, and pydantic reads their annotations,
which a compiled module does not keep. ``engine.scoring`` re-exports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


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
