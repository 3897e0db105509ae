"""Scoring a Three Kingdoms win (three-kingdoms.md §5-§7): every face-down choice is
scored by the MCR scorer under the seed's restrictions, then riichi and dora are added;
the best legal choice is the hand's value."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.context import InvalidInput, WinContext
from engine.scoring import PatternHit, Score, ScoreError
from engine.tiles import kind_of
from rulesets.mcr.hand import PartRules, check_flags
from rulesets.mcr.options import Options as MCROptions
from rulesets.mcr.scorer import score as mcr_score
from rulesets.three_kingdoms.dora import count_dora
from rulesets.three_kingdoms.face_down import Choice, choices
from rulesets.three_kingdoms.options import MIN_POINTS, Options
from rulesets.three_kingdoms.patterns import DORA, KAN_DORA, RIICHI, URA_DORA

RULESET_ID = "three_kingdoms"
HAND_TILES = 17
_WIN_METHOD = frozenset(
    {"last_tile_draw", "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong"}
)
_CONCEALMENT = frozenset({"concealed_hand", "fully_concealed_hand"})


@dataclass(frozen=True, slots=True)
class Scored:
    """One face-down choice with its points."""

    choice: Choice
    patterns: tuple[PatternHit, ...]
    qualifying: int  # points toward the 8-point minimum (all but ura-dora)
    total: int

    @property
    def legal(self) -> bool:
        return self.qualifying >= MIN_POINTS


def score(win: WinContext, options: Options) -> Score:
    try:
        win = _checked(win)
    except InvalidInput as exc:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))
    mcr_options = MCROptions(edition=options.edition, use_flowers=False)
    best: Scored | None = None
    for choice in choices(win):
        scored = score_choice(win, choice, options, mcr_options)
        if scored is not None and (best is None or _key(scored) > _key(best)):
            best = scored
    if best is None:
        return Score.failure(RULESET_ID, ScoreError.NOT_A_WIN, "no winning shape")
    details = {"face_down": best.choice.describe(), "qualifying": best.qualifying}
    if not best.legal:
        return Score(
            ruleset=RULESET_ID,
            patterns=best.patterns,
            total=best.total,
            legal=False,
            error=ScoreError.BELOW_MINIMUM,
            message=f"{best.qualifying} points toward the minimum; {MIN_POINTS} needed",
            details=details,
        )
    return Score(
        ruleset=RULESET_ID, patterns=best.patterns, total=best.total, legal=True, details=details
    )


def _key(s: Scored) -> tuple[bool, int, int]:
    # §5.2 steps 4-5: the winner picks a choice that reaches the minimum, the highest.
    return (s.legal, s.total, s.qualifying)


def _checked(win: WinContext) -> WinContext:
    """Validate a 17-tile hand (``WinContext.check`` refuses contradicting flags, a
    rinshan without a kong and a robbed tile the winner holds among them) and derive Last
    Tile from the tiles (mcr.md §11.9, with the dora indicators counted as visible, §6)."""
    win.check(HAND_TILES)
    check_flags(win)
    if win.flowers:
        raise InvalidInput("Three Kingdoms is played without flowers")
    if win.riichi and win.is_open:
        raise InvalidInput("riichi needs a concealed hand (concealed kongs only)")
    w = kind_of(win.win_tile)
    held = win.concealed_counts()[w]
    in_melds = sum(m.kinds().count(w) for m in win.melds)
    shown = sum(1 for t in win.dora_indicators if kind_of(t) == w)
    last_tile = (win.last_tile_of_kind or in_melds + shown >= 3) and held == 1
    return replace(win, last_tile_of_kind=last_tile)


def score_choice(
    win: WinContext, choice: Choice, options: Options, mcr_options: MCROptions
) -> Scored | None:
    """The points of one face-down choice (§5.3, §6, §7), None if the part is no win."""
    drop: set[str] = set()
    if kind_of(win.win_tile) in choice.kinds:
        drop.add("last_tile")  # §5.3: a copy of the winning tile is face down
    if choice.win_hidden:
        if not options.melded_hand_when_hidden:
            drop.add("melded_hand")  # Q11
        if not options.win_method_fans_when_hidden:
            drop |= _WIN_METHOD  # Q10
    if win.riichi:
        drop |= _CONCEALMENT  # §7: riichi replaces them (Self-Drawn stays on a self-draw)
    part_rules = PartRules(
        win_hidden=choice.win_hidden,
        drop=frozenset(drop),
        hidden_discard_melds_a_pung=options.hidden_win_pungs == "one_melded",  # Q20
    )
    result = mcr_score(choice.part, mcr_options, part_rules)
    if not result.patterns:
        return None
    whole = options.dora_scope == "whole_hand"  # Q8
    counts = win.all_counts() if whole else choice.part.all_counts()
    indicators = win.dora_indicators
    dora = count_dora(counts, indicators[:1])
    kan_dora = count_dora(counts, indicators[1:])
    ura = count_dora(counts, win.ura_dora_indicators) if win.riichi else 0
    patterns = list(result.patterns)
    if dora or kan_dora or win.riichi:
        # §6: a hand containing dora is no Chicken Hand; riichi is itself a fan
        patterns = [p for p in patterns if p.id != "chicken_hand"]
    extras = []
    if win.riichi:
        extras.append(RIICHI.hit())
    if dora:
        extras.append(DORA.hit(dora))
    if kan_dora:
        extras.append(KAN_DORA.hit(kan_dora))
    qualifying = sum(p.points for p in patterns) + sum(p.points for p in extras)
    if ura:
        extras.append(URA_DORA.hit(ura))
    total = qualifying + ura
    return Scored(choice, (*patterns, *extras), qualifying, total)
