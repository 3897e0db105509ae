"""Seeded hands for the scoring checks: complete hands (sets and a pair, some of them
called or declared, or seven pairs), random tiles, and impossible hands that every
ruleset must refuse as ``invalid_input`` (a wrong tile count, a fifth copy, a flower among
the tiles, flags that contradict each other, a tile the ruleset's set does not have)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.tiles import FIRST_FLOWER, NUM_KINDS

CHI, PON, MINKAN, ANKAN, KAKAN = (
    MeldType.CHI,
    MeldType.PON,
    MeldType.MINKAN,
    MeldType.ANKAN,
    MeldType.KAKAN,
)


@dataclass(frozen=True, slots=True)
class Hand:
    kind: str  # complete | random | impossible
    win: WinContext
    why: str = ""  # what makes an impossible hand impossible


class HandMaker:
    """Hands of ``hand_tiles`` tiles (14 or 17, kongs as 3) from the ``kinds`` a ruleset
    plays with, every choice drawn from ``random.Random(seed)``."""

    def __init__(self, seed: str, hand_tiles: int, kinds: Sequence[int]) -> None:
        self.rng = random.Random(seed)
        self.hand_tiles = hand_tiles
        self.kinds = sorted(set(kinds))
        self.missing = [k for k in range(NUM_KINDS) if k not in set(self.kinds)]
        kindset = set(self.kinds)
        self.chows = [k for k in self.kinds if k < 27 and k % 9 < 7 and {k + 1, k + 2} <= kindset]

    # ---------------------------------------------------------------- complete hands

    def complete(self) -> WinContext:
        rng = self.rng
        sets = (self.hand_tiles - 2) // 3
        if sets == 4 and rng.random() < 0.1:
            pairs = rng.sample(self.kinds, 7)
            tiles = [k for k in pairs for _ in range(2)]
            return self._finish(tiles, [], closed=True)
        for _ in range(100):
            used = [0] * NUM_KINDS
            pair = rng.choice(self.kinds)
            used[pair] = 2
            blocks: list[tuple[str, int]] = []
            while len(blocks) < sets:
                if self.chows and rng.random() < 0.55:
                    k = rng.choice(self.chows)
                    if all(used[k + i] < 4 for i in range(3)):
                        for i in range(3):
                            used[k + i] += 1
                        blocks.append(("chow", k))
                        continue
                k = rng.choice(self.kinds)
                kong = rng.random() < 0.12
                if used[k] + (4 if kong else 3) <= 4:
                    used[k] += 4 if kong else 3
                    blocks.append(("kong" if kong else "pung", k))
            if len(blocks) == sets:
                break
        concealed: list[int] = [pair, pair]
        melds: list[Meld] = []
        closed = rng.random() < 0.4
        for shape, k in blocks:
            tiles = [k, k + 1, k + 2] if shape == "chow" else [k] * (4 if shape == "kong" else 3)
            if shape == "kong":
                typ = ANKAN if closed or rng.random() < 0.4 else rng.choice((MINKAN, KAKAN))
                melds.append(Meld(typ, tuple(tiles)))
            elif not closed and rng.random() < 0.45:
                melds.append(Meld(CHI if shape == "chow" else PON, tuple(tiles)))
            else:
                concealed += tiles
        return self._finish(concealed, melds, closed=closed)

    def _finish(self, concealed: list[int], melds: list[Meld], *, closed: bool) -> WinContext:
        rng = self.rng
        win_tile = concealed.pop(rng.randrange(len(concealed)))
        tsumo = rng.random() < 0.4
        riichi = closed and all(m.type is ANKAN for m in melds) and rng.random() < 0.3
        rng.shuffle(melds)
        return WinContext(
            concealed=tuple(sorted(concealed)),
            win_tile=win_tile,
            melds=tuple(melds),
            tsumo=tsumo,
            seat_wind=rng.randint(1, 4),
            round_wind=rng.randint(1, 2),
            riichi=riichi,
            flowers=rng.choice((0, 0, 0, 1, 2)),
        )

    # ---------------------------------------------------------------- other hands

    def random_tiles(self) -> WinContext:
        """``hand_tiles`` random tiles, no kind more than four times: mostly no win."""
        pool = [k for k in self.kinds for _ in range(4)]
        tiles = self.rng.sample(pool, self.hand_tiles)
        return WinContext(
            concealed=tuple(sorted(tiles[1:])), win_tile=tiles[0], tsumo=self.rng.random() < 0.5
        )

    def impossible(self) -> tuple[WinContext, str]:
        """A hand no table can produce, and what is wrong with it."""
        base = self.complete()
        rng = self.rng
        choice = rng.randrange(7 if self.missing else 6)
        if choice == 0:
            cut = 1 + rng.randrange(max(1, len(base.concealed)))
            return replace(base, concealed=base.concealed[cut:]), "too few tiles"
        if choice == 1:
            extra = rng.choice(self.kinds)
            more = tuple(sorted((*base.concealed, extra)))
            if sum(1 for t in (*more, base.win_tile) if t == extra) > 4:
                return replace(base, concealed=more), "a fifth copy and one tile too many"
            return replace(base, concealed=more), "one tile too many"
        if choice == 2:
            k = base.win_tile
            rest = [t for t in base.concealed if t != k][: len(base.concealed) - 4]
            fifth = tuple(sorted([*rest, k, k, k, k]))
            return replace(base, concealed=fifth), f"a fifth copy of kind {k}"
        if choice == 3:
            swapped = (FIRST_FLOWER + rng.randrange(8), *base.concealed[1:])
            return replace(base, concealed=swapped), "a flower among the hand tiles"
        if choice == 4:
            return replace(base, tsumo=True, houtei=True, chankan=False), "houtei on a self-draw"
        if choice == 5:
            no_kong = tuple(m for m in base.melds if not m.is_kong)
            if len(no_kong) != len(base.melds):
                return replace(base, tsumo=True, chankan=True), "robbing a kong on a self-draw"
            return replace(base, tsumo=True, rinshan=True, flowers=0), "rinshan without a kong"
        kind = rng.choice(self.missing)
        swapped = (kind, *base.concealed[1:])
        return replace(base, concealed=tuple(sorted(swapped))), f"kind {kind} is not in the set"

    def hands(self, n: int) -> Iterator[Hand]:
        """``n`` hands: half complete, a quarter random tiles, a quarter impossible."""
        for i in range(n):
            part = i % 4
            if part < 2:
                yield Hand("complete", self.complete())
            elif part == 2:
                yield Hand("random", self.random_tiles())
            else:
                win, why = self.impossible()
                yield Hand("impossible", win, why)

    def reorder(self, win: WinContext, *, melds: bool) -> WinContext:
        """The same hand with its concealed tiles (and, with ``melds``, its melds) in
        another order."""
        concealed = list(win.concealed)
        while len(concealed) > 1 and concealed == list(win.concealed):
            self.rng.shuffle(concealed)
        called = list(win.melds)
        if melds:
            self.rng.shuffle(called)
        return replace(win, concealed=tuple(concealed), melds=tuple(called))
