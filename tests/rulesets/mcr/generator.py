"""A seeded generator of valid MCR winning hands (``WinContext``) for tests and benches.

``generate(seed, n)`` is deterministic (engine.rng.SeededStream). Profiles bias the hands
towards every fan family: flushes, terminals and honors, pungs, all kong kinds, chow and
pung combinations (shifted, mixed, straights, triples), ranges, green / reversible tiles,
knitted straights and honors-and-knitted hands, seven pairs (with four of a kind),
thirteen orphans, nine gates; situational flags and flowers are drawn for every hand and
kept consistent (a replacement-tile win has a kong, a robbed tile is not held...).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypedDict

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.rng import SeededStream

SUITED = list(range(27))
TERMINALS = [0, 8, 9, 17, 18, 26]
HONORS = list(range(27, 34))
WINDS = list(range(27, 31))
DRAGONS = list(range(31, 34))
GREEN = [19, 20, 21, 23, 25, 32]
REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
KNITTED = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

PROFILES = (
    "any", "any", "any", "flush", "half_flush", "terminals", "honors", "pungs", "kongs",
    "chow_combo", "chow_combo", "pung_combo", "ranges", "green", "reversible", "fives",
    "evens", "knitted_straight", "honors_knitted", "seven_pairs", "seven_pairs",
    "thirteen_orphans", "nine_gates", "winds", "dragons", "chicken",
)

Block = tuple[str, int]  # ("chow" | "pung" | "pair", first kind)


class Flags(TypedDict):
    """The situational flags ``finish`` draws (``WinContext`` fields)."""

    tsumo: bool
    last_tile_of_kind: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool


class Generator:
    def __init__(self, seed: str) -> None:
        self.rng = SeededStream(seed.encode())

    def p(self, percent: int) -> bool:
        return self.rng.below(100) < percent

    def pick(self, items: list[int]) -> int:
        return self.rng.choice(items)

    # ------------------------------------------------------------------ sets

    def chow_from(self, pool: list[int]) -> Block | None:
        ps = set(pool)
        starts = [t for t in ps if t < 27 and t % 9 <= 6 and t + 1 in ps and t + 2 in ps]
        return ("chow", self.pick(starts)) if starts else None

    def standard_blocks(self, profile: str) -> list[Block] | None:
        rng = self.rng
        suit = rng.below(3)
        one = list(range(suit * 9, suit * 9 + 9))
        pool = SUITED + HONORS
        chow_pct = 50
        combo: list[Block] = []
        if profile == "flush":
            pool = one
        elif profile == "half_flush":
            pool = one + HONORS
        elif profile == "terminals":
            pool = TERMINALS + HONORS + [k for k in SUITED if k % 9 in (1, 2, 6, 7)]
            chow_pct = 30
        elif profile == "honors":
            pool = HONORS + TERMINALS
            chow_pct = 10
        elif profile in ("pungs", "kongs"):
            chow_pct = 10
        elif profile == "ranges":
            lo = self.pick([0, 3, 5, 6, 2])
            pool = [k for k in SUITED if lo <= k % 9 <= lo + 3]
        elif profile == "green":
            pool = GREEN
        elif profile == "reversible":
            pool = REVERSIBLE
        elif profile == "fives":
            pool = [k for k in SUITED if 2 <= k % 9 <= 6]
        elif profile == "evens":
            pool = [k for k in SUITED if k % 9 in (1, 3, 5, 7)]
            chow_pct = 0
        elif profile == "winds":
            combo = [("pung", w) for w in WINDS]
            del combo[rng.below(4)]
            if self.p(50):
                del combo[rng.below(3)]
        elif profile == "dragons":
            combo = [("pung", d) for d in DRAGONS]
            if self.p(60):
                del combo[rng.below(3)]
        elif profile == "chow_combo":
            combo = self.chow_combo()
        elif profile == "pung_combo":
            combo = self.pung_combo()
        elif profile == "chicken":
            combo = [("chow", s * 9 + rng.below(7)) for s in (0, 1, 2)]
            combo.append(("pair", self.pick(HONORS)))
        blocks = list(combo)
        n_sets = sum(1 for b in blocks if b[0] != "pair")
        while n_sets < 4:
            b = self.chow_from(pool) if self.p(chow_pct) else None
            blocks.append(b if b is not None else ("pung", self.pick(pool)))
            n_sets += 1
        if not any(b[0] == "pair" for b in blocks):
            if profile in ("winds", "dragons") and self.p(50):
                blocks.append(("pair", self.pick(WINDS if profile == "winds" else DRAGONS)))
            elif profile == "fives":
                blocks.append(("pair", self.pick([4, 13, 22])))
            else:
                blocks.append(("pair", self.pick(pool)))
        return blocks

    def chow_combo(self) -> list[Block]:
        rng = self.rng
        s = [0, 1, 2]
        rng.shuffle(s)
        kind = rng.below(9)
        a = s[0] * 9
        if kind == 0:  # pure straight
            out = [("chow", a), ("chow", a + 3), ("chow", a + 6)]
        elif kind == 1:  # mixed straight
            out = [("chow", s[0] * 9), ("chow", s[1] * 9 + 3), ("chow", s[2] * 9 + 6)]
        elif kind == 2:  # pure shifted, step 1 or 2, three or four
            step = 1 + rng.below(2)
            n = 3 + rng.below(2)
            start = rng.below(7 - step * (n - 1))
            out = [("chow", a + start + i * step) for i in range(n)]
        elif kind == 3:  # mixed shifted chows
            start = rng.below(5)
            out = [("chow", s[i] * 9 + start + i) for i in range(3)]
        elif kind == 4:  # pure double / triple / quadruple chow
            start = rng.below(7)
            out = [("chow", a + start)] * (2 + rng.below(3))
        elif kind == 5:  # mixed triple / double chow
            start = rng.below(7)
            out = [("chow", s[i] * 9 + start) for i in range(2 + rng.below(2))]
        elif kind == 6:  # terminal chows
            b = s[1] * 9
            if self.p(50):
                out = [("chow", a), ("chow", a), ("chow", a + 6), ("chow", a + 6), ("pair", a + 4)]
            else:
                out = [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6)]
                out.append(("pair", s[2] * 9 + 4))
        elif kind == 7:  # short straights / two terminal chows mixes
            b = s[1] * 9
            out = [("chow", a + rng.below(4)), ("chow", b + rng.below(7))]
            out.append(("chow", out[0][1] + 3))
        else:
            start = rng.below(7)
            out = [("chow", a + start), ("chow", s[1] * 9 + start), ("chow", a + start)]
        return out

    def pung_combo(self) -> list[Block]:
        rng = self.rng
        s = [0, 1, 2]
        rng.shuffle(s)
        kind = rng.below(5)
        if kind == 0:  # pure shifted pungs, three or four
            n = 3 + rng.below(2)
            start = s[0] * 9 + rng.below(10 - n)
            return [("pung", start + i) for i in range(n)]
        if kind == 1:  # mixed shifted pungs
            start = rng.below(7)
            return [("pung", s[i] * 9 + start + i) for i in range(3)]
        if kind == 2:  # triple pung
            r = rng.below(9)
            return [("pung", s[i] * 9 + r) for i in range(3)]
        if kind == 3:  # double pungs
            r, q = rng.below(9), rng.below(9)
            return [("pung", s[0] * 9 + r), ("pung", s[1] * 9 + r), ("pung", s[2] * 9 + q),
                    ("pung", s[0] * 9 + q)]
        return [("pung", s[0] * 9 + rng.below(9)), ("pung", self.pick(HONORS))]

    # ------------------------------------------------------------------ whole hands

    def one(self) -> WinContext | None:
        profile = self.rng.choice(PROFILES)
        if profile == "seven_pairs":
            return self.finish(self.seven_pairs(), [], profile)
        if profile == "thirteen_orphans":
            counts = [0] * 34
            for k in TERMINALS + HONORS:
                counts[k] = 1
            counts[self.pick(TERMINALS + HONORS)] += 1
            return self.finish(counts, [], profile)
        if profile == "nine_gates":
            suit = self.rng.below(3) * 9
            counts = [0] * 34
            for i, c in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                counts[suit + i] = c
            counts[suit + self.rng.below(9)] += 1
            return self.finish(counts, [], profile)
        if profile == "honors_knitted":
            suits = self.rng.choice(KNITTED)
            pool = [s * 9 + off + step for off, s in enumerate(suits) for step in (0, 3, 6)]
            pool += HONORS
            self.rng.shuffle(pool)
            if self.p(30):  # greater: all seven honors
                pool = HONORS + [k for k in pool if k < 27]
            counts = [0] * 34
            for k in pool[:14]:
                counts[k] = 1
            return self.finish(counts, [], profile)
        if profile == "knitted_straight":
            suits = self.rng.choice(KNITTED)
            counts = [0] * 34
            for off, s in enumerate(suits):
                for step in (0, 3, 6):
                    counts[s * 9 + off + step] += 1
            extra = self.standard_blocks(self.rng.choice(["any", "honors", "pungs", "any"]))
            assert extra is not None
            sets = [b for b in extra if b[0] != "pair"][:1]
            pair = next(b for b in extra if b[0] == "pair")
            melds: list[Meld] = []
            knitted_blocks = [pair]
            if self.p(35):
                melds.append(self.meld_of(sets[0]))
            else:
                knitted_blocks += sets
            if not self.add_blocks(counts, knitted_blocks, melds):
                return None
            return self.finish(counts, melds, profile)
        blocks = self.standard_blocks(profile)
        if blocks is None:
            return None
        counts = [0] * 34
        melds = []
        meld_pct = {"chicken": 70, "kongs": 60}.get(profile, 30)
        kong_pct = 60 if profile == "kongs" else 8
        order = list(range(len(blocks)))
        self.rng.shuffle(order)
        concealed_blocks: list[Block] = []
        for i in order:
            b = blocks[i]
            if b[0] == "pung" and self.p(kong_pct):
                melds.append(self.kong_of(b[1]))
            elif b[0] != "pair" and self.p(meld_pct) and len(melds) < 4:
                melds.append(self.meld_of(b))
            else:
                concealed_blocks.append(b)
        if profile == "chicken" and not melds:
            return None
        if not self.add_blocks(counts, concealed_blocks, melds):
            return None
        return self.finish(counts, melds, profile)

    def seven_pairs(self) -> list[int]:
        rng = self.rng
        style = rng.below(6)
        suit = rng.below(3) * 9
        if style == 0:  # seven shifted pairs
            start = suit + rng.below(3)
            pool = list(range(start, start + 7))
        elif style == 1:
            pool = list(range(suit, suit + 9))
        elif style == 2:
            pool = TERMINALS + HONORS
        elif style == 3:
            pool = GREEN + REVERSIBLE
        else:
            pool = SUITED + HONORS
        counts = [0] * 34
        pairs = 0
        while pairs < 7:
            k = self.pick(pool)
            if counts[k] + 2 > 4 or (counts[k] and not self.p(40)):
                if len([x for x in pool if counts[x] < 4]) == 0:
                    break
                continue
            counts[k] += 2
            pairs += 1
        return counts

    def kong_of(self, kind: int) -> Meld:
        t = self.rng.choice([MeldType.MINKAN, MeldType.ANKAN, MeldType.KAKAN])
        return Meld(t, (kind,) * 4)

    def meld_of(self, b: Block) -> Meld:
        kind, t = b
        if kind == "chow":
            return Meld(MeldType.CHI, (t, t + 1, t + 2))
        if self.p(15):
            return self.kong_of(t)
        return Meld(MeldType.PON, (t, t, t))

    def add_blocks(self, counts: list[int], blocks: list[Block], melds: list[Meld]) -> bool:
        for kind, t in blocks:
            if kind == "chow":
                for k in (t, t + 1, t + 2):
                    counts[k] += 1
            else:
                counts[t] += 3 if kind == "pung" else 2
        used = list(counts)
        for m in melds:
            for k in m.kinds():
                used[k] += 1
        return all(c <= 4 for c in used)

    def finish(self, counts: list[int], melds: list[Meld], profile: str) -> WinContext | None:
        """Pick the winning tile among the concealed tiles and draw the flags."""
        rng = self.rng
        if sum(counts) + 3 * len(melds) != 14:
            return None
        used = list(counts)
        for m in melds:
            for k in m.kinds():
                used[k] += 1
        if any(c > 4 for c in used):
            return None
        held = [k for k in range(34) for _ in range(counts[k])]
        win = rng.choice(held)
        rest = list(counts)
        rest[win] -= 1
        concealed = tuple(k for k in range(34) for _ in range(rest[k]))
        tsumo = self.p(40)
        has_kong = any(m.is_kong for m in melds)
        visible = used[win] - counts[win]  # copies in the winner's melds
        last = self.p(20) and counts[win] == 1
        flags: Flags = {
            "tsumo": tsumo,
            "last_tile_of_kind": last or visible == 3,
            "haitei": tsumo and self.p(8),
            "houtei": (not tsumo) and self.p(8),
            "rinshan": tsumo and has_kong and self.p(25),
            "chankan": (not tsumo) and counts[win] == 1 and visible == 0 and self.p(8),
        }
        # no kong is declared after the last draw: a robbed tile is never the last discard
        flags["houtei"] = flags["houtei"] and not flags["chankan"]
        return WinContext(
            concealed=concealed,
            win_tile=win,
            melds=tuple(melds),
            seat_wind=1 + rng.below(4),
            round_wind=1 + rng.below(4),
            flowers=rng.below(9) if self.p(30) else 0,
            **flags,
        )


def generate(seed: str, n: int) -> Iterator[WinContext]:
    """``n`` valid winning hands from ``seed`` (the same seed gives the same hands)."""
    gen = Generator(seed)
    made = 0
    while made < n:
        ctx = gen.one()
        if ctx is not None:
            made += 1
            yield ctx
