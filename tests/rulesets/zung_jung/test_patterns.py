"""The catalogue (zung-jung.md §6-§7, seed 003): 44 patterns in 10 categories, the seed's
points, series exclusions as data, and a scoring and a near-miss vector for each."""

from __future__ import annotations

from collections import Counter

from rulesets.zung_jung.patterns import BY_ID, CATALOGUE, LISTED_LIMITS, PATTERNS, number_of
from tests.rulesets.zung_jung.test_vectors import load_vectors, run_vector

# seed 003, v3.3: number -> points
SEED_POINTS = {
    "1.1": 5, "1.2": 5, "1.3": 5,
    "2.1.1": 40, "2.1.2": 80, "2.2": 480,
    "3.1": 10, "3.2.1": 40, "3.2.2": 130, "3.3.1": 30, "3.3.2": 120, "3.3.3": 320,
    "3.3.4": 400, "3.4": 320,
    "4.1": 30, "4.2.1": 5, "4.2.2": 30, "4.2.3": 125, "4.3.1": 5, "4.3.2": 20,
    "4.3.3": 120, "4.3.4": 480,
    "5.1.1": 10, "5.1.2": 60, "5.1.3": 120, "5.1.4": 480,
    "6.1": 35, "6.2.1": 30, "6.2.2": 120,
    "7.1": 40, "7.2.1": 100, "7.2.2": 200,
    "8.1.1": 40, "8.1.2": 50, "8.1.3": 100, "8.1.4": 400,
    "9.1.1": 10, "9.1.2": 10, "9.2": 10, "9.3": 10, "9.4.1": 155, "9.4.2": 155,
    "10.1": 160, "10.2": 30,
}  # fmt: skip


def test_44_patterns_in_10_categories() -> None:
    assert len(PATTERNS) == 44
    per_cat = Counter(p.category for p in PATTERNS)
    assert [per_cat[c] for c in range(1, 11)] == [3, 3, 8, 8, 4, 3, 3, 4, 6, 2]
    assert len({p.number for p in PATTERNS}) == 44
    assert len({p.id for p in PATTERNS}) == 44


def test_points_are_the_seeds() -> None:
    assert {p.number: p.pattern.value for p in PATTERNS} == SEED_POINTS


def test_names_present() -> None:
    for p in PATTERNS:
        d = p.pattern
        assert d.zh and d.en and d.ja, p.number
        assert d.id.isidentifier() and d.id == d.id.lower()
        assert number_of(d.id) == p.number


def test_listed_limits_are_the_patterns_of_320_or_more() -> None:
    assert {p.id for p in PATTERNS if p.pattern.value >= 320} == LISTED_LIMITS
    assert len(LISTED_LIMITS) == 7


def test_series_exclusions() -> None:
    """§5 item 2: each member of a series excludes exactly the lower-ranked members of it
    (9.1 and 9.4 are equal in value and exclusive anyway)."""
    for p in PATTERNS:
        same = [q for q in PATTERNS if q.series == p.series]
        lower = {q.id for q in same if _rank(q.number) < _rank(p.number)}
        in_series = {x for x in p.pattern.excludes if BY_ID[x].series == p.series}
        assert in_series == lower, p.number
        if p.category != 10:
            assert set(p.pattern.excludes) == lower, p.number


def _rank(number: str) -> tuple[int, ...]:
    return tuple(int(x) for x in number.split("."))


def test_irregular_hands_exclude_set_patterns() -> None:
    """§5 item 6: Seven Pairs keeps only patterns that need no sets; Thirteen Terminals
    keeps only category 9; neither has Concealed Hand."""
    seven = set(BY_ID["seven_pairs"].pattern.excludes)
    for p in PATTERNS:
        if p.category == 10:
            continue
        assert (p.id in seven) == (p.needs_sets or p.id == "concealed_hand"), p.number
    thirteen = set(BY_ID["thirteen_terminals"].pattern.excludes)
    assert thirteen == {p.id for p in PATTERNS if p.category not in (9,) and p.number != "10.1"}


def test_exclusion_keeps_highest_in_series() -> None:
    kept = CATALOGUE.exclude(
        {"two_concealed_triplets": 1, "three_concealed_triplets": 1, "four_concealed_triplets": 1}
    )
    assert kept == {"four_concealed_triplets": 1}
    kept = CATALOGUE.exclude({"value_honor": 3, "big_three_dragons": 1, "small_three_dragons": 1})
    assert kept == {"value_honor": 3, "big_three_dragons": 1}


def test_every_pattern_has_a_hit_and_a_near_miss_vector() -> None:
    hits: set[str] = set()
    misses: set[str] = set()
    for where, obj in load_vectors():
        cov = obj.get("covers")
        if cov is None:
            continue
        assert cov in BY_ID, where
        got = {p["id"] for p in run_vector(obj).get("patterns", [])}
        if obj["case"] == "hit":
            assert cov in got, where
            hits.add(cov)
        else:
            assert obj["case"] == "miss" and cov not in got, where
            misses.add(cov)
    ids = set(BY_ID)
    assert ids - hits == set(), "patterns without a scoring vector"
    assert ids - misses == set(), "patterns without a near-miss vector"


def test_every_pattern_is_found_by_its_own_predicate() -> None:
    """Each of the 44 carries the predicate the scorer counts it with (PatternSet.count);
    Chicken Hand (nothing else counted) and the bonus tiles (§9.3, from the flowers) are
    valued by the scorer, not found in a reading."""
    assert all(p.pattern.counter is not None for p in PATTERNS)
    found = {d.id for d in CATALOGUE.defs if d.counter is not None}
    assert found == set(BY_ID)
