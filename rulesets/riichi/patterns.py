"""The yaku catalogue (riichi.md §8): one declarative entry per yaku, in the shared
pattern framework (``engine.scoring``).

Each entry gives the id and names, the han when closed and when open (``None`` = closed
only), or the yakuman multiple, the predicate over (hand facts, reading), the option that
switches it on (local yaku), and the yaku it removes when both hold (``excludes``).
Entries marked ``special`` are not found by their predicate: the scorer handles them
(renhou's fixed value, shiisan puutaa's shapeless hand, nagashi mangan at the draw).
``PATTERNS`` is the catalogue as a ``PatternSet``: the scorer applies the exclusions and
makes the hits through it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from engine.scoring import PatternDef, PatternSet
from engine.tiles import DRAGONS, WINDS
from rulesets.riichi.hand import (
    CHANKAN,
    CHIIHOU,
    CHOWS,
    DOUBLE_RIICHI,
    EXTRA,
    GREEN,
    GREEN_MASK,
    HAITEI,
    HAND_ALL_HONORS,
    HAND_HONORS,
    HAND_TERMINALS,
    HONOR_TRIPLETS,
    HOUTEI,
    IPPATSU,
    KOKUSHI,
    ONE_SUIT,
    RIICHI,
    RINSHAN,
    SEVEN_PAIRS,
    SHAPE_KOKUSHI,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SIMPLES,
    TENHOU,
    TERMINAL_MASK,
    THREE_CHOWS,
    THREE_KANS,
    THREE_TRIPLETS,
    TSUMO,
    WAIT_SINGLE,
    WAIT_TWO_SIDED,
    YAOCHUU,
    YAOCHUU_MASK,
    HandFacts,
    Reading,
    dragon_triplets,
    wind_triplets,
)
from rulesets.riichi.options import RiichiOptions

Test = Callable[[HandFacts, Reading], bool]

CHUUREN_BASE = (3, 1, 1, 1, 1, 1, 1, 1, 3)


HandReading = tuple[HandFacts, Reading]  # what a riichi predicate reads: the hand, one reading


def _counter(test: Test) -> Callable[[HandReading], int]:
    return lambda hr: int(test(hr[0], hr[1]))


@mypyc_attr(native_class=False)  # it extends the framework's PatternDef, not a native class
@dataclass(frozen=True, slots=True, kw_only=True)
class YakuDef(PatternDef[HandReading]):
    """A riichi pattern: the framework's id, names, ``value`` (the han closed, or 13 per
    yakuman multiple), ``excludes``, ``counter`` (``test`` over one ``HandReading``) and
    ``needs`` / ``exact`` (hand and reading features of hand.py; ``exact`` only for
    per-hand entries), plus what only riichi knows: the han open and the option
    switches. Declared with ``yaku``."""

    rule: str  # one-line condition, citing riichi.md
    test: Test  # the predicate, as the scorer calls it
    han_closed: int
    han_open: int | None  # None: closed hands only
    yakuman: int  # 0: ordinary yaku; 1 or 2: yakuman multiple
    closed_only: bool  # for yakuman (ordinary yaku say it with han_open=None)
    han_option: str | None  # an int option / property holding the han value
    open_option: str | None  # a bool option that must be on for the open value
    option: str | None  # a bool option that must be on at all
    double_option: str  # for yakuman == 2: when off it scores 1x
    needs_other_yaku_option: str | None  # when that option is on, not a yaku alone
    local: bool
    per_hand: bool  # the predicate reads only hand facts: evaluated once per hand
    special: str | None  # "renhou", "shiisan_puutaa", "nagashi_mangan"

    def enabled(self, opts: RiichiOptions) -> bool:
        return self.option is None or bool(getattr(opts, self.option))

    def han(self, opts: RiichiOptions, closed: bool) -> int | None:
        """Han for this hand (None when it does not count open), or the yakuman multiple."""
        if self.yakuman:
            if self.closed_only and not closed:
                return None
            if self.yakuman == 2 and not getattr(opts, self.double_option):
                return 1
            return self.yakuman
        if not closed:
            if self.han_open is None:
                return None
            if self.open_option is not None and not getattr(opts, self.open_option):
                return None
        if self.han_option is not None:
            return int(getattr(opts, self.han_option))
        return self.han_closed if closed else self.han_open


def yaku(
    id: str,
    ja: str,
    zh: str,
    en: str,
    rule: str,
    test: Test,
    han_closed: int = 0,
    han_open: int | None = None,
    *,
    yakuman: int = 0,
    closed_only: bool = False,
    han_option: str | None = None,
    open_option: str | None = None,
    option: str | None = None,
    double_option: str = "double_yakuman",
    excludes: tuple[str, ...] = (),
    needs_other_yaku_option: str | None = None,
    local: bool = False,
    per_hand: bool = False,
    needs: int = 0,
    exact: bool = False,
    special: str | None = None,
) -> YakuDef:
    """One catalogue entry, in the order riichi.md's tables give it."""
    return YakuDef(
        id=id,
        zh=zh,
        en=en,
        ja=ja,
        value=13 * yakuman if yakuman else han_closed,
        excludes=excludes,
        counter=_counter(test),
        rule=rule,
        test=test,
        han_closed=han_closed,
        han_open=han_open,
        yakuman=yakuman,
        closed_only=closed_only,
        han_option=han_option,
        open_option=open_option,
        option=option,
        double_option=double_option,
        needs_other_yaku_option=needs_other_yaku_option,
        local=local,
        per_hand=per_hand,
        needs=needs,
        exact=exact,
        special=special,
    )


# ---------------------------------------------------------------- predicates


def _pinfu(h: HandFacts, r: Reading) -> bool:
    if not (r.shape is SHAPE_STANDARD and h.closed and len(r.chows) == 4):
        return False
    if r.wait is not WAIT_TWO_SIDED:
        return False
    pair = r.pair
    if pair in DRAGONS or pair == h.seat_tile or pair == h.round_tile:
        return False
    return h.opts.pinfu_tsumo or not h.ctx.tsumo


def _iipeikou(h: HandFacts, r: Reading) -> bool:
    c = r.chows
    return h.closed and len(c) >= 2 and len(set(c)) < len(c)


def _three_same_chows(r: Reading) -> bool:
    c = r.chows
    return len(c) >= 3 and (c[0] == c[2] or (len(c) == 4 and c[1] == c[3]))


def _ryanpeikou(h: HandFacts, r: Reading) -> bool:
    c = r.chows
    return h.closed and len(c) == 4 and c[0] == c[1] and c[2] == c[3]


def _sanshoku_doujun(h: HandFacts, r: Reading) -> bool:
    c = r.chows
    if len(c) < 3:
        return False
    for n in c:
        if n >= 9:
            return False  # chows are sorted: no manzu start left
        if n + 9 in c and n + 18 in c:
            return True
    return False


def _ittsu(h: HandFacts, r: Reading) -> bool:
    c = r.chows
    if len(c) < 3:
        return False
    return any(s % 9 == 0 and s + 3 in c and s + 6 in c for s in c)


def _sanshoku_doukou(h: HandFacts, r: Reading) -> bool:
    t = r.triplets
    if len(t) < 3:
        return False
    for n in t:
        if n >= 9:
            return False
        if n + 9 in t and n + 18 in t:
            return True
    return False


def _run_of_triplets(r: Reading, length: int) -> bool:
    t = r.triplets
    if len(t) < length:
        return False
    for s in t:
        if s < 27 and s % 9 <= 9 - length and all(s + i in t for i in range(1, length)):
            return True
    return False


def _chanta(h: HandFacts, r: Reading) -> bool:
    return bool(r.chows) and h.has_honors and r.outside(terminal_only=False)


def _junchan(h: HandFacts, r: Reading) -> bool:
    return bool(r.chows) and not h.has_honors and r.outside(terminal_only=True)


def _chuuren(h: HandFacts) -> tuple[int, ...] | None:
    """The 9 counts of the suit when the hand has the nine-gates shape, else None."""
    if h.has_melds or h.has_honors or h.suits != 1:
        return None
    suit = h.suit
    if h.opts.chuuren_manzu_only and suit != 0:
        return None
    key = h.key >> 27 * suit
    if key & 7 < 3 or key >> 24 & 7 < 3:  # three 1s and three 9s at least
        return None
    counts = tuple(key >> 3 * n & 7 for n in range(9))
    if all(c >= b for c, b in zip(counts, CHUUREN_BASE, strict=True)):
        return counts
    return None


def _junsei_chuuren(h: HandFacts, r: Reading) -> bool:
    counts = _chuuren(h)
    if counts is None:
        return False
    win = h.ctx.win_kind % 9
    before = [c - (i == win) for i, c in enumerate(counts)]
    return tuple(before) == CHUUREN_BASE


def _daisharin(h: HandFacts, r: Reading) -> bool:
    if r.shape is not SHAPE_SEVEN_PAIRS or h.has_honors or h.suits != 1:
        return False
    suit = h.suit
    if suit != 1 and not h.opts.daisharin_all_suits:
        return False
    first = min(r.pairs)
    if any(p != first + i for i, p in enumerate(sorted(r.pairs))):
        return False
    start = first % 9 + 1
    return start == 2 if h.opts.daisharin_range == "2_to_8" else True


def _paarenchan(h: HandFacts, r: Reading) -> bool:
    return h.dealer and bool(h.ctx.extra.get("paarenchan", False))


def _never(h: HandFacts, r: Reading) -> bool:
    return False


def _has(tile: int) -> Test:
    return lambda h, r: tile in r.triplets


# ---------------------------------------------------------------- the catalogue

CATALOGUE: tuple[YakuDef, ...] = (
    # §8.1 standard yaku
    yaku("riichi", "立直", "立直", "Riichi", "declared riichi, closed hand (§6)",
            lambda h, r: h.ctx.riichi, 1, per_hand=True, needs=RIICHI, exact=True),
    yaku("double_riichi", "ダブル立直", "雙立直", "Double riichi",
            "riichi on the first discard with no call before it (§6)",
            lambda h, r: h.ctx.double_riichi, 2, excludes=("riichi",), per_hand=True,
            needs=DOUBLE_RIICHI, exact=True),
    yaku("ippatsu", "一発", "一發", "Ippatsu",
            "riichi winner wins within one go-around, no call in between (§6)",
            lambda h, r: h.ctx.ippatsu, 1, option="ippatsu", per_hand=True, needs=IPPATSU,
            exact=True),
    yaku("menzen_tsumo", "門前清自摸和", "門前清自摸和", "Menzen tsumo",
            "closed hand wins by self-draw (§8.1)", lambda h, r: h.ctx.tsumo, 1, per_hand=True,
            needs=TSUMO, exact=True),
    yaku("pinfu", "平和", "平和", "Pinfu",
            "closed, four sequences, non-value pair, two-sided wait (§8.1)", _pinfu, 1,
            needs=CHOWS),
    yaku("tanyao", "断幺九", "斷么九", "Tanyao", "only tiles 2-8 (§8.1; kuitan)",
            lambda h, r: not h.mask & YAOCHUU_MASK, 1, 1, open_option="kuitan", per_hand=True,
            needs=SIMPLES, exact=True),
    yaku("iipeikou", "一盃口", "一盃口", "Iipeikou",
            "closed, two identical sequences (§8.1)", _iipeikou, 1, needs=CHOWS),
    yaku("yakuhai_haku", "白", "白", "Yakuhai: haku", "triplet or kan of 5z (§8.1)",
            _has(31), 1, 1, needs=HONOR_TRIPLETS),
    yaku("yakuhai_hatsu", "發", "發", "Yakuhai: hatsu", "triplet or kan of 6z (§8.1)",
            _has(32), 1, 1, needs=HONOR_TRIPLETS),
    yaku("yakuhai_chun", "中", "中", "Yakuhai: chun", "triplet or kan of 7z (§8.1)",
            _has(33), 1, 1, needs=HONOR_TRIPLETS),
    yaku("yakuhai_seat_wind", "自風", "門風牌", "Yakuhai: seat wind",
            "triplet or kan of the seat wind (§8.1)",
            lambda h, r: h.seat_tile in r.triplets, 1, 1, needs=HONOR_TRIPLETS),
    yaku("yakuhai_round_wind", "場風", "圈風牌", "Yakuhai: round wind",
            "triplet or kan of the round wind (§8.1)",
            lambda h, r: h.round_tile in r.triplets, 1, 1, needs=HONOR_TRIPLETS),
    yaku("rinshan_kaihou", "嶺上開花", "嶺上開花", "Rinshan kaihou",
            "self-draw on a replacement tile (§8.1)", lambda h, r: h.ctx.rinshan, 1, 1,
            per_hand=True, needs=RINSHAN, exact=True),
    yaku("chankan", "搶槓", "搶槓", "Chankan",
            "ron on a tile added to a kan (§8.1)", lambda h, r: h.ctx.chankan, 1, 1, per_hand=True,
            needs=CHANKAN, exact=True),
    yaku("haitei", "海底撈月", "海底撈月", "Haitei raoyue",
            "self-draw on the last live tile (§8.1)", lambda h, r: h.ctx.haitei, 1, 1,
            per_hand=True, needs=HAITEI, exact=True),
    yaku("houtei", "河底撈魚", "河底撈魚", "Houtei raoyui",
            "ron on the last discard (§8.1)", lambda h, r: h.ctx.houtei, 1, 1, per_hand=True,
            needs=HOUTEI, exact=True),
    yaku("chanta", "混全帯幺九", "混全帶么", "Chanta",
            "every set and the pair hold a terminal or honor; a sequence; an honor (§8.1)",
            _chanta, 2, 1, needs=CHOWS | HAND_HONORS),
    yaku("sanshoku_doujun", "三色同順", "三色同順", "Sanshoku doujun",
            "the same sequence in m, p and s (§8.1)", _sanshoku_doujun, 2, 1, needs=THREE_CHOWS),
    yaku("ittsu", "一気通貫", "一氣通貫", "Ittsu",
            "123, 456 and 789 of one suit (§8.1)", _ittsu, 2, 1, needs=THREE_CHOWS),
    yaku("toitoi", "対々和", "對對和", "Toitoi", "four triplets or kans (§8.1)",
            lambda h, r: len(r.triplets) == 4, 2, 2, needs=THREE_TRIPLETS),
    yaku("sanankou", "三暗刻", "三暗刻", "Sanankou",
            "three concealed triplets or closed kans; a ron-completed triplet is open (§8.1)",
            lambda h, r: r.ankou >= 3, 2, 2, needs=THREE_TRIPLETS),
    yaku("sanshoku_doukou", "三色同刻", "三色同刻", "Sanshoku doukou",
            "the same-number triplet in m, p and s (§8.1)", _sanshoku_doukou, 2, 2,
            needs=THREE_TRIPLETS),
    yaku("sankantsu", "三槓子", "三槓子", "Sankantsu", "three kans (§8.1)",
            lambda h, r: r.kongs >= 3, 2, 2, needs=THREE_KANS),
    yaku("shousangen", "小三元", "小三元", "Shousangen",
            "two dragon triplets and a dragon pair (§8.1)",
            lambda h, r: r.pair in DRAGONS and dragon_triplets(r) == 2, 2, 2, needs=HONOR_TRIPLETS),
    yaku("honroutou", "混老頭", "混老頭", "Honroutou",
            "only terminals and honors (§8.1; honroutou_han)",
            lambda h, r: not h.mask & ~YAOCHUU_MASK, 2, 2,
            han_option="honroutou_han", excludes=("chanta", "junchan"), per_hand=True,
            needs=YAOCHUU, exact=True),
    yaku("chiitoitsu", "七対子", "七對子", "Chiitoitsu",
            "seven different pairs (§8.1; chiitoitsu_value)",
            lambda h, r: r.shape is SHAPE_SEVEN_PAIRS, 2, han_option="chiitoitsu_han",
            needs=SEVEN_PAIRS),
    yaku("ryanpeikou", "二盃口", "二盃口", "Ryanpeikou",
            "closed, two pairs of identical sequences (§8.1; ryanpeikou_han)", _ryanpeikou, 3,
            han_option="ryanpeikou_han", excludes=("iipeikou",), needs=CHOWS),
    yaku("junchan", "純全帯幺九", "純全帶么", "Junchan",
            "every set and the pair hold a terminal; no honors; a sequence (§8.1)",
            _junchan, 3, 2, excludes=("chanta",), needs=CHOWS | HAND_TERMINALS),
    yaku("honitsu", "混一色", "混一色", "Honitsu", "one suit plus honors (§8.1)",
            lambda h, r: h.suits == 1 and h.has_honors, 3, 2, per_hand=True, needs=ONE_SUIT),
    yaku("chinitsu", "清一色", "清一色", "Chinitsu", "one suit only (§8.1)",
            lambda h, r: h.suits == 1 and not h.has_honors, 6, 5, excludes=("honitsu",),
            per_hand=True, needs=ONE_SUIT),
    # §8.2 yakuman
    yaku("kokushi_musou", "国士無双", "國士無雙", "Kokushi musou",
            "one of each terminal and honor plus a pair of one (§8.2)",
            lambda h, r: r.shape is SHAPE_KOKUSHI, yakuman=1, closed_only=True,
            needs=KOKUSHI),
    yaku("kokushi_13_wait", "国士無双十三面待ち", "國士無雙十三面", "Kokushi 13-sided wait",
            "the 13 kinds were held once each before the win (§8.2)",
            lambda h, r: r.shape is SHAPE_KOKUSHI and r.wait is WAIT_SINGLE,
            yakuman=2, closed_only=True, excludes=("kokushi_musou",), needs=KOKUSHI),
    yaku("suuankou", "四暗刻", "四暗刻", "Suuankou",
            "four concealed triplets or closed kans (§8.2)",
            lambda h, r: r.ankou == 4, yakuman=1, closed_only=True, excludes=("sanankou",),
            needs=THREE_TRIPLETS),
    yaku("suuankou_tanki", "四暗刻単騎", "四暗刻單騎", "Suuankou tanki",
            "four concealed triplets held, won on the pair (§8.2)",
            lambda h, r: r.ankou == 4 and r.wait is WAIT_SINGLE, yakuman=2, closed_only=True,
            excludes=("suuankou", "sanankou"), needs=THREE_TRIPLETS),
    yaku("daisangen", "大三元", "大三元", "Daisangen",
            "three dragon triplets or kans (§8.2)",
            lambda h, r: dragon_triplets(r) == 3, yakuman=1, needs=THREE_TRIPLETS | HONOR_TRIPLETS),
    yaku("shousuushii", "小四喜", "小四喜", "Shousuushii",
            "three wind triplets and a wind pair (§8.2)",
            lambda h, r: wind_triplets(r) == 3 and r.pair in WINDS, yakuman=1,
            needs=THREE_TRIPLETS | HONOR_TRIPLETS),
    yaku("daisuushii", "大四喜", "大四喜", "Daisuushii", "four wind triplets (§8.2)",
            lambda h, r: wind_triplets(r) == 4, yakuman=2, needs=THREE_TRIPLETS | HONOR_TRIPLETS),
    yaku("tsuuiisou", "字一色", "字一色", "Tsuuiisou",
            "only honors, seven-pairs form included by option (§8.2)",
            lambda h, r: not h.suits
            and (h.opts.tsuuiisou_seven_pairs or r.shape is SHAPE_STANDARD), yakuman=1,
            needs=HAND_ALL_HONORS),
    yaku("ryuuiisou", "緑一色", "綠一色", "Ryuuiisou", "only 2s 3s 4s 6s 8s 6z (§8.2)",
            lambda h, r: not h.mask & ~GREEN_MASK
            and (not h.opts.ryuuiisou_requires_hatsu or h.count(32) > 0),
            yakuman=1, per_hand=True, needs=GREEN),
    yaku("chinroutou", "清老頭", "清老頭", "Chinroutou", "only 1s and 9s (§8.2)",
            lambda h, r: not h.mask & ~TERMINAL_MASK, yakuman=1, per_hand=True, needs=YAOCHUU),
    yaku("chuuren_poutou", "九蓮宝燈", "九蓮寶燈", "Chuuren poutou",
            "closed, one suit, 1112345678999 plus one tile of the suit (§8.2)",
            lambda h, r: _chuuren(h) is not None, yakuman=1, closed_only=True, per_hand=True,
            needs=ONE_SUIT),
    yaku("junsei_chuuren", "純正九蓮宝燈", "純正九蓮寶燈", "Junsei chuuren poutou",
            "the 13 tiles before the win were 1112345678999 (§8.2)", _junsei_chuuren,
            yakuman=2, closed_only=True, excludes=("chuuren_poutou",), per_hand=True,
            needs=ONE_SUIT),
    yaku("suukantsu", "四槓子", "四槓子", "Suukantsu", "four kans (§8.2; suukantsu_value)",
            lambda h, r: r.kongs == 4, yakuman=2, double_option="suukantsu_double",
            excludes=("sankantsu",), needs=THREE_KANS),
    yaku("tenhou", "天和", "天和", "Tenhou",
            "dealer's initial 14 tiles win (§8.2)", lambda h, r: h.ctx.tenhou, yakuman=1,
            closed_only=True,
            per_hand=True, needs=TENHOU, exact=True),
    yaku("chiihou", "地和", "地和", "Chiihou",
            "non-dealer wins on the first draw, no call before (§8.2)",
            lambda h, r: h.ctx.chiihou, yakuman=1, closed_only=True, per_hand=True,
            needs=CHIIHOU, exact=True),
    # §8.3 local yaku
    yaku("isshoku_sanjun", "一色三順", "一色三順", "Isshoku sanjun",
            "three identical sequences (§8.3)", lambda h, r: _three_same_chows(r), 2, 1,
            option="isshoku_sanjun", excludes=("iipeikou",), local=True, needs=THREE_CHOWS),
    yaku("sanrenkou", "三連刻", "三連刻", "Sanrenkou",
            "three consecutive triplets of one suit (§8.3)",
            lambda h, r: _run_of_triplets(r, 3), 2, 2, option="sanrenkou", local=True,
            needs=THREE_TRIPLETS),
    yaku("suurenkou", "四連刻", "四連刻", "Suurenkou",
            "four consecutive triplets of one suit (§8.3)",
            lambda h, r: _run_of_triplets(r, 4), yakuman=1, option="suurenkou",
            excludes=("sanrenkou",), local=True, needs=THREE_TRIPLETS),
    yaku("daisharin", "大車輪", "大車輪", "Daisharin",
            "seven consecutive pairs in pinzu (§8.3; daisharin_range, daisharin_all_suits)",
            _daisharin, yakuman=1, closed_only=True, option="daisharin", local=True,
            needs=SEVEN_PAIRS),
    yaku("renhou", "人和", "人和", "Renhou",
            "non-dealer ron before the first draw; fixed value, no combination (§8.3)",
            _never, option="renhou", local=True, special="renhou"),
    yaku("paarenchan", "八連荘", "八連莊", "Paarenchan",
            "the dealer's 8th consecutive win, flag extra['paarenchan'] (§8.3)", _paarenchan,
            yakuman=1, option="paarenchan", needs_other_yaku_option="paarenchan_needs_yaku",
            local=True, per_hand=True, needs=EXTRA),
    yaku("shiisan_puutaa", "十三不塔", "十三不搭", "Shiisan puutaa",
            "first-draw 14 tiles: one pair, nothing else connected (§8.3)", _never,
            yakuman=1, closed_only=True, option="shiisan_puutaa", local=True,
            special="shiisan_puutaa"),
    yaku("nagashi_mangan", "流し満貫", "流局滿貫", "Nagashi mangan",
            "all discards terminals or honors at an exhaustive draw; settlement only (§8.3, §12.1)",
            _never, option="nagashi_mangan", local=True, special="nagashi_mangan"),
)

BY_ID: dict[str, YakuDef] = {d.id: d for d in CATALOGUE}
PATTERNS: PatternSet[HandReading] = PatternSet(CATALOGUE)  # exclusions applied, hits made

# The dora (riichi.md §8.4): bonus han counted beside the yaku, listed after them.
BONUS: PatternSet[None] = PatternSet(
    [
        PatternDef("dora", "寶牌", "Dora", "ドラ", 1),
        PatternDef("aka_dora", "赤寶牌", "Aka dora", "赤ドラ", 1),
        PatternDef("ura_dora", "裏寶牌", "Ura dora", "裏ドラ", 1),
        # three-player riichi: a North set aside (docs/rules/sanma.md)
        PatternDef("kita", "拔北寶牌", "Kita (North set aside)", "抜きドラ", 1),
    ]
)

# The catalogue entries no scored hand shows (the conformance kit's ``unscorable``).
UNSCORABLE: dict[str, str] = {
    "nagashi_mangan": "paid at an exhaustive draw (settlement), never part of a hand's score",
    "kita": "three-player riichi only: four players set no North aside (docs/rules/sanma.md)",
    "paarenchan": "needs the dealer's run of wins (WinContext.extra), which the table gives",
}
SANMA_UNSCORABLE: dict[str, str] = {
    "nagashi_mangan": UNSCORABLE["nagashi_mangan"],
    "paarenchan": UNSCORABLE["paarenchan"],
    "sanshoku_doujun": "a chow in every suit needs man tiles 2-8, which three players lack",
}
