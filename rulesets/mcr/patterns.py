"""The MCR fan catalogue (../shared/rules/mcr.md §12): ids, names, values, exclusions,
and each fan's predicate.

One ``PatternDef`` per fan, in the order of the 1998 table (values descending), plus the
``melded_and_concealed_kong`` line (§11.6) between the 6- and 4-point fans. Exclusions are
data: when a fan is scored, the fans in its ``excludes`` are not (§11.4 non-repeat; §13).
Exclusions that concern only *some* sets of the hand (Big Three Winds and its three wind
pungs, the chow-pair fans among the chows of a bigger chow fan, a wind pung that scores
Prevalent/Seat Wind) are applied where those sets are counted: in the predicate of Pung
of Terminals or Honors and in ``rulesets.mcr.combinations``.
Japanese names follow seed 000 where it names the fan, otherwise the usual term.

Every predicate reads one reading's facts (``rulesets.mcr.reading.ReadingFacts``). The
fans of the tiles alone, of concealment and of the situation (§11.9) read only the hand's
facts (``r.hand``): the scorer counts them once per hand (``HAND_FAN_IDS``), the fans of
sets, waits and shapes once per reading (``READING_FAN_IDS``). The combination fans of
chows and pungs (``COMBINATION_FAN_IDS``) read the reading's combination, which §11.5's
account-once rule decides for all of them together; their feature bits are the
reading's ``combination_features``. Two fans have no predicate: Chicken Hand (no other fan) and
Flower Tiles (the flowers), which the scorer adds; the fans of a Nine Gates reading other
than Nine Gates itself are fixed by its winning tile (§12.1, ``scorer._NINE_GATES_EXTRAS``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from engine.scoring import PatternDef, PatternSet
from rulesets.mcr.hand import (
    F_CHANKAN,
    F_CONCEALED,
    F_HAITEI,
    F_HOG,
    F_HONORS,
    F_HOUTEI,
    F_LOWER,
    F_MELDED,
    F_MIDDLE,
    F_NO_HONORS,
    F_OUTER,
    F_REVERSIBLE,
    F_RINSHAN,
    F_RON,
    F_SIMPLES,
    F_SUITS,
    F_TSUMO,
    F_UPPER,
    F_WINDS_AND_DRAGONS,
    M_DRAGONS,
    M_FOURS,
    M_GREEN,
    M_HONORS,
    M_LOWER,
    M_MIDDLE,
    M_OUTER,
    M_REVERSIBLE,
    M_SIXES,
    M_SUITS,
    M_TERMINALS,
    M_UPPER,
    M_WINDS,
    HandFacts,
)
from rulesets.mcr.reading import (
    R_ALL_CHOWS,
    R_COMBINATION,
    R_CONCEALED_PUNGS,
    R_EVEN_PUNGS,
    R_FIVES,
    R_FOUR_PUNGS,
    R_HONORS_AND_KNITTED,
    R_KNITTED_STRAIGHT,
    R_KONGS,
    R_NINE_GATES,
    R_OUTSIDE,
    R_SEVEN_PAIRS,
    R_TERMINAL_OR_HONOR_PUNG,
    R_THIRTEEN_ORPHANS,
    R_WAIT,
    ReadingFacts,
)

# (id, 中文, English, 日本語, value, excludes)
_ROWS: tuple[tuple[str, str, str, str, int, tuple[str, ...]], ...] = (
    # 88
    ("big_four_winds", "大四喜", "Big Four Winds", "大四喜", 88,
     ("big_three_winds", "little_four_winds", "all_pungs", "prevalent_wind", "seat_wind",
      "pung_of_terminals_or_honors")),
    ("big_three_dragons", "大三元", "Big Three Dragons", "大三元", 88,
     ("little_three_dragons", "two_dragon_pungs", "dragon_pung")),
    ("all_green", "绿一色", "All Green", "緑一色", 88, ("half_flush", "one_voided_suit")),
    ("nine_gates", "九莲宝灯", "Nine Gates", "九蓮宝燈", 88,
     ("full_flush", "concealed_hand", "fully_concealed_hand", "no_honors", "one_voided_suit")),
    ("four_kongs", "四杠", "Four Kongs", "四槓", 88,
     ("all_pungs", "single_wait", "three_kongs", "two_melded_kongs", "two_concealed_kongs",
      "melded_and_concealed_kong", "melded_kong", "concealed_kong")),
    ("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", "連七対", 88,
     ("seven_pairs", "full_flush", "concealed_hand", "fully_concealed_hand", "single_wait",
      "no_honors", "one_voided_suit")),
    ("thirteen_orphans", "十三幺", "Thirteen Orphans", "十三么", 88,
     ("all_terminals_and_honors", "all_types", "concealed_hand", "fully_concealed_hand",
      "single_wait")),
    # 64
    ("all_terminals", "清幺九", "All Terminals", "清么九", 64,
     ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors",
      "no_honors", "double_pung")),
    ("little_four_winds", "小四喜", "Little Four Winds", "小四喜", 64,
     ("big_three_winds", "pung_of_terminals_or_honors")),
    ("little_three_dragons", "小三元", "Little Three Dragons", "小三元", 64,
     ("two_dragon_pungs", "dragon_pung")),
    ("all_honors", "字一色", "All Honors", "字一色", 64,
     ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors",
      "one_voided_suit")),
    ("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", "四暗刻", 64,
     ("three_concealed_pungs", "all_pungs", "concealed_hand", "fully_concealed_hand",
      "two_concealed_pungs")),
    ("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", "一色雙龍会", 64,
     ("seven_pairs", "full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
      "no_honors", "one_voided_suit")),
    # 48
    ("quadruple_chow", "一色四同顺", "Quadruple Chow", "一色四同順", 48,
     ("pure_triple_chow", "pure_double_chow", "tile_hog", "pure_shifted_pungs")),
    ("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", "一色四節高", 48,
     ("pure_shifted_pungs", "pure_triple_chow", "all_pungs")),
    # 32
    ("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", "一色四歩高", 32,
     ("pure_shifted_chows", "short_straight", "two_terminal_chows")),
    ("three_kongs", "三杠", "Three Kongs", "三槓", 32,
     ("two_melded_kongs", "two_concealed_kongs", "melded_and_concealed_kong", "melded_kong",
      "concealed_kong")),
    ("all_terminals_and_honors", "混幺九", "All Terminals and Honors", "混么九", 32,
     ("all_pungs", "outside_hand", "pung_of_terminals_or_honors")),
    # 24
    ("seven_pairs", "七对", "Seven Pairs", "七対", 24,
     ("concealed_hand", "fully_concealed_hand", "single_wait")),
    ("greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles",
     "七星不靠", 24,
     ("lesser_honors_and_knitted_tiles", "all_types", "concealed_hand", "fully_concealed_hand",
      "single_wait")),
    ("all_even_pungs", "全双刻", "All Even Pungs", "全雙刻", 24,
     ("all_pungs", "all_simples", "no_honors")),
    ("full_flush", "清一色", "Full Flush", "清一色", 24, ("one_voided_suit", "no_honors")),
    ("pure_triple_chow", "一色三同顺", "Pure Triple Chow", "一色三同順", 24,
     ("pure_shifted_pungs",)),
    ("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", "一色三節高", 24,
     ("pure_triple_chow",)),
    ("upper_tiles", "全大", "Upper Tiles", "全大", 24, ("upper_four", "no_honors")),
    ("middle_tiles", "全中", "Middle Tiles", "全中", 24, ("all_simples", "no_honors")),
    ("lower_tiles", "全小", "Lower Tiles", "全小", 24, ("lower_four", "no_honors")),
    # 16
    ("pure_straight", "清龙", "Pure Straight", "清龍", 16, ()),
    ("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", "三色雙龍会",
     16, ("all_chows", "mixed_double_chow", "two_terminal_chows", "no_honors")),
    ("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", "一色三歩高", 16, ()),
    ("all_fives", "全带五", "All Fives", "全帯五", 16, ("all_simples", "no_honors")),
    ("triple_pung", "三同刻", "Triple Pung", "三同刻", 16, ()),
    ("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", "三暗刻", 16,
     ("two_concealed_pungs",)),
    # 12
    ("lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", "全不靠",
     12, ("all_types", "concealed_hand", "fully_concealed_hand", "single_wait")),
    ("knitted_straight", "组合龙", "Knitted Straight", "組合龍", 12, ()),
    ("upper_four", "大于五", "Upper Four", "大于五", 12, ("no_honors",)),
    ("lower_four", "小于五", "Lower Four", "小于五", 12, ("no_honors",)),
    ("big_three_winds", "三风刻", "Big Three Winds", "三風刻", 12, ()),
    # 8
    ("mixed_straight", "花龙", "Mixed Straight", "花龍", 8, ()),
    ("reversible_tiles", "推不倒", "Reversible Tiles", "推不倒", 8, ("one_voided_suit",)),
    ("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", "三色三同順", 8, ()),
    ("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", "三色三節高", 8, ()),
    ("chicken_hand", "无番和", "Chicken Hand", "無番和", 8, ()),
    ("last_tile_draw", "妙手回春", "Last Tile Draw", "妙手回春", 8, ("self_drawn",)),
    ("last_tile_claim", "海底捞月", "Last Tile Claim", "海底撈月", 8, ()),
    ("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", "槓上開花", 8,
     ("self_drawn",)),
    ("robbing_the_kong", "抢杠和", "Robbing the Kong", "搶槓和", 8, ("last_tile",)),
    # 6
    ("all_pungs", "碰碰和", "All Pungs", "碰碰和", 6, ()),
    ("half_flush", "混一色", "Half Flush", "混一色", 6, ("one_voided_suit",)),
    ("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", "三色三歩高", 6, ()),
    ("all_types", "五门齐", "All Types", "五門斉", 6, ()),
    ("melded_hand", "全求人", "Melded Hand", "全求人", 6, ("single_wait",)),
    ("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", "雙暗槓", 6,
     ("concealed_kong", "two_concealed_pungs")),
    ("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", "双箭刻", 6, ("dragon_pung",)),
    # 5 (Botzone line, option mixed_kong_points)
    ("melded_and_concealed_kong", "明暗杠", "Melded and Concealed Kong", "明暗槓", 5,
     ("melded_kong", "concealed_kong")),
    # 4
    ("outside_hand", "全带幺", "Outside Hand", "全帯么", 4, ()),
    ("fully_concealed_hand", "不求人", "Fully Concealed Hand", "不求人", 4,
     ("self_drawn", "concealed_hand")),
    ("two_melded_kongs", "双明杠", "Two Melded Kongs", "雙明槓", 4, ("melded_kong",)),
    ("last_tile", "和绝张", "Last Tile", "和絶張", 4, ()),
    # 2
    ("dragon_pung", "箭刻", "Dragon Pung", "箭刻", 2, ()),
    ("prevalent_wind", "圈风刻", "Prevalent Wind", "圏風刻", 2, ()),
    ("seat_wind", "门风刻", "Seat Wind", "門風刻", 2, ()),
    ("concealed_hand", "门前清", "Concealed Hand", "門前清", 2, ()),
    ("all_chows", "平和", "All Chows", "平和", 2, ("no_honors",)),
    ("tile_hog", "四归一", "Tile Hog", "四帰一", 2, ()),
    ("double_pung", "双同刻", "Double Pung", "双同刻", 2, ()),
    ("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", "双暗刻", 2, ()),
    ("concealed_kong", "暗杠", "Concealed Kong", "暗槓", 2, ()),
    ("all_simples", "断幺", "All Simples", "断么", 2, ("no_honors",)),
    # 1
    ("pure_double_chow", "一般高", "Pure Double Chow", "一般高", 1, ()),
    ("mixed_double_chow", "喜相逢", "Mixed Double Chow", "喜相逢", 1, ()),
    ("short_straight", "连六", "Short Straight", "連六", 1, ()),
    ("two_terminal_chows", "老少副", "Two Terminal Chows", "老少副", 1, ()),
    ("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", "么九刻", 1, ()),
    ("melded_kong", "明杠", "Melded Kong", "明槓", 1, ()),
    ("one_voided_suit", "缺一门", "One Voided Suit", "缺一門", 1, ()),
    ("no_honors", "无字", "No Honors", "無字", 1, ()),
    ("edge_wait", "边张", "Edge Wait", "辺張", 1, ()),
    ("closed_wait", "坎张", "Closed Wait", "坎張", 1, ()),
    ("single_wait", "单钓将", "Single Wait", "単調将", 1, ()),
    ("self_drawn", "自摸", "Self-Drawn", "自摸", 1, ()),
    ("flower_tiles", "花牌", "Flower Tiles", "花牌", 1, ()),
)


# ------------------------------------------------------- fans of the tiles alone (§12)


def _suits(r: ReadingFacts) -> int:
    mask = r.hand.mask
    return sum(1 for m in M_SUITS if mask & m)


def _only(r: ReadingFacts, kinds: int) -> bool:
    return not r.hand.mask & ~kinds


def _has(r: ReadingFacts, kinds: int) -> bool:
    return r.hand.mask & kinds != 0


def _all_terminals_and_honors(r: ReadingFacts) -> bool:
    # fan 18 holds both terminals and honors: All Honors (11) and All Terminals (8) do not
    return _only(r, M_OUTER) and not _only(r, M_HONORS) and not _only(r, M_TERMINALS)


def _middle_tiles(r: ReadingFacts) -> bool:
    return _only(r, M_MIDDLE) and not _only(r, M_LOWER) and not _only(r, M_UPPER)


# ------------------------------------------------------- the situation of the win (§11.9)
# The flags are corrected from the tiles: Last Tile is impossible when the winner holds
# another copy and certain when the winner's melds show the other three; a
# replacement-tile win needs a kong; a robbed tile cannot be one the winner holds.


def _in_melds(f: HandFacts) -> int:
    return f.all_counts[f.win] - f.counts[f.win]


def _last_tile(r: ReadingFacts) -> bool:
    f = r.hand
    if f.win_hidden:
        return False
    return _in_melds(f) == 3 or (f.context.last_tile_of_kind and f.counts[f.win] == 1)


def _replacement(r: ReadingFacts) -> bool:
    f = r.hand
    return f.tsumo and f.context.rinshan and (f.n_kongs > 0 or f.part is not None)


def _robbing(r: ReadingFacts) -> bool:
    f = r.hand
    if f.tsumo or not f.context.chankan:
        return False
    return f.part is not None or (_in_melds(f) == 0 and f.counts[f.win] == 1)


@dataclass(frozen=True, slots=True)
class Fan:
    """A fan's predicate over one reading's facts, the features it needs (the hand's
    ``rulesets.mcr.hand.F_*`` for a fan of the tiles alone, the reading's
    ``rulesets.mcr.reading.R_*`` for the others), and whether they alone decide it
    (``exact``)."""

    test: Callable[[ReadingFacts], int]
    needs: int = 0
    exact: bool = False


_HAND_FANS: Final[dict[str, Fan]] = {
    # by the kinds held: suits (§12 fans 22, 49, 51, 75, 76)
    "no_honors": Fan(lambda r: not _has(r, M_HONORS), F_NO_HONORS, exact=True),
    "one_voided_suit": Fan(lambda r: _suits(r) == 2, F_SUITS[2], exact=True),
    "half_flush": Fan(
        lambda r: _suits(r) == 1 and _has(r, M_HONORS), F_SUITS[1] | F_HONORS, exact=True
    ),
    "full_flush": Fan(
        lambda r: _suits(r) == 1 and not _has(r, M_HONORS), F_SUITS[1] | F_NO_HONORS, exact=True
    ),
    "all_types": Fan(
        lambda r: _suits(r) == 3 and _has(r, M_WINDS) and _has(r, M_DRAGONS),
        F_SUITS[3] | F_WINDS_AND_DRAGONS,
        exact=True,
    ),
    # tile classes (3, 8, 11, 18, 40, 68)
    "all_simples": Fan(lambda r: not _has(r, M_OUTER), F_SIMPLES, exact=True),
    "reversible_tiles": Fan(lambda r: _only(r, M_REVERSIBLE), F_REVERSIBLE, exact=True),
    "all_green": Fan(lambda r: _only(r, M_GREEN), F_SUITS[1]),  # bamboo, maybe 6z
    "all_honors": Fan(lambda r: _only(r, M_HONORS), F_SUITS[0], exact=True),
    "all_terminals": Fan(lambda r: _only(r, M_TERMINALS), F_OUTER | F_NO_HONORS, exact=True),
    "all_terminals_and_honors": Fan(_all_terminals_and_honors, F_OUTER | F_HONORS),
    # ranges (25-27, 36, 37): Lower / Upper Four hold a 4 / a 6, Lower / Upper Tiles do not
    "lower_four": Fan(lambda r: _only(r, M_LOWER) and _has(r, M_FOURS), F_LOWER),
    "lower_tiles": Fan(lambda r: _only(r, M_LOWER) and not _has(r, M_FOURS), F_LOWER),
    "upper_four": Fan(lambda r: _only(r, M_UPPER) and _has(r, M_SIXES), F_UPPER),
    "upper_tiles": Fan(lambda r: _only(r, M_UPPER) and not _has(r, M_SIXES), F_UPPER),
    "middle_tiles": Fan(_middle_tiles, F_MIDDLE),
    "tile_hog": Fan(lambda r: r.hand.hogs, F_HOG),
    # concealment (§11.9; fans 62, 56, 58)
    "fully_concealed_hand": Fan(
        lambda r: r.hand.melded_sets == 0 and r.hand.tsumo, F_CONCEALED | F_TSUMO, exact=True
    ),
    "concealed_hand": Fan(
        lambda r: r.hand.melded_sets == 0 and not r.hand.tsumo, F_CONCEALED | F_RON, exact=True
    ),
    "melded_hand": Fan(
        lambda r: r.hand.melded_sets == 4 and not r.hand.tsumo, F_MELDED | F_RON, exact=True
    ),
    # the situation
    "self_drawn": Fan(lambda r: r.hand.tsumo, F_TSUMO, exact=True),
    "last_tile_draw": Fan(
        lambda r: r.hand.tsumo and r.hand.context.haitei, F_TSUMO | F_HAITEI, exact=True
    ),
    "out_with_replacement_tile": Fan(_replacement, F_TSUMO | F_RINSHAN),
    "last_tile_claim": Fan(
        lambda r: not r.hand.tsumo and r.hand.context.houtei, F_RON | F_HOUTEI, exact=True
    ),
    "robbing_the_kong": Fan(_robbing, F_RON | F_CHANKAN),
    "last_tile": Fan(_last_tile),
}


# ------------------------------------------------------- sets (§11.4-11.6)


def _kongs(r: ReadingFacts, concealed: int) -> bool:
    """Two / one concealed kong among three or four kongs still scores in the 2006-based
    editions (§11.6)."""
    return r.kongs >= 3 and r.rules.with_three_kongs and r.concealed_kongs == concealed


def _terminal_or_honor_pungs(r: ReadingFacts) -> int:
    """Pungs of terminals and of winds that are neither the prevalent nor the seat wind;
    when three or four wind pungs score Big Three / Four Winds, those take every wind
    pung (§11.4 non-repeat, per set) and only the terminal pungs count."""
    h = r.hand
    winds = plain = terminals = 0
    for p in r.pungs:
        if p >= 31:
            continue
        if p >= 27:
            winds += 1
            if p != h.prevalent and p != h.seat:
                plain += 1
        elif p % 9 in (0, 8):
            plain += 1
            terminals += 1
    return terminals if winds >= 3 else plain


# ------------------------------------------------------- special shapes (§7.1)


def _seven_shifted_pairs(r: ReadingFacts) -> bool:
    """Seven pairs of seven consecutive numbers of one suit: as the hand holds seven kinds,
    its kind mask is seven bits in a row that start at a 1, 2 or 3."""
    mask = r.hand.mask
    low = mask & -mask
    start = low.bit_length() - 1
    return mask == low * 0x7F and start < 27 and start % 9 <= 2


def _greater_honors_and_knitted(r: ReadingFacts) -> bool:
    """All seven honors among the fourteen single tiles (so seven knitted ones)."""
    return r.hand.mask & M_HONORS == M_HONORS


def _in_combination(fan: str) -> Fan:
    """Needs its bit of ``ReadingFacts.combination_features`` (gated apart)."""
    return Fan(lambda r: r.combination.get(fan, 0), R_COMBINATION[fan])


def _wait(fan: str) -> Fan:
    return Fan(lambda r: r.wait_fan() == fan, R_WAIT)


_READING_FANS: Final[dict[str, Fan]] = {
    # special shapes
    "nine_gates": Fan(lambda r: r.shape == "nine_gates", R_NINE_GATES, exact=True),
    "thirteen_orphans": Fan(
        lambda r: r.shape == "thirteen_orphans", R_THIRTEEN_ORPHANS, exact=True
    ),
    "seven_shifted_pairs": Fan(
        lambda r: r.shape == "seven_pairs" and _seven_shifted_pairs(r), R_SEVEN_PAIRS
    ),
    "seven_pairs": Fan(
        lambda r: r.shape == "seven_pairs" and not _seven_shifted_pairs(r), R_SEVEN_PAIRS
    ),
    "greater_honors_and_knitted_tiles": Fan(
        lambda r: r.shape == "honors_and_knitted" and _greater_honors_and_knitted(r),
        R_HONORS_AND_KNITTED,
    ),
    "lesser_honors_and_knitted_tiles": Fan(
        lambda r: r.shape == "honors_and_knitted" and not _greater_honors_and_knitted(r),
        R_HONORS_AND_KNITTED,
    ),
    # the nine tiles of a Knitted Straight: its shape's, or nine of a lesser
    # Honors and Knitted Tiles (§7.1)
    "knitted_straight": Fan(
        lambda r: r.shape == "knitted_straight"
        or (r.shape == "honors_and_knitted" and sum(r.hand.counts[:27]) == 9),
        R_KNITTED_STRAIGHT,
        exact=True,
    ),
    # kongs and concealed pungs (§11.6)
    "four_kongs": Fan(lambda r: r.kongs == 4, R_KONGS),
    "three_kongs": Fan(lambda r: r.kongs == 3, R_KONGS),
    "two_concealed_kongs": Fan(
        lambda r: (r.kongs == 2 and r.concealed_kongs == 2) or _kongs(r, 2), R_KONGS
    ),
    "melded_and_concealed_kong": Fan(
        lambda r: r.melded_kongs == 1 and r.concealed_kongs == 1, R_KONGS
    ),
    "two_melded_kongs": Fan(
        lambda r: r.melded_kongs == 2 and r.concealed_kongs == 0, R_KONGS
    ),
    "concealed_kong": Fan(
        lambda r: (r.kongs == 1 and r.concealed_kongs == 1) or _kongs(r, 1), R_KONGS
    ),
    "melded_kong": Fan(lambda r: r.melded_kongs == 1 and r.kongs == 1, R_KONGS),
    "four_concealed_pungs": Fan(lambda r: r.concealed_pungs == 4, R_CONCEALED_PUNGS),
    "three_concealed_pungs": Fan(lambda r: r.concealed_pungs == 3, R_CONCEALED_PUNGS),
    "two_concealed_pungs": Fan(lambda r: r.concealed_pungs == 2, R_CONCEALED_PUNGS),
    # the sets one by one, and all of them (§12 fans 48, 63, 59-61, 73)
    "all_pungs": Fan(lambda r: len(r.pungs) == 4, R_FOUR_PUNGS, exact=True),
    "all_chows": Fan(
        lambda r: r.chow_sets == 4 and r.pair < 27, R_ALL_CHOWS, exact=True
    ),
    "dragon_pung": Fan(lambda r: sum(1 for p in r.pungs if p >= 31), R_TERMINAL_OR_HONOR_PUNG),
    "prevalent_wind": Fan(lambda r: r.hand.prevalent in r.pungs, R_TERMINAL_OR_HONOR_PUNG),
    "seat_wind": Fan(lambda r: r.hand.seat in r.pungs, R_TERMINAL_OR_HONOR_PUNG),
    "pung_of_terminals_or_honors": Fan(
        _terminal_or_honor_pungs, R_TERMINAL_OR_HONOR_PUNG
    ),
    # every set and the pair (§12 fans 55, 29, 21)
    "outside_hand": Fan(lambda r: r.outside == 5, R_OUTSIDE, exact=True),
    "all_fives": Fan(lambda r: r.fives == 5, R_FIVES, exact=True),
    "all_even_pungs": Fan(lambda r: r.even_pungs == 5, R_EVEN_PUNGS, exact=True),
    # the wait (§11.7, §11.8)
    "edge_wait": _wait("edge_wait"),
    "closed_wait": _wait("closed_wait"),
    "single_wait": _wait("single_wait"),
    # combinations of chows and pungs (§11.5)
    **{fan: _in_combination(fan) for fan in R_COMBINATION},
}


def _fan(
    pid: str, zh: str, en: str, ja: str, value: int, excludes: tuple[str, ...]
) -> PatternDef[ReadingFacts]:
    fan = _HAND_FANS.get(pid) or _READING_FANS.get(pid)
    if fan is None:
        return PatternDef(pid, zh, en, ja, value, excludes)
    return PatternDef(pid, zh, en, ja, value, excludes, fan.test, fan.needs, fan.exact)


FANS: tuple[PatternDef[ReadingFacts], ...] = tuple(_fan(*row) for row in _ROWS)
CATALOGUE: PatternSet[ReadingFacts] = PatternSet(FANS)
HAND_FAN_IDS: frozenset[str] = frozenset(_HAND_FANS)  # counted once per hand
READING_FAN_IDS: frozenset[str] = frozenset(_READING_FANS)  # counted once per reading
COMBINATION_FAN_IDS: frozenset[str] = frozenset(R_COMBINATION)  # of them, gated apart

# The 81 fans of the 1998 table (every id except the Botzone mixed-kong line).
OFFICIAL_FAN_IDS: tuple[str, ...] = tuple(
    d.id for d in FANS if d.id != "melded_and_concealed_kong"
)

# §15: what the 2006 WMO rules change in the catalogue (values and exclusion lists).
WMO2006_VALUES: dict[str, int] = {"two_concealed_kongs": 8}


def _without(pid: str, *drop: str) -> tuple[str, ...]:
    return tuple(x for x in CATALOGUE.by_id[pid].excludes if x not in drop)


def _swap_concealed(pid: str) -> tuple[str, ...]:
    """2006: concealed-only hands exclude Concealed Hand instead of Fully Concealed Hand."""
    return _without(pid, "fully_concealed_hand")


# The competition edition (docs/rules/mcr.md "Editions"): what seed 000 states against
# the botzone1998 lists. Four Concealed Pungs keeps Fully Concealed Hand out (the seed's
# 332-point hand); the other concealed-only hands swap as in 2006.
COMPETITION_EXCLUDES: dict[str, tuple[str, ...]] = {
    "all_green": ("one_voided_suit",),
    "all_terminals": _without("all_terminals", "double_pung"),
    "four_kongs": _without("four_kongs", "two_concealed_kongs", "concealed_kong"),
    "three_kongs": _without("three_kongs", "two_concealed_kongs", "concealed_kong"),
    "nine_gates": _swap_concealed("nine_gates"),
    "seven_pairs": _swap_concealed("seven_pairs"),
    "thirteen_orphans": _swap_concealed("thirteen_orphans"),
    "seven_shifted_pairs": _swap_concealed("seven_shifted_pairs"),
    "lesser_honors_and_knitted_tiles": _swap_concealed("lesser_honors_and_knitted_tiles"),
    "greater_honors_and_knitted_tiles": _swap_concealed("greater_honors_and_knitted_tiles"),
}

WMO2006_EXCLUDES: dict[str, tuple[str, ...]] = {
    "all_green": ("one_voided_suit",),
    "all_terminals": _without("all_terminals", "double_pung"),
    "four_kongs": _without("four_kongs", "two_concealed_kongs", "concealed_kong"),
    "three_kongs": _without("three_kongs", "two_concealed_kongs", "concealed_kong"),
    "seven_pairs": _swap_concealed("seven_pairs"),
    "thirteen_orphans": _swap_concealed("thirteen_orphans"),
    "seven_shifted_pairs": _swap_concealed("seven_shifted_pairs"),
    "four_concealed_pungs": _swap_concealed("four_concealed_pungs"),
    "lesser_honors_and_knitted_tiles": _swap_concealed("lesser_honors_and_knitted_tiles"),
    "greater_honors_and_knitted_tiles": _swap_concealed("greater_honors_and_knitted_tiles"),
}


# The catalogue as the default edition (competition) scores it: its exclusion lists in
# place of the 1998 ones (what the conformance kit checks scores against).
DEFAULT_CATALOGUE: PatternSet[ReadingFacts] = PatternSet(
    [replace(d, excludes=COMPETITION_EXCLUDES.get(d.id, d.excludes)) for d in FANS]
)
