"""Scoring one Zung Jung win (zung-jung.md §4-§5): every reading of the tiles (Freedom of
Count), the catalogue's exclusions, listed and compound limits, Chicken Hand, bonus tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.context import InvalidInput, WinContext
from engine.scoring import Evaluation, PatternHit, Score, ScoreError, best_total
from engine.shapes import Arrangement, ShapeRules, arrangements
from engine.tiles import FIRST_FLOWER, is_flower
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.patterns import BY_ID, CATALOGUE, LISTED_LIMITS
from rulesets.zung_jung.reading import Counts, HandFacts, Reading, build_facts

RULESET_ID = "zung_jung"
HAND_TILES = 14
# §4 / §6 category 10: seven pairs (four identical tiles may be two pairs) and
# thirteen terminals are the only irregular hands.
SHAPE_RULES = ShapeRules(seven_pairs=True, seven_pairs_four_as_two=True, thirteen_orphans=True)


@dataclass(frozen=True, slots=True)
class Valued:
    """One reading's counted patterns and its value before (raw) and after the limits."""

    counts: Counts
    raw: int
    total: int


def check_flags(win: WinContext) -> None:
    """Zung Jung's own flag conflict, beyond those ``WinContext.check`` refuses in every
    ruleset (engine.hand_check.flag_problem)."""
    if win.chiihou and win.tsumo:
        # hand-jsonl's chiihou is 9.4.2 here, a win on East's first discard
        raise InvalidInput(
            "chiihou is Blessing of Earth (9.4.2), a win on East's first discard: "
            "never a self-draw"
        )


def value_of(counts: Counts, options: Options) -> Valued:
    """§5: exclusions, then a listed limit alone or the sum capped at the compound limit,
    then Chicken Hand when nothing is left."""
    kept = CATALOGUE.exclude(counts)
    listed = {k: n for k, n in kept.items() if k in LISTED_LIMITS}
    if listed:
        if options.multiple_listed_limits == "highest":
            top = max(listed, key=lambda k: (BY_ID[k].pattern.value, -CATALOGUE.order[k]))
            listed = {top: 1}
        raw = CATALOGUE.total(listed)
        return Valued(listed, raw, raw)
    if not kept:
        return Valued({"chicken_hand": 1}, options.chicken_value, options.chicken_value)
    raw = CATALOGUE.total(kept)
    return Valued(kept, raw, min(raw, options.compound_limit))


def bonus_counts(win: WinContext, options: Options) -> Counts:
    """§9.3: 4 per bonus tile of the seat's number, 2 per other one, 10 per full set of
    flowers (f1-f4) or seasons (f5-f8). Which tiles are known only from
    ``win.extra["bonus_tiles"]`` (tile ints); a bare count scores as other tiles."""
    if options.bonus_tiles == "off" or not win.flowers:
        return {}
    tiles: Sequence[int] = tuple(win.extra.get("bonus_tiles", ()))
    out: Counts = {}
    if len(tiles) != win.flowers or not all(is_flower(t) for t in tiles):
        out["other_bonus_tile"] = win.flowers
        return out
    numbers = [(t - FIRST_FLOWER) % 4 + 1 for t in tiles]
    seat = sum(1 for n in numbers if n == win.seat_wind)
    if seat:
        out["seat_bonus_tile"] = seat
    if len(tiles) - seat:
        out["other_bonus_tile"] = len(tiles) - seat
    if sum(1 for t in tiles if t - FIRST_FLOWER < 4) == 4:
        out["all_four_flowers"] = 1
    if sum(1 for t in tiles if t - FIRST_FLOWER >= 4) == 4:
        out["all_four_seasons"] = 1
    return out


def _bonus_values(options: Options) -> dict[str, int]:
    if options.bonus_tiles == "half":
        return {
            "seat_bonus_tile": 2,
            "other_bonus_tile": 1,
            "all_four_flowers": 5,
            "all_four_seasons": 5,
        }
    return {}


def readings(win: WinContext) -> list[Arrangement]:
    return arrangements(
        win.concealed_counts(), win.melds, win.win_kind, n_sets=4, rules=SHAPE_RULES
    )


def score(win: WinContext, options: Options) -> Score:
    try:
        win.check(HAND_TILES)
        check_flags(win)
    except InvalidInput as exc:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))
    if win.flowers and options.bonus_tiles == "off":
        return Score.failure(
            RULESET_ID, ScoreError.INVALID_INPUT, "bonus tiles are off (option bonus_tiles)"
        )
    cands = readings(win)
    if not cands:
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    facts: HandFacts = build_facts(win)
    bonus = bonus_counts(win, options)
    values = {**_bonus_values(options), "chicken_hand": options.chicken_value}
    bonus_points = CATALOGUE.total(bonus, values)

    def evaluate(arr: Arrangement) -> tuple[Counts, int]:
        v = value_of(CATALOGUE.count(Reading(arr, facts)), options)
        return v.counts, v.total

    def prefer(new: Evaluation[Arrangement], kept: Evaluation[Arrangement]) -> bool:
        return CATALOGUE.total(new.counts) > CATALOGUE.total(kept.counts)

    best = best_total(cands, evaluate, prefer)
    assert best is not None
    counts = dict(best.counts)
    raw = CATALOGUE.total(counts, values)
    total = best.total
    listed = any(k in LISTED_LIMITS for k in counts)
    if bonus and not listed:
        # §12 Q7: bonus points add before the cap; bonus points alone are no chicken hand
        if counts == {"chicken_hand": 1}:
            counts = {}
            raw = 0
        counts.update(bonus)
        raw += bonus_points
        total = min(raw, options.compound_limit)
    hits: tuple[PatternHit, ...] = CATALOGUE.hits(counts, values)
    details = {
        "raw_total": raw,
        "pattern_numbers": {h.id: BY_ID[h.id].number for h in hits if h.id in BY_ID},
    }
    if total < options.minimum_points:
        return Score(
            ruleset=RULESET_ID,
            patterns=hits,
            total=total,
            legal=False,
            error=ScoreError.BELOW_MINIMUM,
            message=f"{total} points; {options.minimum_points} needed",
            details=details,
        )
    return Score(ruleset=RULESET_ID, patterns=hits, total=total, legal=True, details=details)
