"""What the yaku and fu rules look at: facts about the whole hand (computed once per win)
and about one reading of it (one ``engine.shapes.Arrangement``)."""

from __future__ import annotations

from engine.context import WinContext
from engine.melds import MeldType
from engine.shapes import Arrangement, BlockKind, Shape, Wait
from engine.tiles import DRAGONS, NUM_KINDS, WINDS, is_terminal_or_honor
from rulesets.riichi.options import RiichiOptions

GREEN_KINDS = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z (§1)
_YAOCHUU = tuple(is_terminal_or_honor(k) for k in range(NUM_KINDS))


class HandFacts:
    """Reading-independent facts of a win."""

    __slots__ = (
        "all_green",
        "all_honors",
        "all_simples",
        "all_terminals",
        "all_yaochuu",
        "closed",
        "concealed_counts",
        "counts",
        "ctx",
        "dealer",
        "has_honors",
        "has_melds",
        "opts",
        "round_tile",
        "seat_tile",
        "suits",
    )

    def __init__(self, ctx: WinContext, opts: RiichiOptions) -> None:
        self.ctx = ctx
        self.opts = opts
        self.concealed_counts = ctx.concealed_counts()
        counts = list(self.concealed_counts)
        for meld in ctx.melds:
            for k in meld.kinds():
                counts[k] += 1
        self.counts = counts
        self.closed = not ctx.is_open
        self.has_melds = bool(ctx.melds)
        self.dealer = ctx.seat_wind == 1
        self.seat_tile = 26 + ctx.seat_wind
        self.round_tile = 26 + ctx.round_wind
        present = [k for k in range(NUM_KINDS) if counts[k]]
        self.suits = frozenset(k // 9 for k in present if k < 27)
        self.has_honors = any(k >= 27 for k in present)
        self.all_honors = not self.suits
        self.all_simples = all(not _YAOCHUU[k] for k in present)
        self.all_yaochuu = all(_YAOCHUU[k] for k in present)
        self.all_terminals = self.all_yaochuu and not self.has_honors
        self.all_green = all(k in GREEN_KINDS for k in present)


class Reading:
    """One interpretation of the hand: its sets, pair(s) and how the winning tile was waited on."""

    __slots__ = (
        "ankou",
        "arrangement",
        "chows",
        "kongs",
        "pair",
        "pairs",
        "shape",
        "triplets",
        "wait",
    )

    def __init__(self, arr: Arrangement, tsumo: bool) -> None:
        self.arrangement = arr
        self.shape = arr.shape
        self.wait = arr.wait
        chows: list[int] = []
        triplets: list[int] = []
        pairs: list[int] = []
        kongs = 0
        ankou = 0
        win_index = arr.win_index
        for i, block in enumerate(arr.blocks):
            kind = block.kind
            if kind is BlockKind.CHOW:
                chows.append(block.tile)
            elif kind is BlockKind.PAIR:
                pairs.append(block.tile)
            else:
                triplets.append(block.tile)
                if kind is BlockKind.KONG:
                    kongs += 1
                # §5: a triplet completed by ron counts as open.
                if block.meld is None:
                    if tsumo or i != win_index:
                        ankou += 1
                elif block.meld is MeldType.ANKAN:
                    ankou += 1
        chows.sort()
        triplets.sort()
        self.chows = chows
        self.triplets = triplets
        self.pairs = pairs
        self.pair = pairs[0] if len(pairs) == 1 else -1
        self.kongs = kongs
        self.ankou = ankou

    @property
    def standard(self) -> bool:
        return self.shape is Shape.STANDARD

    def all_blocks_have(self, terminal_only: bool) -> bool:
        """Every set and the pair contain a terminal (or an honor unless ``terminal_only``)."""
        for block in self.arrangement.blocks:
            t = block.tile
            if block.kind is BlockKind.CHOW:
                if t % 9 not in (0, 6):
                    return False
            elif t >= 27:
                if terminal_only:
                    return False
            elif t % 9 not in (0, 8):
                return False
        return True


def dragon_triplets(r: Reading) -> int:
    return sum(1 for t in r.triplets if t in DRAGONS)


def wind_triplets(r: Reading) -> int:
    return sum(1 for t in r.triplets if t in WINDS)


def is_two_sided(r: Reading) -> bool:
    return r.wait is Wait.TWO_SIDED
