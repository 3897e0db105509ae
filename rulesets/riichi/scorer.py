"""Scoring a riichi win: every reading of the hand is valued and the best one is kept
(riichi.md §5: highest payment, then — as Tenhou — a real yakuman over a counted one, then
more han, then more fu)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from engine.context import WinContext
from engine.scoring import PatternHit, Score, ScoreError
from engine.shapes import arrangements
from rulesets.riichi.dora import dora_han
from rulesets.riichi.fu import raw_fu, round_fu
from rulesets.riichi.hand import HandFacts, Reading
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.points import LIMIT_BASE, base_points, payment
from rulesets.riichi.validate import check_win
from rulesets.riichi.yaku import BY_ID, CATALOGUE, YakuDef

RULESET_ID = "riichi"

BONUS_NAMES: dict[str, tuple[str, str, str]] = {  # id -> (zh, en, ja)
    "dora": ("寶牌", "Dora", "ドラ"),
    "aka_dora": ("赤寶牌", "Red five", "赤ドラ"),
    "ura_dora": ("裏寶牌", "Ura dora", "裏ドラ"),
}
_RENHOU_LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8}


@dataclass(frozen=True, slots=True)
class Valued:
    """The value of one reading."""

    key: tuple[int, int, int, int, int]  # total, real yakuman, han, fu, raw fu
    hits: tuple[tuple[YakuDef, int], ...]
    han: int
    fu: int
    yakuman: int
    limit: str | None
    pay: dict[str, int]
    total: int
    bonus: tuple[int, int, int]


def _active(opts: RiichiOptions, closed: bool) -> list[tuple[YakuDef, int]]:
    """The catalogue entries that can count for this hand, with their value."""
    out: list[tuple[YakuDef, int]] = []
    for d in CATALOGUE:
        if d.special is not None or not d.enabled(opts):
            continue
        value = d.value(opts, closed)
        if value is not None:
            out.append((d, value))
    return out


def _value_reading(
    h: HandFacts,
    r: Reading,
    active: list[tuple[YakuDef, int]],
    extra_yakuman: list[tuple[YakuDef, int]],
    bonus: tuple[int, int, int],
) -> Valued | None:
    hits = [(d, v) for d, v in active if d.test(h, r)]
    hits.extend(extra_yakuman)
    if len(hits) > 1:
        gone = {x for d, _ in hits for x in d.excludes}
        if gone:
            hits = [(d, v) for d, v in hits if d.id not in gone]
    opts = h.opts
    if len(hits) == 1:
        d = hits[0][0]
        if d.needs_other_yaku_option and getattr(opts, d.needs_other_yaku_option):
            hits = []
    if not hits:
        return None
    yakuman_hits = [(d, v) for d, v in hits if d.yakuman]
    tsumo = h.ctx.tsumo
    if yakuman_hits:
        if opts.yakuman_stacking:
            multiple = sum(v for _, v in yakuman_hits)
        else:
            yakuman_hits = [max(yakuman_hits, key=lambda dv: dv[1])]
            multiple = yakuman_hits[0][1]
        base, limit = base_points(0, 0, multiple, opts)
        pay, total = payment(base, h.dealer, tsumo)
        return Valued(
            (total, 1, 13 * multiple, 0, 0),
            tuple(yakuman_hits), 13 * multiple, 0, multiple, limit, pay, total, (0, 0, 0),
        )
    han = sum(v for _, v in hits) + sum(bonus)
    pinfu = any(d.id == "pinfu" for d, _ in hits)
    raw = raw_fu(h, r, pinfu)
    fu = round_fu(raw)
    base, limit = base_points(han, fu, 0, opts)
    pay, total = payment(base, h.dealer, tsumo)
    return Valued((total, 0, han, fu, raw), tuple(hits), han, fu, 0, limit, pay, total, bonus)


def is_shiisan_puutaa(counts: list[int]) -> bool:
    """Exactly one pair, no triplet, and no two suited tiles of one suit within 2 (§8.3)."""
    if sum(counts) != 14 or any(c > 2 for c in counts):
        return False
    if sum(1 for c in counts if c == 2) != 1:
        return False
    for suit in range(3):
        numbers = [n for n in range(9) if counts[suit * 9 + n]]
        if any(b - a <= 2 for a, b in pairwise(numbers)):
            return False
    return True


def _fixed(d: YakuDef, multiple: int, base: int, limit: str, han: int, h: HandFacts,
           tsumo: bool) -> Valued:
    pay, total = payment(base, h.dealer, tsumo)
    return Valued((total, 1 if multiple else 0, han, 0, 0), ((d, han),), han, 0, multiple,
                  limit, pay, total, (0, 0, 0))


def score_win(ctx: WinContext, opts: RiichiOptions) -> Score:
    """Score a checked 14-tile hand; raises ``InvalidInput`` for impossible flag sets."""
    check_win(ctx, opts)
    h = HandFacts(ctx, opts)
    arrs = arrangements(h.concealed_counts, ctx.melds, ctx.win_kind)
    if not arrs:
        if (
            opts.shiisan_puutaa
            and not ctx.melds
            and (ctx.tenhou or ctx.chiihou)
            and is_shiisan_puutaa(h.concealed_counts)
        ):
            return _result(_fixed(BY_ID["shiisan_puutaa"], 1, 8000, "yakuman", 13, h, True))
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    renhou = opts.renhou and ctx.renhou
    extra_yakuman: list[tuple[YakuDef, int]] = []
    if renhou and opts.renhou_value == "yakuman":
        extra_yakuman.append((BY_ID["renhou"], 1))
    active = _active(opts, h.closed)
    bonus = dora_han(ctx, h.counts, opts)
    best: Valued | None = None
    for arr in arrs:
        v = _value_reading(h, Reading(arr, ctx.tsumo), active, extra_yakuman, bonus)
        if v is not None and (best is None or v.key > best.key):
            best = v
    if renhou and opts.renhou_value != "yakuman":
        # §8.3 (seed 004): renhou does not combine; the hand takes the higher value.
        han = _RENHOU_LIMIT_HAN[opts.renhou_value]
        fixed = _fixed(BY_ID["renhou"], 0, LIMIT_BASE[opts.renhou_value], opts.renhou_value,
                       han, h, False)
        if best is None or fixed.total > best.total:
            best = fixed
    if best is None:
        return Score.failure(RULESET_ID, ScoreError.NO_YAKU, "the hand has no yaku")
    return _result(best)


def _result(v: Valued) -> Score:
    patterns = [
        PatternHit(d.id, d.zh, d.en, d.ja, 13 * value if d.yakuman else value)
        for d, value in v.hits
    ]
    for pid, count in zip(("dora", "aka_dora", "ura_dora"), v.bonus, strict=True):
        if count:
            zh, en, ja = BONUS_NAMES[pid]
            patterns.append(PatternHit(pid, zh, en, ja, 1, count))
    details = {
        "han": v.han,
        "fu": v.fu,
        "limit": v.limit,
        "yakuman": v.yakuman,
        "payment": v.pay,
    }
    return Score(
        ruleset=RULESET_ID,
        patterns=tuple(patterns),
        total=v.total,
        legal=True,
        details=details,
    )
