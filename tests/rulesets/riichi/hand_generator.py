"""A seeded generator of valid riichi winning hands (as ``WinContext``).

It builds hands from blocks with themes that steer it towards every yaku (simples,
flushes, outside hands, honors, triplets, same-number sequences, straights, green,
terminals, kans), plus seven pairs, thirteen orphans and nine gates. Melds are chosen
among chi / pon / minkan / kakan / ankan; red fives (one per suit, the library's set),
dora and ura indicators, seat and round winds and the situational flags are drawn too.
Every hand is well formed (14 tiles, no kind more than 4 times with indicators) and its
flags are consistent. Hands may still lack a yaku; callers count those as ``no_yaku``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.rng import SeededStream
from engine.tiles import RED_FIVES, Tile, kind_of

SIMPLES = [k for k in range(27) if 0 < k % 9 < 8]
TERMINALS = [0, 8, 9, 17, 18, 26]
HONORS = list(range(27, 34))
YAOCHUU = TERMINALS + HONORS
GREEN = [19, 20, 21, 23, 25, 32]
WINDS = [27, 28, 29, 30]


@dataclass(frozen=True, slots=True)
class Spec:
    kind: str  # "chow", "pung", "kong", "pair"
    tile: int


def _chow_starts(tiles: list[int]) -> list[int]:
    """Chow starts whose three tiles all lie in ``tiles``."""
    ts = set(tiles)
    return [t for t in ts if t < 27 and t % 9 <= 6 and t + 1 in ts and t + 2 in ts]


THEMES = (
    "any", "any", "any", "simples", "one_suit", "half_flush", "outside", "pure_outside",
    "honors", "triplets", "sequences", "sanshoku", "ittsu", "green", "terminals",
    "kans", "consecutive", "same_seq", "pure_terminals", "dragons_pair",
)


class HandGenerator:
    """``HandGenerator(b"seed").hands(n)`` yields ``n`` valid winning hands."""

    def __init__(self, seed: bytes, *, red_fives: bool = True) -> None:
        self.rng = SeededStream(seed)
        self.red_fives = red_fives

    # ------------------------------------------------------------------ helpers

    def _p(self, percent: int) -> bool:
        return self.rng.below(100) < percent

    def _pick(self, items: list[int]) -> int:
        return self.rng.choice(items)

    def hands(self, n: int) -> Iterator[WinContext]:
        made = 0
        while made < n:
            ctx = self.one()
            if ctx is not None:
                made += 1
                yield ctx

    # ------------------------------------------------------------------ shapes

    def _standard_specs(self) -> list[Spec] | None:
        theme = self.rng.choice(THEMES)
        rng = self.rng
        suit = rng.below(3)
        pool: list[int]
        if theme == "simples":
            pool = SIMPLES
        elif theme == "one_suit":
            pool = list(range(suit * 9, suit * 9 + 9))
        elif theme == "half_flush":
            pool = list(range(suit * 9, suit * 9 + 9)) + HONORS
        elif theme in ("outside", "pure_outside", "terminals", "pure_terminals"):
            pool = YAOCHUU if theme in ("outside", "terminals") else TERMINALS
        elif theme == "honors":
            pool = HONORS
        elif theme == "green":
            pool = GREEN
        else:
            pool = list(range(34))
        specs: list[Spec] = []
        pair_tile: int | None = None
        pung_pct = {"triplets": 85, "honors": 75, "terminals": 90, "kans": 80,
                    "consecutive": 100, "pure_terminals": 100}.get(theme, 35)
        if theme == "sanshoku":
            n = rng.below(7)
            specs = [Spec("chow", n), Spec("chow", n + 9), Spec("chow", n + 18)]
        elif theme == "ittsu":
            specs = [Spec("chow", suit * 9 + d) for d in (0, 3, 6)]
        elif theme == "same_seq":
            start = suit * 9 + rng.below(7)
            specs = [Spec("chow", start)] * (2 + rng.below(3))
        elif theme == "consecutive":
            start = suit * 9 + rng.below(6)
            specs = [Spec("pung", start + i) for i in range(3 + rng.below(2))]
        elif theme == "triplets" and self._p(30):
            n = rng.below(9)
            specs = [Spec("pung", n), Spec("pung", n + 9), Spec("pung", n + 18)]
        elif theme == "dragons_pair":
            dragons = [31, 32, 33]
            rng.shuffle(dragons)
            specs = [Spec("pung", dragons[0]), Spec("pung", dragons[1])]
            pair_tile = dragons[2]
        elif theme == "honors" and self._p(50):
            group = [31, 32, 33] if self._p(50) else [27, 28, 29, 30]
            rng.shuffle(group)
            specs = [Spec("pung", t) for t in group[: 2 + rng.below(len(group) - 1)]]
        while len(specs) < 4:
            if theme == "outside" or theme == "pure_outside":
                starts = [t for t in range(27) if t % 9 in (0, 6)]
            else:
                starts = _chow_starts(pool)
            if theme == "sequences" or (starts and not self._p(pung_pct)):
                if not starts:
                    starts = _chow_starts(list(range(27)))
                specs.append(Spec("chow", self._pick(starts)))
            else:
                specs.append(Spec("pung", self._pick(pool)))
        if pair_tile is None:
            winds_held = [t for t in WINDS if Spec("pung", t) in specs]
            if len(winds_held) == 3 and self._p(50):
                pair_tile = next(t for t in WINDS if t not in winds_held)
            else:
                pair_tile = self._pick(YAOCHUU if theme == "outside" else pool)
        specs.append(Spec("pair", pair_tile))
        kan_pct = 60 if theme == "kans" else 12
        out: list[Spec] = []
        for s in specs:
            if s.kind == "pung" and self._p(kan_pct):
                out.append(Spec("kong", s.tile))
            else:
                out.append(s)
        return out

    def one(self) -> WinContext | None:
        """One hand, or None when the draw produced an impossible tile count (retry)."""
        rng = self.rng
        family = rng.below(100)
        melds: list[Meld] = []
        concealed: list[int] = []
        if family < 6:
            concealed, win = self._seven_pairs()
        elif family < 8:
            concealed = [*YAOCHUU, self._pick(YAOCHUU)]
            win = self._pick(concealed)
        elif family < 10:
            suit = rng.below(3)
            base = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
            concealed = [suit * 9 + n for n in base] + [suit * 9 + rng.below(9)]
            win = self._pick(concealed)
        else:
            specs = self._standard_specs()
            if specs is None:
                return None
            open_pct = rng.choice([0, 0, 25, 50, 80])
            win_candidates: list[int] = []
            for s in specs:
                if s.kind == "pair":
                    concealed += [s.tile, s.tile]
                    win_candidates.append(len(concealed) - 1)
                    continue
                if s.kind == "kong":
                    kind = rng.choice([MeldType.ANKAN, MeldType.MINKAN, MeldType.KAKAN])
                    if open_pct == 0:
                        kind = MeldType.ANKAN
                    melds.append(Meld(kind, (s.tile,) * 4))
                    continue
                tiles = [s.tile] * 3 if s.kind == "pung" else [s.tile, s.tile + 1, s.tile + 2]
                if self._p(open_pct):
                    melds.append(Meld(MeldType.PON if s.kind == "pung" else MeldType.CHI,
                                      tuple(tiles)))
                    continue
                concealed += tiles
                win_candidates.extend(range(len(concealed) - 3, len(concealed)))
            win = concealed[self._pick(win_candidates)]
        concealed.remove(win)
        counts = [0] * 34
        for t in [*concealed, win, *(t for m in melds for t in m.tiles)]:
            counts[t] += 1
        if max(counts) > 4:
            return None
        return self._dress(concealed, win, melds, counts)

    def _seven_pairs(self) -> tuple[list[int], int]:
        rng = self.rng
        mode = rng.below(6)
        suit = rng.below(3)
        if mode == 0:
            pool = list(range(suit * 9, suit * 9 + 9))
        elif mode == 1:
            pool = list(range(suit * 9, suit * 9 + 9)) + HONORS
        elif mode == 2:
            pool = YAOCHUU
        elif mode == 3:
            pool = SIMPLES
        elif mode == 4 and self._p(50):
            pool = HONORS
        else:
            pool = list(range(34))
        kinds = list(pool)
        rng.shuffle(kinds)
        chosen = kinds[:7]
        if len(chosen) < 7:
            chosen += [k for k in range(34) if k not in chosen][: 7 - len(chosen)]
        tiles = [k for k in chosen for _ in range(2)]
        return tiles, self._pick(tiles)

    # ------------------------------------------------------------------ flags

    def _dress(
        self, concealed: list[int], win: int, melds: list[Meld], counts: list[int]
    ) -> WinContext:
        rng = self.rng
        closed = all(m.type is MeldType.ANKAN for m in melds)
        kongs = sum(1 for m in melds if m.is_kong)
        tsumo = self._p(50)
        concealed_tiles: list[Tile] = list(concealed)
        win_tile: Tile = win
        meld_list = list(melds)
        if self.red_fives:
            concealed_tiles, win_tile, meld_list = self._reds(concealed_tiles, win_tile, meld_list)
        free = [k for k in range(34) if counts[k] < 4]
        n_ind = 1 + (kongs if self._p(70) else 0)
        used = list(counts)
        dora: list[Tile] = []
        for _ in range(n_ind):
            k = self._pick([k for k in free if used[k] < 4])
            used[k] += 1
            dora.append(k)
        riichi = closed and self._p(40)
        double = riichi and self._p(15)
        ura: list[Tile] = []
        if riichi and self._p(80):
            for _ in range(len(dora)):
                k = self._pick([k for k in free if used[k] < 4])
                used[k] += 1
                ura.append(k)
        seat = 1 + rng.below(4)
        round_wind = 1 + rng.below(2) if self._p(80) else 1 + rng.below(4)
        rinshan = tsumo and kongs > 0 and self._p(25)
        haitei = tsumo and not rinshan and self._p(6)
        houtei = not tsumo and self._p(6)
        chankan = not tsumo and not houtei and self._p(5)
        first = not melds and not riichi and self._p(6)
        # what no table produces (engine.hand_check.flag_problem): a robbed tile the winner
        # holds or shows, ippatsu after the declarer's own kan, a first-turn last tile
        chankan = chankan and used[kind_of(win)] == 1
        first = first and not (haitei or houtei or chankan)
        ippatsu = riichi and self._p(25) and not rinshan
        return WinContext(
            concealed=tuple(concealed_tiles),
            win_tile=win_tile,
            melds=tuple(meld_list),
            tsumo=tsumo,
            seat_wind=seat,
            round_wind=round_wind,
            riichi=riichi and not double,
            double_riichi=double,
            ippatsu=ippatsu,
            haitei=haitei,
            houtei=houtei,
            rinshan=rinshan,
            chankan=chankan,
            tenhou=first and tsumo and seat == 1,
            chiihou=first and tsumo and seat != 1,
            dora_indicators=tuple(dora),
            ura_dora_indicators=tuple(ura),
        )

    def _reds(
        self, concealed: list[Tile], win: Tile, melds: list[Meld]
    ) -> tuple[list[Tile], Tile, list[Meld]]:
        """Make at most one five of each suit red (the physical set has one per suit)."""
        for suit, red in enumerate(RED_FIVES):
            five = suit * 9 + 4
            if not self._p(40):
                continue
            places: list[tuple[str, int]] = [("c", i) for i, t in enumerate(concealed) if t == five]
            if win == five:
                places.append(("w", 0))
            places += [("m", i) for i, m in enumerate(melds) if five in m.tiles]
            if not places:
                continue
            where, i = places[self.rng.below(len(places))]
            if where == "c":
                concealed[i] = red
            elif where == "w":
                win = red
            else:
                m = melds[i]
                tiles = list(m.tiles)
                tiles[tiles.index(five)] = red
                melds[i] = Meld(m.type, tuple(tiles))
        return concealed, win, melds
