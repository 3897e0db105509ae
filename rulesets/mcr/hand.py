"""What one MCR win looks like before any arrangement is chosen (mcr.md §11.1, §11.9).

``HandFacts`` gathers the facts every arrangement shares: tile counts, melds, the winning
tile, the situational flags (corrected as §11.9 says), and the fans that depend only on
the set of tiles (suits, tile classes, ranges, Tile Hog, concealment, situational fans).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.context import InvalidInput, WinContext
from engine.melds import MeldType
from engine.shapes import ShapeRules, waits

Counts = dict[str, int]

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z
REVERSIBLE = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31})
WINDS = range(27, 31)
DRAGONS = range(31, 34)

# The wait test (§11.7) counts standard shapes and, without melds, Seven Pairs.
_WAIT_RULES = ShapeRules(
    seven_pairs=True, seven_pairs_four_as_two=True, thirteen_orphans=False
)
_NO_LIMIT = (0,) * 34  # formal waits: a kind counts even when all its copies are in sight


@lru_cache(maxsize=1 << 14)
def formal_waits(concealed: tuple[int, ...], n_melds: int) -> tuple[int, ...]:
    """Kinds completing the concealed part (without the winning tile)."""
    return tuple(waits(concealed, n_melds, rules=_WAIT_RULES, held=_NO_LIMIT))


@dataclass(slots=True)
class HandFacts:
    counts: list[int]  # concealed part including the winning tile
    all_counts: list[int]  # every tile of the hand, melds included
    win: int
    n_melds: int
    melded_sets: int  # chow, pung and melded kong melds (a concealed kong is not one)
    n_kongs: int
    tsumo: bool
    seat: int  # wind kind 27..30
    prevalent: int
    base: Counts = field(default_factory=dict)  # tile-set and situational fans
    _unique: bool | None = None

    def unique_wait(self) -> bool:
        """Whether the concealed part waited on exactly one kind (§11.7)."""
        if self._unique is None:
            before = list(self.counts)
            before[self.win] -= 1
            self._unique = len(formal_waits(tuple(before), self.n_melds)) == 1
        return self._unique


def check_flags(win: WinContext) -> None:
    """Reject flag combinations that cannot describe one win (hand-jsonl, §11.9)."""
    if (win.haitei or win.rinshan) and not win.tsumo:
        raise InvalidInput("haitei and rinshan describe self-drawn wins (set tsumo)")
    if (win.houtei or win.chankan) and win.tsumo:
        raise InvalidInput("houtei and chankan describe wins on another player's tile")


def build_facts(win: WinContext) -> HandFacts:
    counts = win.concealed_counts()
    all_counts = list(counts)
    melded_sets = 0
    n_kongs = 0
    for meld in win.melds:
        for k in meld.kinds():
            all_counts[k] += 1
        if meld.type is not MeldType.ANKAN:
            melded_sets += 1
        if meld.is_kong:
            n_kongs += 1
    facts = HandFacts(
        counts=counts,
        all_counts=all_counts,
        win=win.win_kind,
        n_melds=len(win.melds),
        melded_sets=melded_sets,
        n_kongs=n_kongs,
        tsumo=win.tsumo,
        seat=26 + win.seat_wind,
        prevalent=26 + win.round_wind,
    )
    facts.base = _tile_fans(all_counts)
    _concealment_fans(facts, facts.base)
    _situational_fans(win, facts, facts.base)
    hogs = sum(1 for c in all_counts if c == 4) - n_kongs
    if hogs > 0:
        facts.base["tile_hog"] = hogs
    return facts


def _tile_fans(all_counts: list[int]) -> Counts:
    """Fans decided by which tiles the hand holds (mcr.md §12: 22, 49, 51, 75, 76, the
    tile-class fans 3, 8, 11, 18, 40, 68 and the range fans 25-27, 36, 37)."""
    out: Counts = {}
    kinds = [k for k in range(34) if all_counts[k]]
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(k >= 27 for k in kinds)
    if not honors:
        out["no_honors"] = 1
    missing = 3 - len(suits)
    if missing == 1:
        out["one_voided_suit"] = 1
    elif missing == 2:
        out["half_flush" if honors else "full_flush"] = 1
    if (
        missing == 0
        and any(k in WINDS for k in kinds)
        and any(k in DRAGONS for k in kinds)
    ):
        out["all_types"] = 1
    terminal_or_honor = [k >= 27 or k % 9 in (0, 8) for k in kinds]
    simples = not any(terminal_or_honor)
    if simples:
        out["all_simples"] = 1
    if all(k in REVERSIBLE for k in kinds):
        out["reversible_tiles"] = 1
    if all(k in GREEN for k in kinds):
        out["all_green"] = 1
    if not simples:
        if all(k >= 27 for k in kinds):
            out["all_honors"] = 1
        elif all(k < 27 and k % 9 in (0, 8) for k in kinds):
            out["all_terminals"] = 1
        elif all(terminal_or_honor):
            out["all_terminals_and_honors"] = 1
    if not honors:
        ranks = {k % 9 + 1 for k in kinds}
        if ranks <= {1, 2, 3, 4}:
            out["lower_four" if 4 in ranks else "lower_tiles"] = 1
        elif ranks <= {6, 7, 8, 9}:
            out["upper_four" if 6 in ranks else "upper_tiles"] = 1
        elif ranks <= {4, 5, 6}:
            out["middle_tiles"] = 1
    return out


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
    if facts.counts[w] != 1:
        last_tile = False
    if in_melds == 3:
        last_tile = True
    if facts.tsumo:
        out["self_drawn"] = 1
        if win.haitei:
            out["last_tile_draw"] = 1
        if win.rinshan and facts.n_kongs:
            out["out_with_replacement_tile"] = 1
    else:
        if win.houtei:
            out["last_tile_claim"] = 1
        if win.chankan and in_melds == 0 and facts.counts[w] == 1:
            out["robbing_the_kong"] = 1
    if last_tile:
        out["last_tile"] = 1
