"""Properties over many generated 17-tile wins: totals add up, legality is the minimum on
qualifying points, and the face-down set plus the scored part is the whole hand."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.context import WinContext
from engine.notation import parse_tiles
from engine.rng import SeededStream
from engine.ruleset import options_schema
from engine.tiles import kind_of
from rulesets.mcr.options import Options as MCROptions
from rulesets.three_kingdoms import RULESET, Options
from rulesets.three_kingdoms.face_down import choices
from rulesets.three_kingdoms.scorer import _checked, score_choice
from tests.rulesets.mcr.generator import generate
from tests.rulesets.three_kingdoms.test_differential import _extra_set


def _hands(seed: str, n: int) -> list[WinContext]:
    rng = SeededStream(seed.encode())
    out = []
    for hand in generate(seed, n):
        hand = replace(hand, flowers=0)
        extra = _extra_set(hand, rng, False)
        if extra is not None:
            out.append(replace(hand, melds=(*hand.melds, extra)))
    return out


def test_totals_legality_and_face_down() -> None:
    options = Options()
    for hand in _hands("tk-properties", 300):
        result = RULESET.score(hand, options)
        assert result.patterns, hand.to_json()
        assert result.total == sum(p.points for p in result.patterns)
        ura = sum(p.points for p in result.patterns if p.id == "ura_dora")
        assert result.details["qualifying"] == result.total - ura
        assert result.legal == (result.details["qualifying"] >= 8)
        down = result.details["face_down"]
        assert Counter(kind_of(t) for t in parse_tiles(down["tiles"])) <= Counter(
            k for k in range(34) for _ in range(hand.all_counts()[k])
        )


def test_every_choice_keeps_the_tiles() -> None:
    mcr = MCROptions(use_flowers=False)
    for hand in _hands("tk-choices", 100):
        win = _checked(hand)
        whole = Counter(k for k in range(34) for _ in range(win.all_counts()[k]))
        for c in choices(win):
            part = Counter(k for k in range(34) for _ in range(c.part.all_counts()[k]))
            assert part + Counter(c.kinds) == whole
            scored = score_choice(win, c, Options(), mcr)
            if scored is not None:
                assert scored.total >= scored.qualifying


def test_options_schema() -> None:
    schema = options_schema(RULESET)
    assert schema["additionalProperties"] is False
    assert "leftover_deposits" in schema["properties"]
