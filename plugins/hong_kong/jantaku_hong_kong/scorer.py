"""Scoring one Hong Kong win (docs/rules.md §2-§3): every reading of the tiles, the faan
table's absorptions, limit hands alone at the limit, bonus tiles, the minimum and the
limit. ``Score.total`` is the hand's faan (capped at the limit); ``details`` keeps the
faan before the cap and the faan that count towards the minimum."""

from __future__ import annotations

from collections.abc import Sequence

from engine.context import InvalidInput, WinContext
from engine.notation import NotationError, parse_tiles
from engine.scoring import Counts, Evaluation, Score, ScoreError, best_total
from engine.shapes import Arrangement, ShapeRules, arrangements
from engine.tiles import FIRST_FLOWER, Tile, is_flower
from jantaku_hong_kong.options import Options
from jantaku_hong_kong.patterns import BONUS, CATALOGUE, LIMIT_HANDS
from jantaku_hong_kong.reading import Reading

RULESET_ID = "hong_kong"
HAND_TILES = 14
# §1: four sets and a pair, or thirteen orphans; no seven pairs in the old style
SHAPE_RULES = ShapeRules(seven_pairs=False, thirteen_orphans=True)


def check_flags(win: WinContext) -> None:
    """Refuse what the table never produces: an earthly hand is a discard win (§2.1)."""
    if win.chiihou and win.tsumo:
        raise InvalidInput("chiihou is the Earthly Hand, a win on the dealer's first discard")


def bonus_tiles(given: object) -> Sequence[Tile] | None:
    """The flowers a win names in ``extra["bonus_tiles"]``: tiles as the table gives them
    (ints), or tile notation (``"f1f5"``, as vectors write them); None when unreadable."""
    if isinstance(given, str):
        try:
            return parse_tiles(given)
        except NotationError:
            return None
    if isinstance(given, list | tuple) and all(isinstance(t, int) for t in given):
        return tuple(given)
    return None


def bonus_counts(win: WinContext, options: Options) -> Counts:
    """§2.4: no flowers, one faan per own flower or season (f1-f4 flowers, f5-f8 seasons,
    1 = East .. 4 = North), one per complete set of four. Which tiles are known from
    ``win.extra["bonus_tiles"]`` (``bonus_tiles``); a bare count earns no own-flower faan."""
    if not options.flowers:
        return {}
    if not win.flowers:
        return {"no_flowers": 1}
    tiles = bonus_tiles(win.extra.get("bonus_tiles"))
    if tiles is None or len(tiles) != win.flowers or not all(is_flower(t) for t in tiles):
        return {}
    out: Counts = {}
    own = sum(1 for t in tiles if (t - FIRST_FLOWER) % 4 + 1 == win.seat_wind)
    if own:
        out["own_flower"] = own
    sets = sum(
        1 for first in (0, 4) if sum(1 for t in tiles if first <= t - FIRST_FLOWER < first + 4) == 4
    )
    if sets:
        out["flower_set"] = sets
    return out


def readings(win: WinContext) -> list[Arrangement]:
    return arrangements(
        win.concealed_counts(), win.melds, win.win_kind, n_sets=4, rules=SHAPE_RULES
    )


def hand_counts(arr: Arrangement, win: WinContext, kinds: frozenset[int]) -> Counts:
    """One reading's patterns after the absorptions; a limit hand alone (§3)."""
    counts = CATALOGUE.exclude(CATALOGUE.count(Reading(arr, win, kinds)))
    limits = [k for k in counts if k in LIMIT_HANDS]
    if limits:
        return {limits[0]: 1}
    return counts


def score(win: WinContext, options: Options) -> Score:
    try:
        win.check(HAND_TILES)
        check_flags(win)
    except InvalidInput as exc:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))
    if win.flowers and not options.flowers:
        return Score.failure(
            RULESET_ID, ScoreError.INVALID_INPUT, "flowers are not in play (option flowers)"
        )
    cands = readings(win)
    if not cands:
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    counts_all = win.all_counts()
    kinds = frozenset(k for k in range(34) if counts_all[k])
    limit = options.faan_limit
    values = {k: limit for k in LIMIT_HANDS}

    def evaluate(arr: Arrangement) -> tuple[Counts, int]:
        counts = hand_counts(arr, win, kinds)
        return counts, CATALOGUE.total(counts, values)

    best: Evaluation[Arrangement] | None = best_total(cands, evaluate)
    assert best is not None
    counts = dict(best.counts)
    hand_faan = best.total
    is_limit = any(k in LIMIT_HANDS for k in counts)
    bonus = {} if is_limit else bonus_counts(win, options)
    counts.update(bonus)
    raw = hand_faan + CATALOGUE.total(bonus)
    total = min(raw, limit)
    towards_minimum = raw if options.bonus_counts_toward_minimum else hand_faan
    details = {"raw_faan": raw, "hand_faan": hand_faan, "limit": is_limit or raw >= limit}
    hits = CATALOGUE.hits(counts, values)
    if towards_minimum < options.minimum_faan:
        return Score(
            ruleset=RULESET_ID,
            patterns=hits,
            total=total,
            legal=False,
            error=ScoreError.BELOW_MINIMUM,
            message=f"{towards_minimum} faan; {options.minimum_faan} needed",
            details=details,
        )
    return Score(ruleset=RULESET_ID, patterns=hits, total=total, legal=True, details=details)


__all__ = ["BONUS", "HAND_TILES", "RULESET_ID", "SHAPE_RULES", "score"]
