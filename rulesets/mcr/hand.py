"""What one MCR win looks like before any arrangement is chosen (mcr.md §11.1, §11.9).

``HandFacts`` gathers the facts every arrangement shares: tile counts, melds, the winning
tile and its situation, which kinds the hand holds, Tile Hog's count. The fans that depend
on these alone are predicates over them in ``rulesets.mcr.patterns``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from engine.context import InvalidInput, WinContext
from engine.melds import MeldType
from engine.shapes import ShapeRules, waits
from engine.tiles import KIND_OR_SPARE, NUM_KINDS, lowest_kind
from rulesets.mcr.waits import is_unique_wait

Counts = dict[str, int]
# One tile of kind k adds this to its suit's code (``engine.blocks.suit_code``).
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
    Nine Gates, no Last Tile, and the nominal tile completes no pung of the part.
    ``hidden_discard_melds_a_pung``: on such a discard win the discard is still taken to
    have completed one of the part's pungs, so one concealed pung fewer counts (Three
    Kingdoms' ``hidden_win_pungs`` ``one_melded``, seed 002 examples 11 and 12); without
    it every concealed pung of the part stays concealed. ``drop``: fans taken out before
    the "not counted with" rules are applied.
    """

    win_hidden: bool = False
    drop: frozenset[str] = frozenset()
    hidden_discard_melds_a_pung: bool = False


def _mask(kinds: Iterable[int]) -> int:
    return sum(1 << k for k in kinds)


def _ranks(low: int, high: int) -> int:
    """The kinds of numbers ``low`` to ``high`` in every suit, as a mask."""
    return _mask(k for r in range(low - 1, high) for k in (r, r + 9, r + 18))


# Kind masks (bit k: kind k) for the fans of the tiles alone (mcr.md §12).
M_SUITS: Final = tuple(0x1FF << (9 * s) for s in range(3))
M_HONORS: Final = 0x7F << 27
M_WINDS: Final = 0xF << 27
M_DRAGONS: Final = 0x7 << 31
M_TERMINALS: Final = _mask((0, 8, 9, 17, 18, 26))
M_OUTER: Final = M_TERMINALS | M_HONORS
M_GREEN: Final = _mask((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s 6z
M_REVERSIBLE: Final = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
M_LOWER: Final = _ranks(1, 4)
M_UPPER: Final = _ranks(6, 9)
M_MIDDLE: Final = _ranks(4, 6)
M_FOURS: Final = _ranks(4, 4)
M_SIXES: Final = _ranks(6, 6)

# Features of a hand (``HandFacts.features``): what the catalogue's hand fans need
# (``PatternDef.needs``), so that a hand is asked only the predicates that can hold.
F_SUITS: Final = (1, 2, 4, 8)  # the hand holds 0, 1, 2 or 3 suits
F_HONORS: Final = 1 << 4
F_NO_HONORS: Final = 1 << 5
F_WINDS_AND_DRAGONS: Final = 1 << 6
F_SIMPLES: Final = 1 << 7  # no terminal, no honor
F_OUTER: Final = 1 << 8  # terminals and honors only
F_LOWER: Final = 1 << 9  # numbers 1-4 only
F_UPPER: Final = 1 << 10  # 6-9 only
F_MIDDLE: Final = 1 << 11  # 4-6 only
F_HOG: Final = 1 << 12  # a kind held four times outside a kong
F_CONCEALED: Final = 1 << 13  # no melded set
F_MELDED: Final = 1 << 14  # four melded sets
F_TSUMO: Final = 1 << 15
F_RON: Final = 1 << 16
F_HAITEI: Final = 1 << 17
F_HOUTEI: Final = 1 << 18
F_RINSHAN: Final = 1 << 19
F_CHANKAN: Final = 1 << 20
F_REVERSIBLE: Final = 1 << 21  # reversible tiles only (§12 fan 40)


def _features(mask: int, hogs: int, melded_sets: int, win: WinContext) -> int:
    suits = 0
    if mask & 0x1FF:
        suits += 1
    if mask & 0x1FF << 9:
        suits += 1
    if mask & 0x1FF << 18:
        suits += 1
    f = F_SUITS[suits]
    f |= F_HONORS if mask & M_HONORS else F_NO_HONORS
    if mask & M_WINDS and mask & M_DRAGONS:
        f |= F_WINDS_AND_DRAGONS
    if not mask & M_OUTER:
        f |= F_SIMPLES
    if not mask & ~M_OUTER:
        f |= F_OUTER
    if not mask & ~M_LOWER:
        f |= F_LOWER
    if not mask & ~M_UPPER:
        f |= F_UPPER
    if not mask & ~M_MIDDLE:
        f |= F_MIDDLE
    if not mask & ~M_REVERSIBLE:
        f |= F_REVERSIBLE
    if hogs > 0:
        f |= F_HOG
    if melded_sets == 0:
        f |= F_CONCEALED
    elif melded_sets == 4:
        f |= F_MELDED
    if win.tsumo:
        f |= F_TSUMO
        if win.haitei:
            f |= F_HAITEI
        if win.rinshan:
            f |= F_RINSHAN
    else:
        f |= F_RON
        if win.houtei:
            f |= F_HOUTEI
        if win.chankan:
            f |= F_CHANKAN
    return f


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
        self.features = 0  # the F_ bits above
        self._unique: bool | None = None
        self.held = 0  # bit k set when the concealed part holds kind k
        self.held_kinds = 0  # how many kinds it holds
        self.held_suited_kinds = 0  # how many of them are suited
        self.codes: list[int] = []  # the concealed part's suit codes (engine.blocks)

    @property
    def win_hidden(self) -> bool:
        return self.part is not None and self.part.win_hidden

    def discard_melds_a_pung(self) -> bool:
        """Whether the hidden winning tile, a discard, still melds one pung of the part
        (``PartRules.hidden_discard_melds_a_pung``)."""
        part = self.part
        return part is not None and part.win_hidden and part.hidden_discard_melds_a_pung and (
            not self.tsumo
        )

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
    # ``engine.blocks.suit_code`` of each suit, built tile by tile
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
    facts.features = _features(mask, hogs, melded_sets, win)
    return facts
