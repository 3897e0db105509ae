"""The 44 Zung Jung patterns of v3.3 in their 10 categories (seed 003; zung-jung.md §6).

Each pattern is a declarative entry: its number ``c.s[.r]``, a snake_case id, names,
points, the ids it suppresses, and ``count``, the predicate over one reading of the hand
(``rulesets.zung_jung.reading.Reading``) that says how often it is met (Value Honor
counts per set, every other pattern 0 or 1). ``excludes`` encodes the combination
principles of zung-jung.md §5 and §7: within a series only the highest member counts
(each member excludes the lower ones), the irregular hands exclude Concealed Hand and
every pattern that needs sets (§5 item 6).
Listed limits (§5 item 8) are flagged; the scorer keeps them alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.scoring import PatternDef, PatternSet
from engine.shapes import Shape
from engine.tiles import DRAGONS, WINDS
from rulesets.zung_jung.reading import Reading


@dataclass(frozen=True, slots=True)
class ZJPattern:
    number: str  # "2.1.1"; the series is the first two parts
    pattern: PatternDef[Reading]
    listed_limit: bool = False
    needs_sets: bool = True  # False: a composition or incidental pattern (fits Seven Pairs)

    @property
    def id(self) -> str:
        return self.pattern.id

    @property
    def series(self) -> str:
        return ".".join(self.number.split(".")[:2])

    @property
    def category(self) -> int:
        return int(self.number.split(".")[0])


def _p(
    number: str,
    pid: str,
    zh: str,
    en: str,
    ja: str,
    value: int,
    excludes: tuple[str, ...] = (),
    *,
    listed_limit: bool = False,
    needs_sets: bool = True,
    count: Callable[[Reading], int],
) -> ZJPattern:
    pattern = PatternDef(pid, zh, en, ja, value, excludes, count)
    return ZJPattern(number, pattern, listed_limit, needs_sets)


def _greater_terminals(r: Reading) -> bool:
    """8.1.3: only terminals and honors, in seven pairs or in four triplets and a pair."""
    if not r.facts.terminals_and_honors_only:
        return False
    return r.shape is Shape.SEVEN_PAIRS or len(r.trips) == 4


# Patterns that an irregular hand can never carry (their condition mentions sets).
_SET_PATTERNS: tuple[str, ...] = (
    "all_sequences",
    "nine_gates",
    "value_honor",
    "small_three_dragons",
    "big_three_dragons",
    "small_three_winds",
    "big_three_winds",
    "small_four_winds",
    "big_four_winds",
    "all_triplets",
    "two_concealed_triplets",
    "three_concealed_triplets",
    "four_concealed_triplets",
    "one_kong",
    "two_kongs",
    "three_kongs",
    "four_kongs",
    "two_identical_sequences",
    "two_identical_sequences_twice",
    "three_identical_sequences",
    "four_identical_sequences",
    "three_similar_sequences",
    "small_three_similar_triplets",
    "three_similar_triplets",
    "nine_tile_straight",
    "three_consecutive_triplets",
    "four_consecutive_triplets",
    "mixed_lesser_terminals",
    "pure_lesser_terminals",
)
# Patterns that only combine with category 9 on a Thirteen Terminals hand (§5 item 6).
_NOT_WITH_THIRTEEN = (
    *_SET_PATTERNS,
    "concealed_hand",
    "no_terminals",
    "mixed_one_suit",
    "pure_one_suit",
    "all_honors",
    "mixed_greater_terminals",
    "pure_greater_terminals",
    "seven_pairs",
)

# fmt: off
PATTERNS: tuple[ZJPattern, ...] = (
    # 1 Trivial patterns 門斷平
    _p(
        "1.1", "all_sequences", "平和", "All Sequences", "平和", 5,
        count=lambda r: r.standard and len(r.chows) == 4,
    ),
    _p(
        "1.2", "concealed_hand", "門前清", "Concealed Hand", "門前清", 5,
        count=lambda r: r.concealed_sets,
    ),
    _p(
        "1.3", "no_terminals", "斷么九", "No Terminals", "断么九", 5, needs_sets=False,
        count=lambda r: r.facts.simples_only,
    ),
    # 2 One-suit patterns 一色類
    _p(
        "2.1.1", "mixed_one_suit", "混一色", "Mixed One-Suit", "混一色", 40, needs_sets=False,
        count=lambda r: r.facts.suits == 1 and r.facts.honors,
    ),
    _p(
        "2.1.2", "pure_one_suit", "清一色", "Pure One-Suit", "清一色", 80,
        ("mixed_one_suit",), needs_sets=False,
        count=lambda r: r.facts.suits == 1 and not r.facts.honors,
    ),
    _p(
        "2.2", "nine_gates", "九蓮寶燈", "Nine Gates", "九蓮宝灯", 480, listed_limit=True,
        count=lambda r: r.standard and r.facts.nine_gates,
    ),
    # 3 Honor tiles 字牌類
    _p(
        "3.1", "value_honor", "番牌", "Value Honor", "翻牌", 10,
        count=lambda r: r.value_sets,
    ),
    _p(
        "3.2.1", "small_three_dragons", "小三元", "Small Three Dragons", "小三元", 40,
        count=lambda r: r.dragons == 2 and r.pair in DRAGONS,
    ),
    _p(
        "3.2.2", "big_three_dragons", "大三元", "Big Three Dragons", "大三元", 130,
        ("small_three_dragons",),
        count=lambda r: r.dragons == 3,
    ),
    _p(
        "3.3.1", "small_three_winds", "小三風", "Small Three Winds", "小三風", 30,
        count=lambda r: r.winds == 2 and r.pair in WINDS,
    ),
    _p(
        "3.3.2", "big_three_winds", "大三風", "Big Three Winds", "大三風", 120,
        ("small_three_winds",),
        count=lambda r: r.winds == 3 and r.pair not in WINDS,
    ),
    _p(
        "3.3.3", "small_four_winds", "小四喜", "Small Four Winds", "小四喜", 320,
        ("small_three_winds", "big_three_winds"), listed_limit=True,
        count=lambda r: r.winds == 3 and r.pair in WINDS,
    ),
    _p(
        "3.3.4", "big_four_winds", "大四喜", "Big Four Winds", "大四喜", 400,
        ("small_three_winds", "big_three_winds", "small_four_winds"), listed_limit=True,
        count=lambda r: r.winds == 4,
    ),
    _p(
        "3.4", "all_honors", "字一色", "All Honors", "字一色", 320,
        listed_limit=True, needs_sets=False,
        count=lambda r: not r.facts.suits,
    ),
    # 4 Triplets and kongs 刻槓類
    _p(
        "4.1", "all_triplets", "對對和", "All Triplets", "対々和", 30,
        count=lambda r: len(r.trips) == 4,
    ),
    _p(
        "4.2.1", "two_concealed_triplets", "二暗刻", "Two Concealed Triplets", "二暗刻", 5,
        count=lambda r: r.concealed == 2,
    ),
    _p(
        "4.2.2", "three_concealed_triplets", "三暗刻", "Three Concealed Triplets", "三暗刻", 30,
        ("two_concealed_triplets",),
        count=lambda r: r.concealed == 3,
    ),
    _p(
        "4.2.3", "four_concealed_triplets", "四暗刻", "Four Concealed Triplets", "四暗刻", 125,
        ("two_concealed_triplets", "three_concealed_triplets"),
        count=lambda r: r.concealed == 4,
    ),
    _p(
        "4.3.1", "one_kong", "一槓子", "One Kong", "一槓子", 5,
        count=lambda r: r.kongs == 1,
    ),
    _p(
        "4.3.2", "two_kongs", "二槓子", "Two Kongs", "二槓子", 20, ("one_kong",),
        count=lambda r: r.kongs == 2,
    ),
    _p(
        "4.3.3", "three_kongs", "三槓子", "Three Kongs", "三槓子", 120, ("one_kong", "two_kongs"),
        count=lambda r: r.kongs == 3,
    ),
    _p(
        "4.3.4", "four_kongs", "四槓子", "Four Kongs", "四槓子", 480,
        ("one_kong", "two_kongs", "three_kongs"), listed_limit=True,
        count=lambda r: r.kongs == 4,
    ),
    # 5 Identical sets 一色同順類
    _p(
        "5.1.1", "two_identical_sequences", "一般高", "Two Identical Sequences", "一般高", 10,
        count=lambda r: r.most_same == 2 and r.same_twice == 1,
    ),
    _p(
        "5.1.2", "two_identical_sequences_twice", "兩般高", "Two Identical Sequences Twice",
        "兩般高", 60, ("two_identical_sequences",),
        count=lambda r: r.most_same == 2 and r.same_twice == 2,
    ),
    _p(
        "5.1.3", "three_identical_sequences", "一色三同順", "Three Identical Sequences",
        "一色三同順", 120, ("two_identical_sequences", "two_identical_sequences_twice"),
        count=lambda r: r.most_same == 3,
    ),
    _p(
        "5.1.4", "four_identical_sequences", "一色四同順", "Four Identical Sequences",
        "一色四同順", 480,
        (
            "two_identical_sequences",
            "two_identical_sequences_twice",
            "three_identical_sequences",
        ),
        listed_limit=True,
        count=lambda r: r.most_same == 4,
    ),
    # 6 Similar sets 三色類
    _p(
        "6.1", "three_similar_sequences", "三色同順", "Three Similar Sequences", "三色同順", 35,
        count=lambda r: r.similar_sequences,
    ),
    _p(
        "6.2.1", "small_three_similar_triplets", "三色小同刻", "Small Three Similar Triplets",
        "三色小同刻", 30,
        count=lambda r: r.similar_triplets == 1,
    ),
    _p(
        "6.2.2", "three_similar_triplets", "三色同刻", "Three Similar Triplets", "三色同刻", 120,
        ("small_three_similar_triplets",),
        count=lambda r: r.similar_triplets == 2,
    ),
    # 7 Consecutive sets 連續類
    _p(
        "7.1", "nine_tile_straight", "一氣通貫", "Nine-Tile Straight", "一気通貫", 40,
        count=lambda r: r.straight,
    ),
    _p(
        "7.2.1", "three_consecutive_triplets", "三連刻", "Three Consecutive Triplets", "三連刻",
        100,
        count=lambda r: r.longest_run == 3,
    ),
    _p(
        "7.2.2", "four_consecutive_triplets", "四連刻", "Four Consecutive Triplets", "四連刻",
        200, ("three_consecutive_triplets",),
        count=lambda r: r.longest_run >= 4,
    ),
    # 8 Terminals 么九類
    _p(
        "8.1.1", "mixed_lesser_terminals", "混全帶么", "Mixed Lesser Terminals", "混全帶么", 40,
        count=lambda r: r.lesser_terminals == 1,
    ),
    _p(
        "8.1.2", "pure_lesser_terminals", "純全帶么", "Pure Lesser Terminals", "純全帶么", 50,
        ("mixed_lesser_terminals",),
        count=lambda r: r.lesser_terminals == 2,
    ),
    _p(
        "8.1.3", "mixed_greater_terminals", "混么九", "Mixed Greater Terminals", "混么九", 100,
        ("mixed_lesser_terminals", "pure_lesser_terminals"), needs_sets=False,
        count=lambda r: _greater_terminals(r),
    ),
    _p(
        "8.1.4", "pure_greater_terminals", "清么九", "Pure Greater Terminals", "清么九", 400,
        ("mixed_lesser_terminals", "pure_lesser_terminals", "mixed_greater_terminals"),
        listed_limit=True, needs_sets=False,
        count=lambda r: r.facts.terminals_only,
    ),
    # 9 Incidental bonuses 偶然類
    _p(
        "9.1.1", "final_draw", "海底撈月", "Final Draw", "海底撈月", 10, needs_sets=False,
        count=lambda r: r.win.haitei and r.win.tsumo,
    ),
    _p(
        "9.1.2", "final_discard", "河底撈魚", "Final Discard", "河底撈魚", 10,
        ("final_draw",), needs_sets=False,
        count=lambda r: r.win.houtei and not r.win.tsumo,
    ),
    _p(
        "9.2", "win_on_kong", "嶺上開花", "Win on Kong", "嶺上開花", 10, needs_sets=False,
        count=lambda r: r.win.rinshan and r.win.tsumo,
    ),
    _p(
        "9.3", "robbing_a_kong", "搶槓", "Robbing a Kong", "搶槓", 10, needs_sets=False,
        count=lambda r: r.win.chankan and not r.win.tsumo,
    ),
    _p(
        "9.4.1", "blessing_of_heaven", "天和", "Blessing of Heaven", "天和", 155, needs_sets=False,
        count=lambda r: r.win.tenhou and r.win.tsumo and r.win.seat_wind == 1,
    ),
    _p(
        "9.4.2", "blessing_of_earth", "地和", "Blessing of Earth", "地和", 155,
        ("blessing_of_heaven",), needs_sets=False,
        count=lambda r: r.facts.blessing_of_earth,
    ),
    # 10 Irregular hands 特殊和了形
    _p(
        "10.1", "thirteen_terminals", "十三么九", "Thirteen Terminals", "十三么九", 160,
        _NOT_WITH_THIRTEEN, needs_sets=False,
        count=lambda r: r.shape is Shape.THIRTEEN_ORPHANS,
    ),
    _p(
        "10.2", "seven_pairs", "七對子", "Seven Pairs", "七対子", 30,
        (*_SET_PATTERNS, "concealed_hand", "thirteen_terminals"), needs_sets=False,
        count=lambda r: r.shape is Shape.SEVEN_PAIRS,
    ),
)
# fmt: on

# Not one of the 44: the value of a winning hand with no pattern (§4, §5 item 7).
CHICKEN_HAND: PatternDef[Reading] = PatternDef("chicken_hand", "雞和", "Chicken Hand", "鶏和", 1)

# "Zung Jung with bonus tiles" (§9.3, option bonus_tiles); values are the full setting.
BONUS_PATTERNS: tuple[PatternDef[Reading], ...] = (
    PatternDef("seat_bonus_tile", "正花", "Seat Bonus Tile", "自風の花牌", 4),
    PatternDef("other_bonus_tile", "野花", "Other Bonus Tile", "他の花牌", 2),
    PatternDef("all_four_flowers", "四花", "All Four Flowers", "四花", 10),
    PatternDef("all_four_seasons", "四季", "All Four Seasons", "四季", 10),
)

BY_ID: dict[str, ZJPattern] = {p.id: p for p in PATTERNS}
LISTED_LIMITS: frozenset[str] = frozenset(p.id for p in PATTERNS if p.listed_limit)
CATALOGUE: PatternSet[Reading] = PatternSet(
    [p.pattern for p in PATTERNS] + [CHICKEN_HAND, *BONUS_PATTERNS]
)


def number_of(pattern_id: str) -> str | None:
    """The seed number ("2.1.1") of a pattern id; None for chicken and bonus entries."""
    p = BY_ID.get(pattern_id)
    return None if p is None else p.number
