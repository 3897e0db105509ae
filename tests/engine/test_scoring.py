"""The generic pattern framework of engine/scoring.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.scoring import (
    Evaluation,
    Gated,
    PatternDef,
    PatternHit,
    PatternSet,
    Score,
    best_total,
)


def _set() -> PatternSet[list[int]]:
    return PatternSet(
        [
            PatternDef("big", "大", "Big", "大", 10, excludes=("mid", "small"),
                       counter=lambda c: int(sum(c) >= 10)),
            PatternDef("mid", "中", "Mid", "中", 4, excludes=("tiny",),
                       counter=lambda c: int(sum(c) >= 5)),
            PatternDef("small", "小", "Small", "小", 2, counter=lambda c: len(c)),
            PatternDef("tiny", "微", "Tiny", "微", 1, counter=lambda c: int(0 in c)),
        ]
    )


def test_counters_and_exclusions_are_directional() -> None:
    ps = _set()
    raw = ps.count([0, 5, 6])
    assert raw == {"big": 1, "mid": 1, "small": 3, "tiny": 1}
    # big removes mid, so mid no longer removes tiny
    assert ps.exclude(raw) == {"big": 1, "tiny": 1}
    assert ps.exclude({"mid": 1, "tiny": 1}) == {"mid": 1}
    assert ps.exclude(raw, {"big": ()}) == {"big": 1, "mid": 1, "small": 3}


def test_gated_counts_skip_what_the_features_rule_out() -> None:
    asked: list[str] = []

    def counter(pid: str, n: int) -> Callable[[None], int]:
        def count(ctx: None) -> int:
            asked.append(pid)
            return n

        return count

    ps: PatternSet[None] = PatternSet(
        [
            PatternDef("a", "甲", "A", "甲", 1, counter=counter("a", 1), needs=0b01),
            PatternDef("b", "乙", "B", "乙", 1, counter=counter("b", 0), needs=0b11, exact=True),
            PatternDef("c", "丙", "C", "丙", 1, counter=counter("c", 2)),
            PatternDef("d", "丁", "D", "丁", 1),
        ]
    )
    gated = Gated(ps)
    assert gated.count(None, 0b00) == {"c": 2}
    assert asked == ["c"]
    # an exact pattern is counted from its features, its counter not asked
    assert gated.count(None, 0b11) == {"a": 1, "b": 1, "c": 2}
    assert asked == ["c", "a", "c"]
    assert list(gated.count(None, 0b11)) == ["a", "b", "c"]  # catalogue order


def test_exclusion_with_its_total() -> None:
    ps = _set()
    raw = {"tiny": 2, "mid": 1, "small": 3}
    kept = {"mid": 1, "small": 3}
    assert ps.exclude_with_total(raw) == (kept, ps.total(kept))
    assert ps.exclude_with_total(raw, None, {"small": 5}) == (kept, 4 + 15)
    assert ps.exclude_with_total(raw, {"mid": ()}) == (raw, 4 + 6 + 2)


def test_total_and_hits() -> None:
    ps = _set()
    counts = {"tiny": 2, "big": 1}
    assert ps.total(counts) == 12
    assert ps.total(counts, {"big": 20}) == 22
    hits = ps.hits(counts)
    assert hits == (
        PatternHit("big", "大", "Big", "大", 10, 1),
        PatternHit("tiny", "微", "Tiny", "微", 1, 2),
    )
    assert sum(h.points for h in hits) == 12


def test_bad_catalogues() -> None:
    with pytest.raises(ValueError):
        PatternSet([PatternDef("a", "", "", "", 1), PatternDef("a", "", "", "", 1)])
    with pytest.raises(ValueError):
        PatternSet([PatternDef("a", "", "", "", 1, excludes=("zzz",))])
    with pytest.raises(ValueError, match="at most 120 patterns"):
        PatternSet([PatternDef(f"p{i}", "", "", "", 1) for i in range(121)])


def test_exclusions_reach_past_the_first_machine_word() -> None:
    # 100 patterns: p0 excludes p99, p70 excludes p1 (a later pattern dropping an earlier)
    defs: list[PatternDef[object]] = [PatternDef(f"p{i}", "", "", "", 1) for i in range(100)]
    defs[0] = PatternDef("p0", "", "", "", 1, excludes=("p99",))
    defs[70] = PatternDef("p70", "", "", "", 1, excludes=("p1",))
    ps = PatternSet(defs)
    raw = {"p99": 1, "p70": 2, "p1": 1, "p0": 1, "p65": 1}
    assert ps.exclude_with_total(raw) == ({"p0": 1, "p65": 1, "p70": 2}, 4)


def test_best_total_and_ties() -> None:
    ps = _set()

    def evaluate(c: list[int]) -> tuple[dict[str, int], int]:
        counts = ps.exclude(ps.count(c))
        return counts, ps.total(counts)

    best = best_total([[1], [0, 5], [9, 1]], evaluate)
    assert best is not None and best.arrangement == [9, 1] and best.total == 10
    assert best_total([], evaluate) is None
    # equal totals: the first is kept unless prefer() says otherwise
    first = best_total([[1, 1], [2, 2]], evaluate)
    assert first is not None and first.arrangement == [1, 1]

    def later(new: Evaluation[list[int]], kept: Evaluation[list[int]]) -> bool:
        return True

    last = best_total([[1, 1], [2, 2]], evaluate, later)
    assert last is not None and last.arrangement == [2, 2]


def test_score_json() -> None:
    hit = PatternHit("x", "甲", "X", "エックス", 2, 3)
    ok = Score("t", (hit,), 6, True)
    assert ok.to_json()["patterns"][0]["count"] == 3
    bad = Score.failure("t", "not_a_win", "no")
    assert bad.to_json() == {"ok": False, "error": "not_a_win", "message": "no"}
