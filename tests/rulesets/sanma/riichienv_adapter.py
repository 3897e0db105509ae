"""Score a three-player ``WinContext`` with riichienv's three-player evaluator
(``HandEvaluator3P``, riichienv 0.4.11, Apache-2.0) and put both results in one
comparable shape (``Outcome`` of tests/rulesets/riichi/library_adapter.py).

What the adapter settles: riichienv takes 136-tile ids (kind x 4 + copy) and counts copy 0
of 5p and 5s as red, so red fives get copy 0 and plain fives the others (a hand with four
plain fives of a suit cannot be given to it without a red one: ``comparable``);
indicators are passed as plain copies; kita is ``Conditions.kita_count``; a first-turn
win is ``tsumo_first_turn``; the payments are the tsumo-son ones (riichienv has no north
bisection). Its ``han`` of a yakuman hand is not compared (the multiple is, through the
payments).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from riichienv import _riichienv as rc

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.scoring import Score
from engine.tiles import RED_FIVES, kind_of
from rulesets.sanma.options import SanmaOptions
from tests.rulesets.riichi.library_adapter import Outcome, _Ids, our_outcome

YAKU_IDS: dict[int, str] = {
    1: "menzen_tsumo", 2: "riichi", 3: "chankan", 4: "rinshan_kaihou", 5: "haitei",
    6: "houtei", 7: "yakuhai_haku", 8: "yakuhai_hatsu", 9: "yakuhai_chun",
    10: "yakuhai_seat_wind", 11: "yakuhai_round_wind", 12: "tanyao", 13: "iipeikou",
    14: "pinfu", 15: "chanta", 16: "ittsu", 17: "sanshoku_doujun", 18: "double_riichi",
    19: "sanshoku_doukou", 20: "sankantsu", 21: "toitoi", 22: "sanankou", 23: "shousangen",
    24: "honroutou", 25: "chiitoitsu", 26: "junchan", 27: "honitsu", 28: "ryanpeikou",
    29: "chinitsu", 30: "ippatsu", 31: "dora", 32: "aka_dora", 33: "ura_dora", 34: "kita",
    35: "tenhou", 36: "chiihou", 37: "daisangen", 38: "suuankou", 39: "tsuuiisou",
    40: "ryuuiisou", 41: "chinroutou", 42: "kokushi_musou", 43: "shousuushii",
    44: "suukantsu", 45: "chuuren_poutou", 47: "junsei_chuuren", 48: "suuankou_tanki",
    49: "kokushi_13_wait", 50: "daisuushii",
}
WINDS = [rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North]
MELD_TYPES = {
    MeldType.PON: rc.MeldType.Pon,
    MeldType.MINKAN: rc.MeldType.Daiminkan,
    MeldType.ANKAN: rc.MeldType.Ankan,
    MeldType.KAKAN: rc.MeldType.Kakan,
}


def comparable(ctx: WinContext, opts: SanmaOptions) -> bool:
    """Whether riichienv can be given exactly this hand: with red fives off, no suit's
    five may be held four times (its copy 0 is always red to riichienv); with them on,
    four fives of a suit must include the red one (the physical set)."""
    tiles = [*ctx.concealed, ctx.win_tile, *(t for m in ctx.melds for t in m.tiles)]
    kinds = Counter(kind_of(t) for t in tiles)
    for suit in (1, 2):
        five = suit * 9 + 4
        if kinds[five] == 4 and (not opts.aka_dora or RED_FIVES[suit] not in tiles):
            return False
    return True


def _meld(meld: Meld, ids: _Ids) -> object:
    tiles = [ids.take(t) for t in meld.tiles]
    return rc.Meld(MELD_TYPES[meld.type], tiles, meld.type is not MeldType.ANKAN)


def riichienv_outcome(ctx: WinContext) -> Outcome:
    ids = _Ids()
    melds = [_meld(m, ids) for m in ctx.melds]
    tiles = [ids.take(t) for t in ctx.concealed]
    win = ids.take(ctx.win_tile)
    tiles.append(win)
    conditions = rc.Conditions(
        tsumo=ctx.tsumo,
        riichi=ctx.riichi or ctx.double_riichi,
        double_riichi=ctx.double_riichi,
        ippatsu=ctx.ippatsu,
        haitei=ctx.haitei,
        houtei=ctx.houtei,
        rinshan=ctx.rinshan,
        chankan=ctx.chankan,
        tsumo_first_turn=ctx.tenhou or ctx.chiihou,
        player_wind=WINDS[ctx.seat_wind - 1],
        round_wind=WINDS[ctx.round_wind - 1],
        kita_count=ctx.flowers,
        is_sanma=True,
        num_players=3,
    )
    dora = [kind_of(t) * 4 + 3 for t in ctx.dora_indicators]
    ura = [kind_of(t) * 4 + 3 for t in ctx.ura_dora_indicators]
    if not (ctx.riichi or ctx.double_riichi):
        ura = []
    res = rc.HandEvaluator3P(sorted(tiles), melds).calc(win, dora, ura, conditions)
    if not res.is_win:
        return Outcome(error="no_yaku" if res.has_win_shape else "not_a_win")
    yaku = frozenset(YAKU_IDS.get(y, f"riichienv_{y}") for y in res.yaku)
    if not ctx.tsumo:
        pay = {"ron": res.ron_agari}
        total = res.ron_agari
    elif ctx.seat_wind == 1:
        pay = {"non_dealer": res.tsumo_agari_ko}
        total = 2 * res.tsumo_agari_ko
    else:
        pay = {"dealer": res.tsumo_agari_oya, "non_dealer": res.tsumo_agari_ko}
        total = res.tsumo_agari_oya + res.tsumo_agari_ko
    return Outcome(
        None,
        0 if res.yakuman else res.han,
        0 if res.yakuman else res.fu,
        yaku,
        tuple(sorted(pay.items())),
        total,
        res.yakuman,
    )


def comparable_ours(outcome: Outcome) -> Outcome:
    """Our outcome with the han and fu of a yakuman hand left out, as riichienv's."""
    if outcome.yakuman:
        return Outcome(
            outcome.error, 0, 0, outcome.yaku, outcome.payment, outcome.total, True
        )
    return outcome


FIRST_TURN_WAITS = frozenset(
    {"kokushi_musou", "kokushi_13_wait", "chuuren_poutou", "junsei_chuuren"}
)
# classes of disagreement that are rules differences, not bugs (docs/rules/sanma.md,
# "Checked against")
EXPLAINED: dict[str, str] = {
    "yakuman value (double_yakuman=False)": (
        "rules variant: riichienv always counts kokushi 13-wait, suuankou tanki, junsei "
        "chuuren and daisuushii as double yakuman; tenhou_sanma has single yakuman only"
    ),
    "suukantsu double yakuman": (
        "rules variant: riichi's default counts suukantsu double with double_yakuman on; "
        "riichienv single (its GameRule has no suukantsu flag)"
    ),
    "same payments: a yakuman reading against a counted (kazoe) one": (
        "tie: a closed hand both a single yakuman (suuankou) and 13+ han; same payments, "
        "we name the yakuman, riichienv the counted yaku"
    ),
    "first-turn win read as the 13-wait / 9-wait form": (
        "rules reading: on tenhou/chiihou riichienv takes the 13-wait kokushi / 9-wait "
        "chuuren whatever the tile given as winning; we read the winning tile given"
    ),
}

def classify(ctx: WinContext, ours: Outcome, theirs: Outcome, opts: SanmaOptions) -> str:
    """A short name for how the two results differ."""
    if ours.error != theirs.error:
        return f"error {ours.error} vs {theirs.error}"
    only_ours = sorted(ours.yaku - theirs.yaku)
    only_theirs = sorted(theirs.yaku - ours.yaku)
    if (ctx.tenhou or ctx.chiihou) and set(only_ours) | set(only_theirs) <= FIRST_TURN_WAITS:
        return "first-turn win read as the 13-wait / 9-wait form"
    if only_ours or only_theirs:
        if ours.payment == theirs.payment and ours.yakuman != theirs.yakuman:
            return "same payments: a yakuman reading against a counted (kazoe) one"
        return f"yaku +{only_ours} -{only_theirs}"
    if ours.yakuman and theirs.total != ours.total:
        if "suukantsu" in ours.yaku and opts.suukantsu_double:
            return "suukantsu double yakuman"
        return f"yakuman value (double_yakuman={opts.double_yakuman})"
    fields = [
        f for f in ("han", "fu", "payment", "total") if getattr(ours, f) != getattr(theirs, f)
    ]
    return "differ: " + ",".join(fields)


def compare(
    ctx: WinContext, score: Callable[[WinContext], Score], opts: SanmaOptions
) -> tuple[Outcome, Outcome, str | None] | None:
    """Both outcomes of ``ctx`` and the class of their disagreement (None: they agree),
    or None when riichienv cannot be given the hand (``comparable``)."""
    if not comparable(ctx, opts):
        return None
    ours = comparable_ours(our_outcome(score(ctx)))
    theirs = riichienv_outcome(ctx)
    return ours, theirs, None if ours == theirs else classify(ctx, ours, theirs, opts)
