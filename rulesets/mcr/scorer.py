"""Scoring one MCR win: every arrangement, exclusions, the best total (mcr.md §11)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from engine.blocks import KNITTED_BLOCKS, PAIR_BLOCKS, Block, BlockKind, decompose, meld_block
from engine.context import InvalidInput, WinContext
from engine.fast_records import builder
from engine.hand_check import flag_problem, hand_problem
from engine.scoring import Evaluation, Gated, Score, ScoreError, best_total
from engine.shapes import KNITTED_PATTERNS, Shape, knitted_kinds
from engine.tiles import TERMINALS_AND_HONORS
from rulesets.mcr.combinations import order_key
from rulesets.mcr.hand import Counts, HandFacts, PartRules, build_facts, check_flags
from rulesets.mcr.options import BEGINNER_BIG_FANS, Options
from rulesets.mcr.patterns import (
    CATALOGUE,
    COMBINATION_FAN_IDS,
    COMPETITION_EXCLUDES,
    HAND_FAN_IDS,
    READING_FAN_IDS,
    WMO2006_EXCLUDES,
    WMO2006_VALUES,
)
from rulesets.mcr.reading import NINE_GATES, ReadingFacts, ReadingRules

RULESET_ID: Final = "mcr"
_new_score: Final = builder(Score)  # Score(...) without the frozen __init__'s cost
_SITUATIONAL: Final = (
    "self_drawn",
    "last_tile_draw",
    "last_tile_claim",
    "out_with_replacement_tile",
    "robbing_the_kong",
    "last_tile",
)
# mcr.md §12.1 "Nine Gates extras": fixed by the rank of the winning tile.
_NINE_GATES_EXTRAS: Final[dict[int, tuple[str, ...]]] = {
    1: ("pure_straight", "tile_hog"),
    9: ("pure_straight", "tile_hog"),
    2: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    8: ("two_concealed_pungs", "short_straight", "pung_of_terminals_or_honors"),
    5: ("two_concealed_pungs", "pung_of_terminals_or_honors"),
    3: ("short_straight",),
    4: ("short_straight",),
    6: ("short_straight",),
    7: ("short_straight",),
}


class Plan:
    """What scoring needs of one ``Options``, read once: reading a pydantic model's fields
    costs a generic attribute lookup each, and a hand reads them many times."""

    def __init__(self, options: Options) -> None:
        self.options: Final = options
        edition = options.edition
        wmo = edition == "wmo2006"
        self.wmo: Final = wmo
        # docs/rules/mcr.md "Editions": what the 2006-based editions change
        self.excludes: Final = (
            WMO2006_EXCLUDES if wmo else COMPETITION_EXCLUDES if edition == "competition" else None
        )
        self.nine_gates_terminal_pung: Final = edition == "botzone1998"
        plain = not options.beginner and not wmo
        self.allowed: Final = None if plain else _allowed(options)
        self.values: Final = None if plain and options.mixed_kong_points == 5 else _values(options)
        self.mixed_kong_points: Final = options.mixed_kong_points
        self.use_flowers: Final = options.use_flowers
        self.min_points: Final = options.min_points
        self.reading_rules: Final = ReadingRules(
            self.allowed, edition != "botzone1998", options.knitted_waits
        )
        # the fans' predicates, gated by the hand's and the reading's features: those of
        # the tiles alone once per hand, the others once per reading (the combinations
        # of chows and pungs by their own bits)
        self.hand_fans: Final = Gated(CATALOGUE, HAND_FAN_IDS)
        self.reading_fans: Final = Gated(CATALOGUE, READING_FAN_IDS - COMBINATION_FAN_IDS)
        self.combination_fans: Final = Gated(CATALOGUE, COMBINATION_FAN_IDS)


def score(win: WinContext, options: Options, part: PartRules | None = None) -> Score:
    """Score a 14-tile win; with ``part``, score 14 tiles that are a part of a bigger
    winning hand under those rules (see ``PartRules``)."""
    return score_planned(win, Plan(options), part)


def scorer(options: Options) -> Callable[[WinContext], Score]:
    """``score`` bound to ``options`` (``Ruleset.scorer``): the plan is read once, and
    lives as long as the table (or the batch) that scores with it."""
    plan = Plan(options)

    def bound(win: WinContext) -> Score:
        return score_planned(win, plan, None)

    return bound


def score_planned(win: WinContext, plan: Plan, part: PartRules | None = None) -> Score:
    """``score`` with the options' plan already read."""
    # ``WinContext.check``: the hand facts count every tile anyway, so when the hand has
    # the right size (and no indicators) they find a flower or a fifth copy themselves,
    # and only a hand that fails asks ``hand_problem`` what is wrong.
    facts = None
    plain = not win.dora_indicators and not win.ura_dora_indicators
    if plain and 0 <= win.flowers <= 8 and len(win.concealed) + 3 * len(win.melds) == 13:
        facts = build_facts(win, part)
    if facts is None:
        problem = hand_problem(win, 14)
        if problem is not None:
            return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, problem)
        facts = build_facts(win, part)
        assert facts is not None  # hand_problem finds whatever build_facts refuses
    # a part of a bigger hand was checked whole (its kong may lie in another part)
    problem = flag_problem(win) if part is None else None
    if problem is not None:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, problem)
    try:
        check_flags(win)
    except InvalidInput as exc:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))
    readings = _readings(win, facts, plan.reading_rules)
    if not readings:
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    allowed = plan.allowed
    if allowed is not None and NINE_GATES not in allowed and len(readings) > 1:
        # its fixed extras only exist with the fan; the standard readings remain
        readings = [r for r in readings if r.shape != NINE_GATES]
    values = plan.values
    base = plan.hand_fans.count(readings[0], facts.features)  # of the tiles, the situation

    if len(readings) == 1:
        best_counts, points = fans_of(readings[0], base, plan)
    else:
        best_counts, points = _best_reading(readings, base, plan)
    counts = best_counts
    total = points
    if plan.use_flowers and win.flowers and (allowed is None or "flower_tiles" in allowed):
        counts["flower_tiles"] = win.flowers
        total = CATALOGUE.total(counts, values)
    hits = CATALOGUE.hits(counts, values)
    minimum = plan.min_points
    if points < minimum:
        return _new_score(
            ruleset=RULESET_ID,
            patterns=hits,
            total=total,
            legal=False,
            error=ScoreError.BELOW_MINIMUM,
            message=f"{points} points without flowers; {minimum} needed",
            details={},
        )
    return _new_score(ruleset=RULESET_ID, patterns=hits, total=total, legal=True, details={})


def _best_reading(
    readings: list[ReadingFacts], base: Counts, plan: Plan
) -> tuple[Counts, int]:
    """The fans and points of the best of several readings (§11.3 steps 2-3)."""
    has_pairs = any(r.shape == Shape.SEVEN_PAIRS for r in readings)

    def evaluate(r: ReadingFacts) -> tuple[Counts, int]:
        return fans_of(r, base, plan)

    def prefer(new: Evaluation[ReadingFacts], kept: Evaluation[ReadingFacts]) -> bool:
        # §11.3 step 3: on a tie, report the reading the reference calculator reports.
        if new.arrangement.shape is not Shape.STANDARD:
            return False
        c = new.counts
        return has_pairs or "pure_triple_chow" in c or "triple_pung" in c

    best = best_total(readings, evaluate, prefer)
    assert best is not None
    return best.counts, best.total


def fans_of(r: ReadingFacts, base: Counts, plan: Plan) -> tuple[Counts, int]:
    """The fans scored by one reading after every exclusion rule, and their points;
    ``base``: the fans of the hand's tiles and situation (``plan.hand_fans``)."""
    allowed = plan.allowed
    facts = r.hand
    if r.shape == NINE_GATES:
        raw = {k: v for k, v in base.items() if k in _SITUATIONAL}
        plan.reading_fans.count(r, r.features, raw)
        for f in _NINE_GATES_EXTRAS[facts.win % 9 + 1]:
            if plan.nine_gates_terminal_pung or f != "pung_of_terminals_or_honors":
                raw[f] = 1
        if "fully_concealed_hand" in base:
            raw["fully_concealed_hand"] = 1  # excluded unless the edition keeps it
    else:
        raw = dict(base)
        plan.reading_fans.count(r, r.features, raw)
        if r.combination_features:
            plan.combination_fans.count(r, r.combination_features, raw)
        seven_pairs = r.shape == Shape.SEVEN_PAIRS
        if plan.wmo and seven_pairs and ("all_green" in raw or "all_terminals" in raw):
            raw.pop("tile_hog", None)  # §15: no Tile Hog with Seven Pairs there
    if facts.part is not None:
        for fan in facts.part.drop:
            raw.pop(fan, None)
    if plan.mixed_kong_points == 3 and raw.pop("melded_and_concealed_kong", 0):
        raw["melded_kong"] = 1
        raw["concealed_kong"] = 1
    if allowed is not None:
        raw = {k: v for k, v in raw.items() if k in allowed}
    counts, points = CATALOGUE.exclude_with_total(raw, plan.excludes, plan.values)
    if not counts and (allowed is None or "chicken_hand" in allowed):
        counts["chicken_hand"] = 1
        points = CATALOGUE.total(counts, plan.values)
    return counts, points


def _mask(kinds: Sequence[int]) -> int:
    return sum(1 << k for k in kinds)


_ORPHANS: Final = _mask(TERMINALS_AND_HONORS)
_HONORS: Final = _mask(range(27, 34))
_KNITTED: Final = tuple((suits, _mask(knitted_kinds(suits))) for suits in KNITTED_PATTERNS)


def _readings(win: WinContext, facts: HandFacts, rules: ReadingRules) -> list[ReadingFacts]:
    """Every reading of the hand (§7.1, §11.3 step 1): the special shapes first, then the
    standard divisions in the reference calculator's order (it matters only for ties).

    Built from ``engine.blocks``' ``decompose`` and ``engine.shapes``' knitted patterns rather
    than ``arrangements``: the scorer needs each division once, not once per block that
    could hold the winning tile. The special shapes are told from the hand facts' kind
    masks (``engine.shapes`` has the same tests on counts)."""
    counts = facts.counts
    melds = tuple(meld_block(m) for m in win.melds)
    n_sets = 4 - len(melds)
    out: list[ReadingFacts] = []
    # Cheap necessary conditions first: seven pairs need even counts, thirteen orphans 13
    # kinds, honors-and-knitted 14, nine gates 9 kinds of one suit, a knitted straight 9
    # suited kinds.
    held = facts.held  # bit k: the concealed part holds kind k
    kinds = facts.held_kinds
    if not melds:  # 14 concealed tiles: the tests below are then complete
        if not any(c & 1 for c in counts):  # all even (four of a kind = two pairs)
            out.append(ReadingFacts(facts, Shape.SEVEN_PAIRS, (), None, rules))
        elif kinds == 13:
            if held == _ORPHANS:  # 13 orphan kinds in 14 tiles: one of them paired
                out.append(ReadingFacts(facts, Shape.THIRTEEN_ORPHANS, (), None, rules))
        elif kinds == 14:  # 14 single tiles: honors and one knitted pattern's kinds?
            for suits, pattern in _KNITTED:
                if not held & ~(pattern | _HONORS):
                    out.append(ReadingFacts(facts, Shape.HONORS_AND_KNITTED, (), suits, rules))
                    break
        elif kinds == 9 and not facts.win_hidden and _nine_gates(counts, facts.win):
            out.append(ReadingFacts(facts, NINE_GATES, (), None, rules))
    if len(melds) <= 1 and facts.held_suited_kinds >= 9:
        for suits, pattern in _KNITTED:
            if held & pattern != pattern:
                continue
            rest = list(counts)
            for k in knitted_kinds(suits):
                rest[k] -= 1
            knit = tuple(KNITTED_BLOCKS[s * 9 + off] for off, s in enumerate(suits))
            for sets, pair in decompose(rest, n_sets - 3):
                blocks = (*knit, *sets, PAIR_BLOCKS[pair], *melds)
                out.append(ReadingFacts(facts, Shape.KNITTED_STRAIGHT, blocks, suits, rules))
            break
    divisions = decompose(counts, n_sets, facts.codes)
    if len(divisions) > 1:
        divisions.sort(key=_division_key)
    for sets, pair in divisions:
        blocks = (*sets, PAIR_BLOCKS[pair], *melds)
        out.append(ReadingFacts(facts, Shape.STANDARD, blocks, None, rules))
    return out


def _division_key(division: tuple[tuple[Block, ...], int]) -> int:
    """The reference calculator's order of standard divisions: their concealed sets
    compared as sorted (tile, tile, tile) triples in its tile order. A triple ranks as
    2 * first + (1 for a chow), since (o, o, o) < (o, o + 1, o + 2) < (o + 1, ...); the
    sorted ranks are read as base-128 digits (every division has as many sets)."""
    ranks = []
    for b in division[0]:
        ranks.append(2 * order_key(b.tile) + (1 if b.kind is BlockKind.CHOW else 0))
    ranks.sort()
    key = 0
    for r in ranks:
        key = key * 128 + r
    return key


def _nine_gates(counts: Sequence[int], win: int) -> bool:
    """§12 fan 4: the 13 tiles before the win are 1112345678999 of the winning suit."""
    if win >= 27:
        return False
    base = win - win % 9
    before = list(counts)
    before[win] -= 1
    if sum(before) != 13:
        return False
    want = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return all(before[base + i] == want[i] for i in range(9))


def _allowed(options: Options) -> frozenset[str] | None:
    if not options.beginner:
        return None
    if options.beginner_fans is not None:
        return frozenset(options.beginner_fans)
    small = {d.id for d in CATALOGUE.defs if d.value <= 6}
    return frozenset(small | set(BEGINNER_BIG_FANS))


def _values(options: Options) -> dict[str, int]:
    values: dict[str, int] = {}
    if options.edition == "wmo2006":
        values.update(WMO2006_VALUES)
    if options.mixed_kong_points != 3:
        values["melded_and_concealed_kong"] = options.mixed_kong_points
    return values
