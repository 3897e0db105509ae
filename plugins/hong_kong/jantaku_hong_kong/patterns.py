"""The Hong Kong Old Style faan table (docs/rules.md §2): each pattern a ``PatternDef``
with its Cantonese name, faan, the patterns it absorbs (``excludes``, as data) and a count
over a ``Reading``. Limit hands (爆棚, ``LIMIT_HANDS``) score the limit alone; the bonus
patterns (§2.4) are counted from the flowers, outside the readings."""

from __future__ import annotations

from collections.abc import Callable

from engine.scoring import PatternDef, PatternSet
from engine.shapes import Shape
from engine.tiles import DRAGONS, WINDS
from jantaku_hong_kong.reading import Reading, earthly, nine_gates

LIMIT = 13  # the faan a limit hand is worth under the default limit (option faan_limit)


def _p(
    pid: str, zh: str, en: str, ja: str, faan: int, excludes: tuple[str, ...] = (),
    count: Callable[[Reading], int] | None = None,
) -> PatternDef[Reading]:
    return PatternDef(pid, zh, en, ja, faan, excludes, count)


def _four_winds(r: Reading, pair_wind: bool) -> bool:
    return r.winds() == (3 if pair_wind else 4) and (r.pair in WINDS) == pair_wind


# fmt: off
LIMIT_PATTERNS: tuple[PatternDef[Reading], ...] = (
    _p("heavenly_hand", "天糊", "Heavenly Hand", "天和", LIMIT,
       count=lambda r: r.win.tenhou),
    _p("earthly_hand", "地糊", "Earthly Hand", "地和", LIMIT,
       count=lambda r: earthly(r.win)),
    _p("thirteen_orphans", "十三么", "Thirteen Orphans", "国士無双", LIMIT,
       count=lambda r: r.arr.shape is Shape.THIRTEEN_ORPHANS),
    _p("nine_gates", "九蓮寶燈", "Nine Gates", "九蓮宝燈", LIMIT,
       count=lambda r: r.standard and nine_gates(r.win)),
    _p("big_four_winds", "大四喜", "Great Winds", "大四喜", LIMIT,
       count=lambda r: _four_winds(r, pair_wind=False)),
    _p("small_four_winds", "小四喜", "Small Winds", "小四喜", LIMIT,
       count=lambda r: _four_winds(r, pair_wind=True)),
    _p("all_kongs", "十八羅漢", "All Kongs", "四槓子", LIMIT,
       count=lambda r: r.kongs == 4),
    _p("four_concealed_pungs", "坎坎糊", "Four Concealed Pungs", "四暗刻", LIMIT,
       count=lambda r: r.concealed_trips == 4),
    _p("all_honours", "字一色", "All Honours", "字一色", LIMIT,
       count=lambda r: r.standard and r.suits == 0),
    _p("orphans", "清么九", "Orphans", "清老頭", LIMIT,
       count=lambda r: r.standard and r.terminals_and_honors and not r.honors),
)

PATTERNS: tuple[PatternDef[Reading], ...] = (
    *LIMIT_PATTERNS,
    _p("big_three_dragons", "大三元", "Great Dragons", "大三元", 8,
       ("small_three_dragons", "dragon_pung"),
       count=lambda r: r.dragons() == 3),
    _p("pure_one_suit", "清一色", "All One Suit", "清一色", 7, ("mixed_one_suit",),
       count=lambda r: r.suits == 1 and not r.honors),
    _p("small_three_dragons", "小三元", "Small Dragons", "小三元", 5, ("dragon_pung",),
       count=lambda r: r.dragons() == 2 and r.pair in DRAGONS),
    _p("all_pungs", "對對糊", "All in Triplets", "対々和", 3,
       count=lambda r: r.standard and len(r.trips) == 4),
    _p("mixed_one_suit", "混一色", "Mixed One Suit", "混一色", 3,
       count=lambda r: r.suits == 1 and r.honors),
    _p("mixed_orphans", "花么九", "Mixed Orphans", "混老頭", 1,
       count=lambda r: r.standard and r.terminals_and_honors),
    _p("all_chows", "平糊", "Common Hand", "平和", 1,
       count=lambda r: len(r.chows) == 4 and r.pair < 27),
    _p("concealed_hand", "門前清", "Concealed Hand", "門前清", 1,
       count=lambda r: r.claimed == 0 and not r.win.tsumo),
    _p("self_draw", "自摸", "Self-Drawn", "自摸", 1,
       count=lambda r: r.win.tsumo),
    _p("seat_wind", "門風", "Seat Wind", "自風", 1,
       count=lambda r: r.seat_wind in r.trips),
    _p("round_wind", "圈風", "Prevailing Wind", "場風", 1,
       count=lambda r: r.round_wind in r.trips),
    _p("dragon_pung", "三元牌", "Dragon Pung", "三元牌", 1,
       count=lambda r: r.dragons()),
    _p("last_tile", "海底撈月", "Last Tile", "海底撈月", 1,
       count=lambda r: r.win.haitei or r.win.houtei),
    _p("kong_replacement", "槓上開花", "Win on a Kong", "嶺上開花", 1,
       count=lambda r: r.win.rinshan),
    _p("robbing_kong", "搶槓", "Robbing a Kong", "搶槓", 1,
       count=lambda r: r.win.chankan),
)

# §2.4: counted from the flowers and seasons (scorer.bonus_counts), not from a reading
BONUS_PATTERNS: tuple[PatternDef[Reading], ...] = (
    _p("no_flowers", "無花", "No Flowers", "花なし", 1),
    _p("own_flower", "正花", "Own Flower", "自風の花", 1),
    _p("flower_set", "一台花", "Set of Flowers", "花一揃い", 1),
)
# fmt: on

CATALOGUE: PatternSet[Reading] = PatternSet([*PATTERNS, *BONUS_PATTERNS])
LIMIT_HANDS: frozenset[str] = frozenset(p.id for p in LIMIT_PATTERNS)
BONUS: frozenset[str] = frozenset(p.id for p in BONUS_PATTERNS)
