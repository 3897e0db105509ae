"""Properties of riichi scoring over generated hands (hypothesis drives the generator's
seed): tile order does not matter, a red five is a plain five unless red fives are on,
then it adds exactly one aka dora, and an extra dora indicator never lowers the value."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.context import WinContext
from engine.tiles import RED_FIVES, kind_of
from rulesets.riichi import RULESET
from rulesets.riichi.options import RiichiOptions
from tests.rulesets.riichi.hand_generator import HandGenerator

PLAIN = RiichiOptions()
RED = RiichiOptions(aka_dora=3)


def _hand(seed: bytes, red_fives: bool = False) -> WinContext:
    gen = HandGenerator(b"prop" + seed, red_fives=red_fives)
    return next(gen.hands(1))


def _without_reds(ctx: WinContext) -> WinContext:
    def plain(t: int) -> int:
        return kind_of(t) if t in RED_FIVES else t

    return replace(ctx, concealed=tuple(plain(t) for t in ctx.concealed),
                   win_tile=plain(ctx.win_tile),
                   melds=tuple(type(m)(m.type, tuple(plain(t) for t in m.tiles))
                               for m in ctx.melds))


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_tile_order_does_not_matter(seed: bytes, rnd: object) -> None:
    ctx = _hand(seed)
    tiles = list(ctx.concealed)
    rnd.shuffle(tiles)  # type: ignore[attr-defined]
    shuffled = replace(ctx, concealed=tuple(tiles), melds=tuple(reversed(ctx.melds)))
    assert RULESET.score(shuffled, PLAIN).to_json() == RULESET.score(ctx, PLAIN).to_json()


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=1, max_size=8))
def test_red_fives(seed: bytes) -> None:
    ctx = _hand(seed, red_fives=True)
    plain = _without_reds(ctx)
    assert RULESET.score(ctx, PLAIN).to_json() == RULESET.score(plain, PLAIN).to_json()
    reds = sum(1 for t in (*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles))
               if t in RED_FIVES)
    with_red = RULESET.score(ctx, RED).to_json()
    without = RULESET.score(plain, RED).to_json()
    assert with_red["ok"] == without["ok"]
    if with_red["ok"] and not with_red["yakuman"]:
        aka = {p["id"]: p["count"] for p in with_red["patterns"]}.get("aka_dora", 0)
        assert aka == reds
        assert with_red["han"] == without["han"] + reds


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=1, max_size=8), st.integers(0, 33))
def test_more_dora_never_lowers_the_value(seed: bytes, kind: int) -> None:
    ctx = _hand(seed)
    counts = ctx.all_counts()
    for t in (*ctx.dora_indicators, *ctx.ura_dora_indicators):
        counts[kind_of(t)] += 1
    if counts[kind] >= 4 or len(ctx.dora_indicators) >= 5:
        return  # a fifth copy or a sixth indicator: no table shows it
    if ctx.chankan and kind == kind_of(ctx.win_tile):
        return  # the robbed kong holds every other copy
    more = replace(ctx, dora_indicators=(*ctx.dora_indicators, kind))
    before = RULESET.score(ctx, PLAIN).to_json()
    after = RULESET.score(more, PLAIN).to_json()
    assert before["ok"] == after["ok"]
    if before["ok"]:
        assert after["total"] >= before["total"] and after["han"] >= before["han"]
