"""Differential test against PyMahjongGB 1.4.0, the reference calculator (mcr.md §0).

20,000 seeded hands from every generator profile must agree exactly on the total and on
the multiset of fans (oracle fans mapped by Chinese name).
"""

from __future__ import annotations

from collections import Counter

import pytest

from rulesets.mcr import RULESET, Options
from rulesets.mcr.patterns import FANS

from .generator import generate
from .oracle import oracle_score

pytest.importorskip("MahjongGB")

N_HANDS = 20_000
# PyMahjongGB reads the 1998 rules: compare the edition that follows it, not the default.
REFERENCE = Options(edition="botzone1998")


def test_agrees_with_reference_calculator() -> None:
    options = REFERENCE
    disagreements = []
    seen: Counter[str] = Counter()
    for win in generate("differential-20k", N_HANDS):
        ours = RULESET.score(win, options)
        ref = oracle_score(win)
        assert ref is not None, f"oracle finds no win: {win.to_json()}"
        mine = Counter({p.id: p.count for p in ours.patterns})
        seen.update(mine)
        if mine != ref[1] or ours.total != ref[0]:
            disagreements.append((win.to_json(), dict(mine), dict(ref[1])))
        assert ours.legal == (ours.total - win.flowers >= 8)
    assert not disagreements, disagreements[:5]
    never = [d.id for d in FANS if not seen[d.id]]
    assert not never, f"the generator never produced {never}"


def test_agrees_on_perturbed_hands_including_non_wins() -> None:
    """Generated wins with the winning tile or one concealed tile replaced: mostly not
    wins any more; both scorers must agree on which are, and on their fans."""
    from engine.context import WinContext
    from engine.rng import SeededStream

    rng = SeededStream(b"perturb")
    options = REFERENCE
    checked = 0
    for win in generate("differential-perturbed", 5000):
        concealed = list(win.concealed)
        if rng.below(2):
            tile = rng.below(34)
        else:
            tile = win.win_tile
            concealed[rng.below(len(concealed))] = rng.below(34)
        hand = WinContext(
            concealed=tuple(concealed), win_tile=tile, melds=win.melds, tsumo=win.tsumo
        )
        ours = RULESET.score(hand, options)
        if ours.error == "invalid_input":
            continue
        checked += 1
        ref = oracle_score(hand)
        assert (ours.error != "not_a_win") == (ref is not None), hand.to_json()
        if ref is not None:
            assert Counter({p.id: p.count for p in ours.patterns}) == ref[1], hand.to_json()
            assert ours.total == ref[0]
    assert checked > 4000
