"""The sets a winner may turn face down, and the 14-tile part each choice leaves
(three-kingdoms.md §5.1, §5.2).

A choice takes one set out of the 17-tile hand (a meld, or a chow or pung of the
concealed tiles) and keeps the rest as a 14-tile MCR hand. When the set holds the kind of
the winning tile, the winning tile itself may be the one turned down (``win_hidden``) or
stay in the part; both are offered. Whether the part is a legal MCR hand is left to the
MCR scorer, so every arrangement of §5.2 (five sets and a pair; a special shape plus its
extra set; the knitted straight with one of its two ordinary sets) is covered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.context import WinContext
from engine.melds import Meld
from engine.notation import format_kinds
from engine.tiles import Tile, kind_of

Kinds = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One set turned face down and the part left to score."""

    kinds: Kinds  # kinds of the face-down set (a kong has four)
    meld: Meld | None  # the declared meld turned down, None for concealed tiles
    win_hidden: bool  # the winning tile is one of the face-down tiles
    part: WinContext  # the 14 tiles scored (a nominal winning tile when win_hidden)

    def describe(self) -> dict[str, object]:
        """The ``face_down`` field of the result."""
        if self.meld is not None:
            shape = "kong" if self.meld.is_kong else ("chow" if self.meld.is_chow else "pung")
        else:
            shape = "pung" if self.kinds[0] == self.kinds[1] else "chow"
        return {
            "tiles": format_kinds(self.kinds),
            "set": shape,
            "meld": None if self.meld is None else self.meld.type.value,
            "winning_tile": self.win_hidden,
        }


def _take(tiles: list[Tile], kinds: Kinds) -> list[Tile] | None:
    """``tiles`` without one tile of each of ``kinds``, or None if one is missing."""
    rest = list(tiles)
    for k in kinds:
        for i, t in enumerate(rest):
            if kind_of(t) == k:
                del rest[i]
                break
        else:
            return None
    return rest


def concealed_sets(counts: list[int]) -> list[Kinds]:
    """Every distinct chow and pung the concealed tiles (winning tile included) hold."""
    out: list[Kinds] = []
    for k in range(34):
        if counts[k] >= 3:
            out.append((k, k, k))
        if k < 27 and k % 9 <= 6 and counts[k] and counts[k + 1] and counts[k + 2]:
            out.append((k, k + 1, k + 2))
    return out


def choices(win: WinContext) -> list[Choice]:
    """Every way to turn one set face down (each part is 14 tiles; not all are wins)."""
    out: list[Choice] = []
    w = kind_of(win.win_tile)
    for i, meld in enumerate(win.melds):
        part = replace(win, melds=win.melds[:i] + win.melds[i + 1 :])
        out.append(Choice(tuple(meld.kinds()), meld, False, part))
    concealed = list(win.concealed)
    for kinds in concealed_sets(win.concealed_counts()):
        # the winning tile stays in the part: the set comes from the other tiles
        rest = _take(concealed, kinds)
        if rest is not None:
            out.append(Choice(kinds, None, False, replace(win, concealed=tuple(rest))))
        if w in kinds:
            # the winning tile is turned down with the set; a nominal tile of the part
            # (the last one) stands in as the MCR winning tile
            others = list(kinds)
            others.remove(w)
            rest = _take(concealed, tuple(others))
            if rest:
                part = replace(win, concealed=tuple(rest[:-1]), win_tile=rest[-1])
                out.append(Choice(kinds, None, True, part))
    return out
