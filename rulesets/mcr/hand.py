"""What one MCR win looks like before any arrangement is chosen (mcr.md §11.1, §11.9).

``HandFacts`` gathers the facts every arrangement shares: tile counts, melds, the winning
tile, the situational flags (corrected as §11.9 says), and the fans that depend only on
the set of tiles (suits, tile classes, ranges, Tile Hog, concealment, situational fans).
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


GREEN: Final = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z
REVERSIBLE: Final = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
WINDS = range(27, 31)
DRAGONS = range(31, 34)

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
        self.part = part  # scoring a part of a bigger hand
        self.base: Counts = {}  # tile-set and situational fans
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
        part=part,
    )
    facts.held = held
    facts.held_kinds = n_held
    facts.held_suited_kinds = n_suited
    facts.codes = codes
    _tile_fans(mask, facts.base)
    _concealment_fans(facts, facts.base)
    _situational_fans(win, facts, facts.base)
    if hogs > 0:
        facts.base["tile_hog"] = hogs
    return facts


def _mask(kinds: Iterable[int]) -> int:
    return sum(1 << k for k in kinds)


_M_SUITS: Final = tuple(0x1FF << (9 * s) for s in range(3))
_M_HONORS: Final = 0x7F << 27
_M_WINDS: Final = 0xF << 27
_M_DRAGONS: Final = 0x7 << 31
_M_TERMINALS: Final = _mask((0, 8, 9, 17, 18, 26))
_M_GREEN: Final = _mask(GREEN)
_M_REVERSIBLE: Final = _mask(REVERSIBLE)
_RANK_MASKS: Final = tuple(_mask((r, r + 9, r + 18)) for r in range(9))


def _ranks(low: int, high: int) -> int:
    """The kinds of numbers ``low`` to ``high`` in every suit, as a mask."""
    return _mask(k for r in range(low - 1, high) for k in (r, r + 9, r + 18))


_M_LOWER: Final = _ranks(1, 4)
_M_UPPER: Final = _ranks(6, 9)
_M_MIDDLE: Final = _ranks(4, 6)


def _tile_fans(mask: int, out: Counts) -> None:
    """Fans decided by which kinds the hand holds (mcr.md §12: 22, 49, 51, 75, 76, the
    tile-class fans 3, 8, 11, 18, 40, 68 and the range fans 25-27, 36, 37)."""
    honors = bool(mask & _M_HONORS)
    suits = 0
    for m in _M_SUITS:
        if mask & m:
            suits += 1
    if not honors:
        out["no_honors"] = 1
    if suits == 2:
        out["one_voided_suit"] = 1
    elif suits == 1:
        out["half_flush" if honors else "full_flush"] = 1
    elif suits == 3 and mask & _M_WINDS and mask & _M_DRAGONS:
        out["all_types"] = 1
    outer = _M_TERMINALS | _M_HONORS
    simples = not mask & outer
    if simples:
        out["all_simples"] = 1
    if not mask & ~_M_REVERSIBLE:
        out["reversible_tiles"] = 1
    if not mask & ~_M_GREEN:
        out["all_green"] = 1
    if not simples:
        if not mask & ~_M_HONORS:
            out["all_honors"] = 1
        elif not mask & ~_M_TERMINALS:
            out["all_terminals"] = 1
        elif not mask & ~outer:
            out["all_terminals_and_honors"] = 1
    if not honors:
        if not mask & ~_M_LOWER:
            out["lower_four" if mask & _RANK_MASKS[3] else "lower_tiles"] = 1
        elif not mask & ~_M_UPPER:
            out["upper_four" if mask & _RANK_MASKS[5] else "upper_tiles"] = 1
        elif not mask & ~_M_MIDDLE:
            out["middle_tiles"] = 1


def _concealment_fans(facts: HandFacts, out: Counts) -> None:
    if facts.melded_sets == 0:
        out["fully_concealed_hand" if facts.tsumo else "concealed_hand"] = 1
    elif facts.melded_sets == 4 and not facts.tsumo:
        out["melded_hand"] = 1


def _situational_fans(win: WinContext, facts: HandFacts, out: Counts) -> None:
    """§11.9. The flags are corrected from the tiles: Last Tile is impossible when the
    winner holds another copy and certain when the winner's melds show the other three;
    a replacement-tile win needs a kong; a robbed tile cannot be one the winner holds."""
    w = facts.win
    in_melds = facts.all_counts[w] - facts.counts[w]
    last_tile = win.last_tile_of_kind
    part = facts.part
    if facts.counts[w] != 1:
        last_tile = False
    if in_melds == 3:
        last_tile = True
    if facts.win_hidden:
        last_tile = False
    if facts.tsumo:
        out["self_drawn"] = 1
        if win.haitei:
            out["last_tile_draw"] = 1
        if win.rinshan and (facts.n_kongs or part is not None):
            out["out_with_replacement_tile"] = 1
    else:
        if win.houtei:
            out["last_tile_claim"] = 1
        if win.chankan and (part is not None or (in_melds == 0 and facts.counts[w] == 1)):
            out["robbing_the_kong"] = 1
    if last_tile:
        out["last_tile"] = 1
