"""Scoring a riichi win: every reading of the hand is valued and the best one is kept
(riichi.md §5: highest payment; then, as Tenhou, a real yakuman over a counted one; then
more han; then more fu)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import pairwise
from typing import Any

from engine.context import WinContext
from engine.scoring import PatternHit, Score, ScoreError
from rulesets.riichi.decompose import hand_readings
from rulesets.riichi.dora import dora_from_key
from rulesets.riichi.fu import raw_fu
from rulesets.riichi.hand import KIND_OF, HandFacts, Reading, counts_of_key
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.patterns import BONUS, BY_ID, CATALOGUE, PATTERNS, YakuDef
from rulesets.riichi.points import LIMIT_BASE, base_points, payment, received
from rulesets.riichi.validate import check_win

RULESET_ID = "riichi"

_PINFU = BY_ID["pinfu"]
_RENHOU_LIMIT_HAN = {"mangan": 5, "haneman": 6, "baiman": 8}
_RENHOU_YAKUMAN = replace(BY_ID["renhou"], yakuman=1, value=13)  # renhou_value = "yakuman"

Hit = tuple[YakuDef, int]
Test = Callable[[HandFacts, Reading], bool]
Bonus = tuple[int, int, int, int]  # dora, aka dora, ura dora, kita
_NO_BONUS: Bonus = (0, 0, 0, 0)


class Combo:
    """What a set of yaku found together is worth once exclusions apply: the hits that
    count, their han (dora aside) or yakuman multiple, and whether pinfu is among them.
    Its pattern lists are remembered per dora counts."""

    __slots__ = ("han", "hits", "multiple", "patterns", "pinfu")

    def __init__(self, hits: tuple[Hit, ...], han: int, multiple: int, pinfu: bool) -> None:
        self.hits = hits
        self.han = han
        self.multiple = multiple
        self.pinfu = pinfu
        self.patterns: dict[Bonus, tuple[PatternHit, ...]] = {}


def _combo(hits: list[Hit], opts: RiichiOptions) -> Combo | None:
    if len(hits) > 1:
        kept = PATTERNS.exclude({d.id: 1 for d, _ in hits})
        if len(kept) < len(hits):
            hits = [(d, v) for d, v in hits if d.id in kept]
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
    if multiple:
        hits = [(d, v) for d, v in hits if d.yakuman]
        if not opts.yakuman_stacking:
            hits = [max(hits, key=lambda dv: dv[1])]
            multiple = hits[0][1]
        return Combo(tuple(hits), 13 * multiple, multiple, False)
    return Combo(tuple(hits), han, 0, pinfu)


class _Active:
    """The catalogue entries that can count under some options for an open or closed
    hand, one bit each: the per-hand ones, then renhou as a yakuman, then the per-reading
    ones, in catalogue order (the order a yakuman tie is broken in). The candidates for
    each feature set and the value of each set of hits found are remembered."""

    __slots__ = (
        "by_features",
        "by_hand_features",
        "combos",
        "entries",
        "opts",
        "per_hand",
        "per_reading",
        "renhou_bit",
    )

    def __init__(self, opts: RiichiOptions, closed: bool) -> None:
        self.opts = opts
        per_hand: list[Hit] = []
        per_reading: list[Hit] = []
        for d in CATALOGUE:
            if d.special is not None or not d.enabled(opts):
                continue
            value = d.han(opts, closed)
            if value is not None:
                (per_hand if d.per_hand else per_reading).append((d, value))
        self.entries: list[Hit] = [*per_hand, (_RENHOU_YAKUMAN, 1), *per_reading]
        self.renhou_bit = 1 << len(per_hand)
        first = len(per_hand) + 1
        self.per_hand = [(1 << i, d) for i, (d, _) in enumerate(per_hand)]
        self.per_reading = [(1 << (first + i), d) for i, (d, _) in enumerate(per_reading)]
        self.by_hand_features: dict[int, tuple[int, list[tuple[int, Test]]]] = {}
        self.by_features: dict[int, list[tuple[int, Test]]] = {}
        self.combos: dict[int, Combo | None] = {}

    def for_hand(self, features: int) -> tuple[int, list[tuple[int, Test]]]:
        """The bits of the per-hand yaku that ``features`` alone decide, and the
        candidates whose predicate must be asked."""
        found = self.by_hand_features.get(features)
        if found is None:
            sure = 0
            candidates: list[tuple[int, Test]] = []
            for b, d in self.per_hand:
                if d.needs & features == d.needs:
                    if d.exact:
                        sure |= b
                    else:
                        candidates.append((b, d.test))
            found = self.by_hand_features[features] = (sure, candidates)
        return found

    def for_features(self, features: int) -> list[tuple[int, Test]]:
        found = self.by_features.get(features)
        if found is None:
            found = [(b, d.test) for b, d in self.per_reading if d.needs & features == d.needs]
            self.by_features[features] = found
        return found

    def combo(self, found: int) -> Combo | None:
        """The value of the hits whose bits are set in ``found`` (None: no yaku)."""
        if found not in self.combos:
            hits = [e for i, e in enumerate(self.entries) if found >> i & 1]
            self.combos[found] = _combo(hits, self.opts)
        return self.combos[found]


Actives = tuple[RiichiOptions, _Active, _Active]  # (options, open hands, closed hands)


def actives_of(opts: RiichiOptions) -> Actives:
    """The yaku in force under ``opts`` for open and closed hands, with the memos scoring
    fills in them. Derived once per options object by the scorer ``Ruleset.scorer(options)``
    returns (a table's ``Table.score``); a free call of ``score_win`` derives them afresh."""
    return (opts, _Active(opts, False), _Active(opts, True))


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


def score_win(ctx: WinContext, opts: RiichiOptions, actives: Actives | None = None) -> Score:
    """Score a checked 14-tile hand; raises ``InvalidInput`` for impossible flag sets.
    ``actives``: ``actives_of(opts)`` held by the caller (a table's scorer); without them
    they are derived afresh, and every memo in them starts empty."""
    check_win(ctx, opts)
    h = HandFacts(ctx, opts)
    tsumo = ctx.tsumo
    rs = hand_readings(h.concealed_key, h.parts, ctx.melds, KIND_OF[ctx.win_tile], tsumo)
    if not rs:
        if (
            opts.shiisan_puutaa
            and not ctx.melds
            and (ctx.tenhou or ctx.chiihou)
            and is_shiisan_puutaa(counts_of_key(h.concealed_key))
        ):
            # §8.3: scored like a self-drawn yakuman
            d = BY_ID["shiisan_puutaa"]
            return _result(
                _patterns((d, 1), bonus=_NO_BONUS),
                13,
                0,
                1,
                "yakuman",
                LIMIT_BASE["yakuman"],
                h.dealer,
                True,
            )
        return Score(RULESET_ID, (), 0, False, ScoreError.NOT_A_WIN, "no winning shape", {})
    if actives is None:
        actives = actives_of(opts)
    active = actives[2] if h.closed else actives[1]
    first = rs[0]
    features = h.features
    per_hand = active.by_hand_features.get(features)
    if per_hand is None:
        per_hand = active.for_hand(features)
    found_hand, hand_cands = per_hand
    for b, test in hand_cands:
        if test(h, first):
            found_hand |= b
    renhou = opts.renhou and ctx.renhou
    if renhou and opts.renhou_value == "yakuman":
        found_hand |= active.renhou_bit
    bonus = dora_from_key(ctx, h.key, opts)
    dora = bonus[0] + bonus[1] + bonus[2] + bonus[3]
    dealer = h.dealer
    combos = active.combos
    by_features = active.by_features
    bits = h.reading_bits
    several = len(rs) > 1
    # the best reading so far: its yaku, fu, limit and basic points, and when there are
    # several readings its key (total received, real yakuman, han, fu, raw fu; bigger wins)
    best: Combo | None = None
    best_fu = 0
    best_limit: str | None = None
    best_base = 0
    best_key: tuple[int, int, int, int, int] | None = None
    for r in rs:
        found = found_hand
        features = r.features | bits
        cands = by_features.get(features)
        if cands is None:
            cands = active.for_features(features)
        for b, test in cands:
            if test(h, r):
                found |= b
        c = combos[found] if found in combos else active.combo(found)
        if c is None:
            continue
        limit: str | None
        if c.multiple:
            base = 8000 * c.multiple
            han = c.han
            fu = raw = 0
            limit = "yakuman"
        else:
            han = c.han + dora
            raw = raw_fu(h, r, c.pinfu)
            fu = raw if raw == 25 else -(-raw // 10) * 10  # round_fu
            if han < 5 and (fu << (2 + han)) < 1920:  # the common case, below any limit
                base = fu << (2 + han)
                limit = None
            else:
                base, limit = base_points(han, fu, 0, opts)
        if several:
            key = (received(base, dealer, tsumo), 1 if c.multiple else 0, han, fu, raw)
            if best_key is not None and key <= best_key:
                continue
            best_key = key
        best, best_fu, best_limit, best_base = c, fu, limit, base
    if renhou and opts.renhou_value != "yakuman":
        # §8.3 (seed 004): renhou does not combine; the hand takes the higher value.
        han = _RENHOU_LIMIT_HAN[opts.renhou_value]
        base = LIMIT_BASE[opts.renhou_value]
        if best is None or received(base, dealer, False) > received(best_base, dealer, False):
            return _result(
                _patterns((BY_ID["renhou"], han), bonus=_NO_BONUS),
                han,
                0,
                0,
                opts.renhou_value,
                base,
                dealer,
                False,
            )
    if best is None:
        return Score(RULESET_ID, (), 0, False, ScoreError.NO_YAKU, "the hand has no yaku", {})
    if best.multiple:
        bonus = _NO_BONUS
        dora = 0
    patterns = best.patterns.get(bonus)
    if patterns is None:
        patterns = best.patterns[bonus] = _patterns(*best.hits, bonus=bonus)
    return _result(
        patterns, best.han + dora, best_fu, best.multiple, best_limit, best_base, dealer, tsumo
    )


def _patterns(*hits: Hit, bonus: Bonus) -> tuple[PatternHit, ...]:
    """The scored patterns in catalogue order (a yakuman valued 13 per multiple), then
    the dora."""
    counts = {d.id: 1 for d, _ in hits}
    values = {d.id: 13 * v if d.yakuman else v for d, v in hits}
    dora = {pid: n for pid, n in zip(BONUS.ids, bonus, strict=True) if n}
    return PATTERNS.hits(counts, values) + BONUS.hits(dora)


def _result(
    patterns: tuple[PatternHit, ...],
    han: int,
    fu: int,
    yakuman: int,
    limit: str | None,
    base: int,
    dealer: bool,
    tsumo: bool,
) -> Score:
    pay, total = payment(base, dealer, tsumo)
    details: dict[str, Any] = {
        "han": han,
        "fu": fu,
        "limit": limit,
        "yakuman": yakuman,
        "payment": pay,
    }
    return Score(RULESET_ID, patterns, total, True, None, "", details)
