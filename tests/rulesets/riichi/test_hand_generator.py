"""The seeded hand generator makes valid, varied, reproducible winning hands."""

from __future__ import annotations

from collections import Counter

from engine.melds import MeldType
from engine.shapes import is_complete
from engine.tiles import is_red
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.validate import check_win
from tests.rulesets.riichi.hand_generator import HandGenerator

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan",
         "chankan", "tenhou", "chiihou")


def test_reproducible() -> None:
    a = [h.to_json() for h in HandGenerator(b"same").hands(200)]
    b = [h.to_json() for h in HandGenerator(b"same").hands(200)]
    c = [h.to_json() for h in HandGenerator(b"other").hands(200)]
    assert a == b and a != c


def test_valid_and_varied() -> None:
    seen: Counter[str] = Counter()
    opts = RiichiOptions(aka_dora=3)
    for ctx in HandGenerator(b"coverage").hands(4000):
        ctx.check(14)
        check_win(ctx, opts)
        assert is_complete(ctx.concealed_counts(), len(ctx.melds))
        seen.update(m.type.value for m in ctx.melds)
        seen["open" if ctx.is_open else "closed"] += 1
        seen["with_kan_closed"] += ctx.is_open is False and any(m.is_kong for m in ctx.melds)
        tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
        seen["red_five"] += any(is_red(t) for t in tiles)
        seen["dora_indicators"] += bool(ctx.dora_indicators)
        seen["kan_dora_indicators"] += len(ctx.dora_indicators) > 1
        seen["ura_indicators"] += bool(ctx.ura_dora_indicators)
        seen.update(f for f in FLAGS if getattr(ctx, f))
        seen[f"seat_{ctx.seat_wind}"] += 1
        seen[f"round_{ctx.round_wind}"] += 1
    for meld in MeldType:
        assert seen[meld.value] > 20, meld
    for key in ("open", "closed", "with_kan_closed", "red_five", "dora_indicators",
                "kan_dora_indicators", "ura_indicators", *FLAGS,
                *(f"seat_{i}" for i in range(1, 5)), *(f"round_{i}" for i in range(1, 5))):
        assert seen[key] > 5, key
