"""The yaku catalogue is written in the shared pattern framework (``engine.scoring``):
every entry is a ``PatternDef`` whose counter is its predicate, ``PATTERNS`` applies the
exclusions, and the scorer's fast path (features first, ``exact`` entries decided by them,
per-hand predicates asked once) finds on every reading exactly what the counters count, on
generated hands and on every hand vector."""

from __future__ import annotations

from dataclasses import replace

from engine.context import InvalidInput, WinContext
from engine.scoring import PatternDef
from rulesets.riichi.decompose import hand_readings
from rulesets.riichi.hand import KIND_OF, HandFacts
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.patterns import BY_ID, CATALOGUE, PATTERNS
from rulesets.riichi.scorer import Actives, actives_of
from tests.rulesets.riichi.hand_generator import HandGenerator
from tests.rulesets.riichi.vectors import NOT_INPUT, hand_vectors, options_of

LOCAL_ON = RiichiOptions(
    isshoku_sanjun=True, sanrenkou=True, suurenkou=True, daisharin=True, paarenchan=True
)


def test_entries_are_framework_patterns() -> None:
    assert PATTERNS.ids == tuple(d.id for d in CATALOGUE)
    for d in CATALOGUE:
        assert isinstance(d, PatternDef)
        assert d.value == (13 * d.yakuman if d.yakuman else d.han_closed)
        assert d.counter is not None


def test_exclusions_are_closed() -> None:
    """What a yaku removes, it removes with everything that yaku removes: so the result of
    the exclusions does not depend on the order they are applied in."""
    for d in CATALOGUE:
        for x in d.excludes:
            assert set(BY_ID[x].excludes) <= set(d.excludes), (d.id, x)


def test_exclusions_keep_the_bigger_yaku() -> None:
    counts = {"riichi": 1, "double_riichi": 1, "sanankou": 1, "suuankou_tanki": 1, "suuankou": 1}
    assert PATTERNS.exclude(counts) == {"double_riichi": 1, "suuankou_tanki": 1}


def _fast_and_slow(ctx: WinContext, opts: RiichiOptions, actives: Actives) -> set[str]:
    """Checks every reading of the hand; returns the yaku found."""
    h = HandFacts(ctx, opts)
    rs = hand_readings(h.concealed_key, h.parts, ctx.melds, KIND_OF[ctx.win_tile], ctx.tsumo)
    if not rs:
        return set()
    active = actives[2] if h.closed else actives[1]
    in_force = {d.id for d, _ in active.entries if d.special is None}
    sure, hand_cands = active.for_hand(h.features)
    by_hand = sure
    for b, test in hand_cands:
        if test(h, rs[0]):
            by_hand |= b
    seen: set[str] = set()
    for r in rs:
        found = by_hand
        for b, test in active.for_features(r.features | h.reading_bits):
            if test(h, r):
                found |= b
        fast = {d.id for i, (d, _) in enumerate(active.entries) if found >> i & 1}
        slow = set(PATTERNS.count((h, r))) & in_force
        assert fast == slow, (ctx.to_json(), fast ^ slow)
        seen |= fast
    return seen


def test_the_fast_path_finds_what_the_counters_count() -> None:
    seen: set[str] = set()
    for opts in (RiichiOptions(), LOCAL_ON):
        actives = actives_of(opts)
        for ctx in HandGenerator(b"fast-path").hands(1500):
            for c in (ctx, replace(ctx, extra={"paarenchan": True})):
                seen |= _fast_and_slow(c, opts, actives)
    for v in hand_vectors():
        obj = {k: x for k, x in v.items() if k not in NOT_INPUT}
        try:
            ctx = WinContext.from_json(obj)
        except InvalidInput:
            continue
        if "extra" in v:
            ctx = replace(ctx, extra=v["extra"])
        opts = options_of(v)
        seen |= _fast_and_slow(ctx, opts, actives_of(opts))
    missing = {d.id for d in CATALOGUE if d.special is None} - seen
    assert not missing, missing
