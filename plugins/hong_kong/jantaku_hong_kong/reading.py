"""What the Hong Kong patterns ask of a winning hand: ``Reading``, one arrangement of its
tiles (``engine.shapes.Arrangement``) with the facts of the win beside it. Each pattern of
``patterns`` is a count over a ``Reading`` (docs/rules.md §2)."""

from __future__ import annotations

from collections import Counter

from engine.blocks import BlockKind
from engine.context import WinContext
from engine.melds import MeldType
from engine.shapes import Arrangement, Shape
from engine.tiles import DRAGONS, EAST, WINDS, is_honor, is_terminal_or_honor, kind_of

NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)  # 1112345678999 of one suit (§2.1)


def nine_gates(win: WinContext) -> bool:
    """The 13 standing tiles are 1112345678999 of one suit, won on a tile of that suit."""
    if win.melds or len(win.concealed) != 13:
        return False
    held = Counter(kind_of(t) for t in win.concealed)
    suit = min(held) // 9
    if suit > 2 or win.win_kind // 9 != suit:
        return False
    return dict(held) == {suit * 9 + i: n for i, n in enumerate(NINE_GATES)}


def earthly(win: WinContext) -> bool:
    """地糊: a non-dealer wins on the dealer's first discard (§2.1). The table says so in
    ``extra["dealer_first_discard"]``; a hand described by hand-jsonl says ``chiihou``."""
    first = win.chiihou or bool(win.extra.get("dealer_first_discard", False))
    return first and not win.tsumo and win.seat_wind != 1


class Reading:
    """One arrangement of a winning hand. Thirteen orphans (``standard`` False) has no
    sets: every set count is 0 and ``pair`` is -1."""

    __slots__ = (
        "arr",
        "chows",
        "claimed",
        "concealed_trips",
        "kinds",
        "kongs",
        "pair",
        "round_wind",
        "seat_wind",
        "standard",
        "trips",
        "win",
    )

    def __init__(self, arr: Arrangement, win: WinContext, kinds: frozenset[int]) -> None:
        self.arr = arr
        self.win = win
        self.kinds = kinds  # every kind the hand holds
        self.seat_wind = EAST + win.seat_wind - 1
        self.round_wind = EAST + win.round_wind - 1
        self.standard = arr.shape is Shape.STANDARD
        self.pair = -1
        self.chows: list[int] = []
        self.trips: list[int] = []
        self.kongs = self.concealed_trips = 0
        self.claimed = sum(1 for m in win.melds if m.type is not MeldType.ANKAN)
        if not self.standard:
            return
        for i, b in enumerate(arr.blocks):
            if b.kind is BlockKind.PAIR:
                self.pair = b.tile
            elif b.kind is BlockKind.CHOW:
                self.chows.append(b.tile)
            else:
                self.trips.append(b.tile)
                self.kongs += b.kind is BlockKind.KONG
                # a triplet completed by another's discard is exposed
                by_discard = i == arr.win_index and not win.tsumo
                if b.concealed and not by_discard:
                    self.concealed_trips += 1

    # facts the patterns read -------------------------------------------------------
    @property
    def suits(self) -> int:
        return len({k // 9 for k in self.kinds if k < 27})

    @property
    def honors(self) -> bool:
        return any(is_honor(k) for k in self.kinds)

    @property
    def terminals_and_honors(self) -> bool:
        return all(is_terminal_or_honor(k) for k in self.kinds)

    def dragons(self) -> int:
        return sum(1 for t in self.trips if t in DRAGONS)

    def winds(self) -> int:
        return sum(1 for t in self.trips if t in WINDS)
