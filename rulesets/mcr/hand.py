"""What one MCR win looks like before any arrangement is chosen (mcr.md §11.1, §11.9).

``HandFacts`` gathers the facts every arrangement shares: tile counts, melds, the winning
tile and its situation, which kinds the hand holds, Tile Hog's count. The fans that depend
on these alone are predicates over them in ``rulesets.mcr.patterns``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.context import InvalidInput, WinContext
from engine.melds import MeldType
from engine.shapes import ShapeRules, waits
from engine.tiles import KIND_OR_SPARE, NUM_KINDS, lowest_kind
from rulesets.mcr.waits import is_unique_wait

Counts = dict[str, int]
# One tile of kind k adds this to its suit's code (``engine.shapes.suit_code``).
_SUIT_DIGIT: Final[tuple[int, ...]] = tuple(
    1 << 3 * (8 - k % 9 if k < 27 else 33 - k) for k in range(34)
)
_CHI: Final = MeldType.CHI
_PON: Final = MeldType.PON
_ANKAN: Final = MeldType.ANKAN


@dataclass(frozen=True, slots=True)
class PartRules:
    """Scoring 14 tiles that are a part of a bigger winning hand (Three Kingdoms turns one
    set of a 17-tile hand face down and scores the rest with these rules).

    The situational flags describe the whole win and were checked on the whole hand, so
    a replacement-tile or robbed-kong win stands even when its kong or tile is not among
    these tiles. ``win_hidden``: the winning tile is not among these tiles (the
    ``WinContext``'s winning tile is then a nominal tile of the part): no wait fan, no
    Nine Gates, no Last Tile, and a discard completes none of these sets, so every
    concealed pung stays concealed. ``drop``: fans taken out before the "not counted
    with" rules are applied.
    """

    win_hidden: bool = False
    drop: frozenset[str] = frozenset()


# The wait test (§11.7) counts standard shapes and, without melds, Seven Pairs.
_WAIT_RULES = ShapeRules(
    seven_pairs=True, seven_pairs_four_as_two=True, thirteen_orphans=False
)
_NO_LIMIT: Final = (0,) * 34  # formal waits: a kind counts even when all its copies are in sight


def formal_waits(concealed: tuple[int, ...], n_melds: int) -> tuple[int, ...]:
    """Kinds completing the concealed part (without the winning tile), by the engine's
    general search; ``rulesets.mcr.waits`` computes the same set faster."""
    return tuple(waits(concealed, n_melds, rules=_WAIT_RULES, held=_NO_LIMIT))


class HandFacts:
    """A plain class rather than a dataclass so that, compiled (setup.py), building one
    per hand is native code."""

    def __init__(
        self,
        counts: list[int],
        all_counts: list[int],
        win: int,
        n_melds: int,
        melded_sets: int,
        n_kongs: int,
        tsumo: bool,
        seat: int,
        prevalent: int,
        context: WinContext,
        part: PartRules | None = None,
    ) -> None:
        self.counts = counts  # concealed part including the winning tile
        self.all_counts = all_counts  # every tile of the hand, melds included
        self.win = win
        self.n_melds = n_melds
        self.melded_sets = melded_sets  # chow, pung and melded kong melds (not concealed kongs)
        self.n_kongs = n_kongs
        self.tsumo = tsumo
        self.seat = seat  # wind kind 27..30
        self.prevalent = prevalent
        self.context = context  # the win as given: its situational flags (§11.9)
        self.part = part  # scoring a part of a bigger hand
        self.mask = 0  # bit k set when the hand holds kind k, melds included
        self.hogs = 0  # Tile Hog's count: kinds held four times outside a kong
        self._unique: bool | None = None
        self.held = 0  # bit k set when the concealed part holds kind k
        self.held_kinds = 0  # how many kinds it holds
        self.held_suited_kinds = 0  # how many of them are suited
        self.codes: list[int] = []  # the concealed part's suit codes (engine.shapes)

    @property
    def win_hidden(self) -> bool:
        return self.part is not None and self.part.win_hidden

    def unique_wait(self) -> bool:
        """Whether the concealed part waited on exactly one kind (§11.7); never when the
        winning tile lies outside the tiles scored."""
        if self.win_hidden:
            return False
        if self._unique is None:
            before = list(self.counts)
            before[self.win] -= 1
            self._unique = is_unique_wait(before, self.n_melds, self.win, self.codes)
        return self._unique


def check_flags(win: WinContext) -> None:
    """Reject flag combinations that cannot describe one win (hand-jsonl, §11.9)."""
    if (win.haitei or win.rinshan) and not win.tsumo:
        raise InvalidInput("haitei and rinshan describe self-drawn wins (set tsumo)")
    if (win.houtei or win.chankan) and win.tsumo:
        raise InvalidInput("houtei and chankan describe wins on another player's tile")


def build_facts(win: WinContext, part: PartRules | None = None) -> HandFacts | None:
    """The shared facts of a hand of the right size (or of a part of a bigger hand, see
    ``PartRules``); None when a flower is among its tiles or a kind shows up more than
    four times (``WinContext.check`` then says which)."""
    table = KIND_OR_SPARE
    digit = _SUIT_DIGIT
    counts = [0] * 34
    w = table[win.win_tile]
    if w == NUM_KINDS:
        return None
    counts[w] = 1
    held = 1 << w  # bit k: the concealed part holds kind k
    n_held = 1
    n_suited = 1 if w < 27 else 0
    hogs = 0  # kinds held four times (a kong's included until the end)
    # ``engine.shapes.suit_code`` of each suit, built tile by tile
    m = p = s = z = 0
    if w < 9:
        m = digit[w]
    elif w < 18:
        p = digit[w]
    elif w < 27:
        s = digit[w]
    else:
        z = digit[w]
    for t in win.concealed:
        k = table[t]
        if k == NUM_KINDS:
            return None
        n = counts[k] + 1
        counts[k] = n
        if n == 1:
            held |= 1 << k
            n_held += 1
            if k < 27:
                n_suited += 1
        elif n >= 4:
            if n > 4:
                return None
            hogs += 1
        if k < 9:
            m += digit[k]
        elif k < 18:
            p += digit[k]
        elif k < 27:
            s += digit[k]
        else:
            z += digit[k]
    codes = [m, p, s, z]
    all_counts = list(counts)
    mask = held  # bit k: the hand holds kind k
    melded_sets = 0
    n_kongs = 0
    melds = win.melds
    for meld in melds:
        typ = meld.type
        tiles = meld.tiles
        if typ is _CHI:
            k = lowest_kind(tiles)
            for i in range(k, k + 3):
                a = all_counts[i] + 1
                all_counts[i] = a
                if a >= 4:
                    if a > 4:
                        return None
                    hogs += 1
            mask |= 7 << k
        else:
            k = table[tiles[0]]
            a = all_counts[k] + len(tiles)
            all_counts[k] = a
            if a >= 4:
                if a > 4:
                    return None
                hogs += 1
            mask |= 1 << k
            if typ is not _PON:
                n_kongs += 1
        if typ is not _ANKAN:
            melded_sets += 1
    hogs -= n_kongs
    facts = HandFacts(
        counts=counts,
        all_counts=all_counts,
        win=w,
        n_melds=len(melds),
        melded_sets=melded_sets,
        n_kongs=n_kongs,
        tsumo=win.tsumo,
        seat=26 + win.seat_wind,
        prevalent=26 + win.round_wind,
        context=win,
        part=part,
    )
    facts.held = held
    facts.held_kinds = n_held
    facts.held_suited_kinds = n_suited
    facts.codes = codes
    facts.mask = mask
    facts.hogs = max(hogs, 0)
    return facts
