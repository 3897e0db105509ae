"""Yaku marked ``exact`` are decided by their ``needs`` alone (the scorer does not call
their predicate): on generated hands the features and the predicate always agree."""

from __future__ import annotations

from dataclasses import replace

from rulesets.riichi.decompose import hand_readings
from rulesets.riichi.hand import KIND_OF, HandFacts
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.patterns import CATALOGUE
from tests.rulesets.riichi.hand_generator import HandGenerator

EXACT = [d for d in CATALOGUE if d.exact]


def test_exact_entries_are_per_hand() -> None:
    assert EXACT
    assert all(d.per_hand and d.needs for d in EXACT)


def test_needs_decide_exact_entries() -> None:
    opts = RiichiOptions()
    seen: dict[str, int] = {d.id: 0 for d in EXACT}
    for ctx in HandGenerator(b"exact-needs").hands(3000):
        for c in (ctx, replace(ctx, extra={"paarenchan": True})):
            h = HandFacts(c, opts)
            rs = hand_readings(h.concealed_key, h.parts, c.melds, KIND_OF[c.win_tile], c.tsumo)
            if not rs:
                continue
            for d in EXACT:
                by_needs = d.needs & h.features == d.needs
                assert by_needs == bool(d.test(h, rs[0])), (d.id, c.to_json())
                seen[d.id] += by_needs
    assert all(seen.values()), seen
