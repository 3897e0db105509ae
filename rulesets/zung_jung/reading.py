"""What the Zung Jung patterns ask of a winning hand (zung-jung.md §5-§6): ``HandFacts``,
what does not depend on the reading (the tiles held, the win's flags), and ``Reading``,
one arrangement of the tiles (``engine.shapes.Arrangement``) with the sets it is made of.
Each pattern of ``rulesets.zung_jung.patterns`` is a predicate over a ``Reading``; the
catalogue counts them (``PatternSet.count``) and applies the exclusions it holds as data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.blocks import Block, BlockKind
from engine.context import WinContext
from engine.melds import MeldType
from engine.shapes import Arrangement, Shape
from engine.tiles import (
    DRAGONS,
    EAST,
    WINDS,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    kind_of,
)

Counts = dict[str, int]


@dataclass(frozen=True, slots=True)
class HandFacts:
    win: WinContext
    seat_wind_kind: int
    simples_only: bool  # no terminal and no honor (1.3)
    suits: int  # how many suits the hand holds
    honors: bool
    terminals_only: bool  # 8.1.4
    terminals_and_honors_only: bool
    nine_gates: bool  # 2.2, of the 13 standing tiles
    blessing_of_earth: bool  # 9.4.2 (see build_facts)


def build_facts(win: WinContext) -> HandFacts:
    counts = win.all_counts()
    kinds = [k for k in range(34) if counts[k]]
    # 9.4.2 is a win on East's first discard. `chiihou` on a discard win is ZJ's 地和 as
    # such (hand-jsonl); the table says so in extra["dealer_first_discard"]; `renhou` (won
    # before one's own first discard, no call or kong yet) proves it only for South.
    earth = (
        not win.tsumo
        and win.seat_wind != 1
        and (
            win.chiihou
            or bool(win.extra.get("dealer_first_discard", False))
            or (win.renhou and win.seat_wind == 2)
        )
    )
    return HandFacts(
        win=win,
        seat_wind_kind=EAST + win.seat_wind - 1,
        simples_only=all(not is_terminal_or_honor(k) for k in kinds),
        suits=len({k // 9 for k in kinds if k < 27}),
        honors=any(is_honor(k) for k in kinds),
        terminals_only=all(is_terminal(k) for k in kinds),
        terminals_and_honors_only=all(is_terminal_or_honor(k) for k in kinds),
        nine_gates=_nine_gates(win),
        blessing_of_earth=earth,
    )


def _nine_gates(win: WinContext) -> bool:
    """2.2: the 13 standing tiles are 1112345678999 of one suit, won on that suit."""
    if win.melds or len(win.concealed) != 13:
        return False
    c = Counter(kind_of(t) for t in win.concealed)
    suit = min(c) // 9
    if suit > 2 or win.win_kind // 9 != suit:
        return False
    base = suit * 9
    want = {base + i: n for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3))}
    return dict(c) == want


def _triplet(b: Block) -> bool:
    return b.kind is BlockKind.PUNG or b.kind is BlockKind.KONG


def _longest_run(numbers: list[int]) -> int:
    best = run = 0
    prev = -2
    for n in sorted(set(numbers)):
        run = run + 1 if n == prev + 1 else 1
        best = max(best, run)
        prev = n
    return best


class Reading:
    """One arrangement of a winning hand and the sets it is made of. For seven pairs and
    thirteen terminals (``standard`` False) there are no sets: every set count is 0 and
    ``pair`` is -1."""

    __slots__ = (
        "chows",
        "concealed",
        "concealed_sets",
        "dragons",
        "facts",
        "kongs",
        "lesser_terminals",
        "longest_run",
        "most_same",
        "pair",
        "same",
        "same_twice",
        "shape",
        "similar_sequences",
        "similar_triplets",
        "standard",
        "straight",
        "trips",
        "value_sets",
        "win",
        "winds",
    )

    def __init__(self, arr: Arrangement, facts: HandFacts) -> None:
        self.facts = facts
        self.win = win = facts.win
        self.shape = arr.shape
        self.standard = standard = arr.shape is Shape.STANDARD
        self.pair = -1
        self.chows: list[int] = []
        self.trips: list[int] = []
        self.concealed_sets = False
        self.value_sets = self.dragons = self.winds = self.concealed = self.kongs = 0
        self.same: Counter[int] = Counter()
        self.most_same = self.same_twice = 0
        self.straight = False
        self.longest_run = 0
        self.similar_sequences = False
        self.similar_triplets = 0
        self.lesser_terminals = 0
        if standard:
            self._sets(arr, win.tsumo)

    def _sets(self, arr: Arrangement, tsumo: bool) -> None:
        sets = [b for b in arr.blocks if b.is_set]
        self.pair = pair = next(b.tile for b in arr.blocks if b.kind is BlockKind.PAIR)
        self.chows = chows = sorted(b.tile for b in sets if b.kind is BlockKind.CHOW)
        self.trips = trips = sorted(b.tile for b in sets if _triplet(b))
        self.concealed_sets = all(b.meld is None or b.meld is MeldType.ANKAN for b in sets)
        seat_wind = self.facts.seat_wind_kind
        self.value_sets = sum(1 for t in trips if t in DRAGONS or t == seat_wind)
        self.dragons = sum(1 for t in trips if t in DRAGONS)
        self.winds = sum(1 for t in trips if t in WINDS)
        # §5 item 5: a triplet completed by the winning discard is exposed
        self.concealed = sum(
            1
            for i, b in enumerate(arr.blocks)
            if _triplet(b)
            and (b.meld is None or b.meld is MeldType.ANKAN)
            and not (i == arr.win_index and not tsumo)
        )
        self.kongs = sum(1 for b in sets if b.kind is BlockKind.KONG)
        if chows:
            self.same = same = Counter(chows)
            self.most_same = max(same.values())
            self.same_twice = sum(n // 2 for n in same.values())  # pairs of identical chows
            if len(chows) >= 3:
                # 7.1: 1-2-3, 4-5-6 and 7-8-9 of one suit; 6.1: one chow in all three suits
                self.straight = any(all(s * 9 + n in same for n in (0, 3, 6)) for s in range(3))
                self.similar_sequences = any(
                    all(s * 9 + n in same for s in range(3)) for n in range(9)
                )
        if len(trips) >= 2:
            self.similar_triplets = _similar_triplets(set(trips), pair)
        if len(trips) >= 3:
            self.longest_run = max(
                _longest_run([t % 9 for t in trips if t // 9 == s]) for s in range(3)
            )
        # 8.1.1 / 8.1.2: every set and the pair holds a terminal or an honor; 0 when not,
        # else 1 with an honor among them, 2 without
        blocks = [*sets, Block(BlockKind.PAIR, pair)]
        if all(any(is_terminal_or_honor(k) for k in b.kinds()) for b in blocks):
            self.lesser_terminals = 1 if any(is_honor(b.tile) for b in blocks) else 2


def _similar_triplets(trip_set: set[int], pair: int) -> int:
    """6.2: 2 when one number has a triplet in each suit, 1 when it has two triplets and
    the pair is the third suit's, 0 otherwise."""
    for n in range(9):
        suited = [s for s in range(3) if s * 9 + n in trip_set]
        if len(suited) == 3:
            return 2
        if len(suited) == 2 and pair < 27 and pair % 9 == n and pair // 9 not in suited:
            return 1
    return 0
