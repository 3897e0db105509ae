"""The riichi readings are exactly the engine's arrangements (engine.shapes), on generated
hands and on hands with many readings."""

from __future__ import annotations

from engine.blocks import BlockKind
from engine.context import WinContext
from engine.shapes import Arrangement, Shape, arrangements
from rulesets.riichi.decompose import key_of, readings
from rulesets.riichi.hand import KIND_OF, Reading
from tests.rulesets.riichi.hand_generator import HandGenerator

Key = tuple[str, tuple[int, ...], tuple[int, ...], tuple[int, ...], str]


def _engine_key(a: Arrangement) -> Key:
    chows = sorted(b.tile for b in a.blocks if b.kind is BlockKind.CHOW)
    triplets = sorted(b.tile for b in a.blocks if b.kind in (BlockKind.PUNG, BlockKind.KONG))
    pairs = sorted(b.tile for b in a.blocks if b.kind is BlockKind.PAIR)
    return (a.shape.value, tuple(chows), tuple(triplets), tuple(pairs), a.wait.value)


def _our_key(r: Reading) -> Key:
    pairs = r.pairs or ([r.pair] if r.pair >= 0 else [])
    return (r.shape.value, tuple(r.chows), tuple(r.triplets), tuple(sorted(pairs)),
            r.wait.value)


def _compare(ctx: WinContext) -> None:
    counts = ctx.concealed_counts()
    keys = [key_of(counts[lo : lo + 9]) for lo in (0, 9, 18)] + [key_of(counts[27:])]
    ours = sorted(_our_key(r) for r in readings(counts, keys, ctx.melds,
                                                KIND_OF[ctx.win_tile], ctx.tsumo))
    theirs = sorted(_engine_key(a) for a in arrangements(counts, ctx.melds, ctx.win_kind))
    assert ours == theirs, ctx.to_json()


def test_same_readings_as_engine_on_generated_hands() -> None:
    for ctx in HandGenerator(b"decompose").hands(3000):
        _compare(ctx)


def test_many_readings() -> None:
    for text, win in [
        ("1112223334445m", "5m"),  # many ways
        ("2223334445556p", "6p"),
        ("1122335566778s", "8s"),  # seven pairs and standard
        ("2233445566778p", "8p"),
        ("1112345678999m", "5m"),  # nine gates, nine-sided
    ]:
        ctx = WinContext.from_json({"concealed": text, "win_tile": win})
        _compare(ctx)


def test_ankou_counts_ron_completed_triplet_as_open() -> None:
    ron = WinContext.from_json({"concealed": "111m333m555p77s22z", "win_tile": "2z"})
    tsumo = WinContext.from_json({"concealed": "111m333m555p77s22z", "win_tile": "2z",
                                  "tsumo": True})
    for ctx, expected in ((ron, 3), (tsumo, 4)):
        counts = ctx.concealed_counts()
        keys = [key_of(counts[lo : lo + 9]) for lo in (0, 9, 18)] + [key_of(counts[27:])]
        rs = readings(counts, keys, ctx.melds, ctx.win_kind, ctx.tsumo)
        assert [r.ankou for r in rs if r.shape is Shape.STANDARD] == [expected]
