"""Scoring a riichi win: every reading of the hand is valued and the best one is kept
(riichi.md §5: highest payment; then, as Tenhou, a real yakuman over a counted one; then
more han; then more fu)."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from typing import Any

from engine.context import WinContext
from engine.scoring import PatternHit, Score, ScoreError
from rulesets.riichi.decompose import readings
from rulesets.riichi.dora import dora_han
from rulesets.riichi.fu import raw_fu, round_fu
from rulesets.riichi.hand import KIND_OF, HandFacts, Reading
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.points import LIMIT_BASE, base_points, payment, received
from rulesets.riichi.validate import check_win
from rulesets.riichi.yaku import BY_ID, CATALOGUE, YakuDef

RULESET_ID = "riichi"

BONUS_NAMES: dict[str, tuple[str, str, str]] = {  # id -> (zh, en, ja)
    "dora": ("寶牌", "Dora", "ドラ"),
    "aka_dora": ("赤寶牌", "Red five", "赤ドラ"),
    "ura_dora": ("裏寶牌", "Ura dora", "裏ドラ"),
}
_ORDER = {d.id: i for i, d in enumerate(CATALOGUE)}
_PINFU = BY_ID["pinfu"]
_RENHOU_LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8}
_RENHOU_YAKUMAN = replace(BY_ID["renhou"], yakuman=1)  # renhou_value = "yakuman"

Hit = tuple[YakuDef, int]


class Valued:
    """The value of one reading (or of a fixed-value hand)."""

    __slots__ = ("base", "bonus", "fu", "han", "hits", "key", "limit", "yakuman")

    def __init__(self, key: tuple[int, int, int, int, int], hits: list[Hit], han: int, fu: int,
                 yakuman: int, limit: str | None, base: int, bonus: tuple[int, int, int]) -> None:
        self.key = key  # total received, real yakuman, han, fu, raw fu: bigger is better
        self.hits = hits
        self.han = han
        self.fu = fu
        self.yakuman = yakuman
        self.limit = limit
        self.base = base
        self.bonus = bonus


class _Active:
    """The catalogue entries that can count under some options for an open or closed
    hand, split into per-hand ones and per-reading ones (grouped by reading features)."""

    __slots__ = ("by_features", "by_hand_features", "opts", "per_hand", "per_reading")

    def __init__(self, opts: RiichiOptions, closed: bool) -> None:
        self.opts = opts
        self.per_hand: list[Hit] = []
        self.per_reading: list[Hit] = []
        self.by_features: dict[int, list[Hit]] = {}
        self.by_hand_features: dict[int, list[Hit]] = {}
        for d in CATALOGUE:
            if d.special is not None or not d.enabled(opts):
                continue
            value = d.value(opts, closed)
            if value is not None:
                (self.per_hand if d.per_hand else self.per_reading).append((d, value))

    def for_hand(self, features: int) -> list[Hit]:
        found = self.by_hand_features.get(features)
        if found is None:
            found = [(d, v) for d, v in self.per_hand if d.needs & features == d.needs]
            self.by_hand_features[features] = found
        return found

    def for_features(self, features: int) -> list[Hit]:
        found = self.by_features.get(features)
        if found is None:
            found = [(d, v) for d, v in self.per_reading if d.needs & features == d.needs]
            self.by_features[features] = found
        return found


# A few option objects are remembered, keyed by identity.
_ACTIVE: dict[tuple[int, bool], _Active] = {}


def _active(opts: RiichiOptions, closed: bool) -> _Active:
    key = (id(opts), closed)
    cached = _ACTIVE.get(key)
    if cached is not None and cached.opts is opts:
        return cached
    if len(_ACTIVE) >= 64:
        _ACTIVE.clear()
    made = _ACTIVE[key] = _Active(opts, closed)
    return made


def _value_reading(h: HandFacts, r: Reading, hits: list[Hit], bonus: tuple[int, int, int]
                   ) -> Valued | None:
    opts = h.opts
    if len(hits) > 1:
        gone = [x for d, _ in hits if d.excludes for x in d.excludes]
        if gone:
            hits = [(d, v) for d, v in hits if d.id not in gone]
    if len(hits) == 1:
        d = hits[0][0]
        if d.needs_other_yaku_option and getattr(opts, d.needs_other_yaku_option):
            return None
    elif not hits:
        return None
    han = 0
    multiple = 0
    pinfu = False
    for d, v in hits:
        if d.yakuman:
            multiple += v
        else:
            han += v
            if d is _PINFU:
                pinfu = True
    tsumo = h.ctx.tsumo
    if multiple:
        yakuman_hits = [(d, v) for d, v in hits if d.yakuman]
        if not opts.yakuman_stacking:
            yakuman_hits = [max(yakuman_hits, key=lambda dv: dv[1])]
            multiple = yakuman_hits[0][1]
        base = 8000 * multiple
        total = received(base, h.dealer, tsumo)
        return Valued((total, 1, 13 * multiple, 0, 0), yakuman_hits, 13 * multiple, 0,
                      multiple, "yakuman", base, (0, 0, 0))
    han += bonus[0] + bonus[1] + bonus[2]
    raw = raw_fu(h, r, pinfu)
    fu = round_fu(raw)
    if han < 5 and (fu << (2 + han)) < 1920:  # the common case, below any limit
        base = fu << (2 + han)
        limit = None
    else:
        base, limit = base_points(han, fu, 0, opts)
    total = received(base, h.dealer, tsumo)
    return Valued((total, 0, han, fu, raw), hits, han, fu, 0, limit, base, bonus)


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


def _fixed(d: YakuDef, multiple: int, limit: str, han: int, h: HandFacts, tsumo: bool) -> Valued:
    base = LIMIT_BASE[limit] * max(multiple, 1)
    total = received(base, h.dealer, tsumo)
    return Valued((total, 1 if multiple else 0, han, 0, 0), [(d, multiple or han)], han, 0,
                  multiple, limit, base, (0, 0, 0))


def score_win(ctx: WinContext, opts: RiichiOptions) -> Score:
    """Score a checked 14-tile hand; raises ``InvalidInput`` for impossible flag sets."""
    check_win(ctx, opts)
    h = HandFacts(ctx, opts)
    rs = readings(h.concealed_counts, h.suit_keys, ctx.melds, KIND_OF[ctx.win_tile], ctx.tsumo)
    if not rs:
        if (
            opts.shiisan_puutaa
            and not ctx.melds
            and (ctx.tenhou or ctx.chiihou)
            and is_shiisan_puutaa(h.concealed_counts)
        ):
            # §8.3: scored like a self-drawn yakuman
            return _result(_fixed(BY_ID["shiisan_puutaa"], 1, "yakuman", 13, h, True), h, True)
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    active = _active(opts, h.closed)
    hand_hits = [(d, v) for d, v in active.for_hand(h.features) if d.test(h, rs[0])]
    renhou = opts.renhou and ctx.renhou
    if renhou and opts.renhou_value == "yakuman":
        hand_hits.append((_RENHOU_YAKUMAN, 1))
    bonus = dora_han(ctx, h.counts, opts)
    best: Valued | None = None
    bits = h.reading_bits
    for r in rs:
        candidates = active.for_features(r.features | bits)
        hits = hand_hits + [(d, v) for d, v in candidates if d.test(h, r)]
        v = _value_reading(h, r, hits, bonus)
        if v is not None and (best is None or v.key > best.key):
            best = v
    if renhou and opts.renhou_value != "yakuman":
        # §8.3 (seed 004): renhou does not combine; the hand takes the higher value.
        han = _RENHOU_LIMIT_HAN[opts.renhou_value]
        fixed = _fixed(BY_ID["renhou"], 0, opts.renhou_value, han, h, False)
        if best is None or fixed.key[0] > best.key[0]:
            best = fixed
    if best is None:
        return Score.failure(RULESET_ID, ScoreError.NO_YAKU, "the hand has no yaku")
    return _result(best, h, ctx.tsumo)


_HITS: dict[tuple[str, int, int], PatternHit] = {}


def _hit(pid: str, value: int, count: int) -> PatternHit:
    """PatternHit objects are immutable, so one per (id, value, count) is shared."""
    key = (pid, value, count)
    p = _HITS.get(key)
    if p is None:
        if pid in BONUS_NAMES:
            zh, en, ja = BONUS_NAMES[pid]
        else:
            d = BY_ID[pid]
            zh, en, ja = d.zh, d.en, d.ja
        p = _HITS[key] = PatternHit(pid, zh, en, ja, value, count)
    return p


# Pattern lists are immutable too: one tuple per (hits, dora counts), kept for reuse.
_PATTERNS: dict[tuple[tuple[Hit, ...], tuple[int, int, int]], tuple[PatternHit, ...]] = {}


def _patterns(hits: list[Hit], bonus: tuple[int, int, int]) -> tuple[PatternHit, ...]:
    key = (tuple(hits), bonus)
    found = _PATTERNS.get(key)
    if found is None:
        ordered = sorted(hits, key=lambda dv: _ORDER[dv[0].id])
        out = [_hit(d.id, 13 * value if d.yakuman else value, 1) for d, value in ordered]
        for pid, count in zip(("dora", "aka_dora", "ura_dora"), bonus, strict=True):
            if count:
                out.append(_hit(pid, 1, count))
        if len(_PATTERNS) >= 1 << 14:
            _PATTERNS.clear()
        found = _PATTERNS[key] = tuple(out)
    return found


def _result(v: Valued, h: HandFacts, tsumo: bool) -> Score:
    pay, total = payment(v.base, h.dealer, tsumo)
    details: dict[str, Any] = {
        "han": v.han,
        "fu": v.fu,
        "limit": v.limit,
        "yakuman": v.yakuman,
        "payment": pay,
    }
    return Score(RULESET_ID, _patterns(v.hits, v.bonus), total, True, None, "", details)
