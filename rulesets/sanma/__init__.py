"""Three-player riichi, sanma (docs/rules/sanma.md): a ruleset of its own that reuses
riichi's scorer and settlement, which read the seat count from the options
(``SanmaOptions.seats``), with the three-seat table (``table``), its own input checks
(``validate``), options and presets (``options``, ``texts``).

Its own ruleset rather than riichi presets: every riichi option is recorded in a match's
log (``engine.ruleset.resolved_options``), so options of three seats added to riichi's
model would change every four-player log.

Entry point: ``sanma = "rulesets.sanma:RULESET"`` in the ``jantaku.rulesets`` group.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from engine.context import InvalidInput, WinContext
from engine.events import Event
from engine.log_exports import LogExport
from engine.ruleset import Names, TableRuleset
from engine.scoring import Score, ScoreError
from engine.state import NagashiFn, TenpaiFn
from rulesets.riichi.logs import LENGTH_HINT
from rulesets.riichi.patterns import BONUS, PATTERNS, SANMA_UNSCORABLE
from rulesets.riichi.points import three_player_tsumo
from rulesets.riichi.scorer import Actives, actives_of, score_win
from rulesets.riichi.table import nagashi as riichi_nagashi
from rulesets.riichi.table import tenpai_at_draw as riichi_tenpai_at_draw
from rulesets.riichi.tenhou6 import to_tenhou6
from rulesets.sanma.options import DEFAULT_PRESET, PRESETS, SanmaOptions
from rulesets.sanma.table import match_rules, table_rules
from rulesets.sanma.texts import OPTION_TEXTS
from rulesets.sanma.validate import check_three_player
from rulesets.win_extras import win_extras

RULESET_ID = "sanma"
ALL_PRESETS = {"default": DEFAULT_PRESET, **PRESETS}
NO_MJAI = (
    "mjai has no three-player form (the protocol's start_kyoku deals four hands and "
    "four scores, and the bots and reviewers that read it play four seats): a sanma "
    "match exports to tenhou6"
)


def _tenhou6(events: Sequence[Event], names: Sequence[str] | None, title: str) -> Any:
    """tenhou.net/6's three-player form (docs/rules/sanma.md "Records")."""
    return to_tenhou6(
        events, names=names, title=title, ruleset=RULESET_ID, options_model=SanmaOptions
    )


def score_three_player(
    win: WinContext, options: SanmaOptions, actives: Actives | None = None
) -> Score:
    """Riichi's score of a checked three-player hand, with the self-draw shares of three
    seats (``three_player_tsumo``)."""
    try:
        win.check(14)
        check_three_player(win)
        score = score_win(win, options, actives)
    except InvalidInput as exc:
        return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))
    details = dict(score.details)
    total = score.total
    if win.tsumo and score.legal and "payment" in details:
        pay, total = three_player_tsumo(
            dict(details["payment"]), win.seat_wind == 1, options.north_bisection
        )
        details["payment"] = pay
    return replace(score, ruleset=RULESET_ID, total=total, details=details)


class SanmaRuleset(TableRuleset[SanmaOptions]):
    id = RULESET_ID
    version = "1.0.0"
    # a closed riichi hand of the three-player wall (no 2m-8m)
    sample_hand: ClassVar[Mapping[str, Any] | None] = {
        "concealed": "111m567p3488s678s",
        "win_tile": "2s",
        "riichi": True,
    }
    names = Names(
        en="Three-player Riichi (Sanma)", zh="三人立直麻将（三麻）", ja="三人麻雀（サンマ）"
    )
    options_model = SanmaOptions
    presets = ALL_PRESETS
    option_texts = OPTION_TEXTS
    catalogue = (PATTERNS, BONUS)  # riichi's yaku and dora, kita among them
    unscorable = SANMA_UNSCORABLE
    length_hint = LENGTH_HINT  # riichi's game_length, which sanma's options share
    win_extras = staticmethod(win_extras)  # Table.win_extras (rulesets/win_extras.py)
    log_exports: ClassVar[Mapping[str, LogExport]] = {"tenhou6": LogExport(_tenhou6)}
    refused_exports: ClassVar[Mapping[str, str]] = {"mjai": NO_MJAI}

    def score(self, win: WinContext, options: SanmaOptions) -> Score:
        return score_three_player(win, options)

    def scorer(self, options: SanmaOptions) -> Callable[[WinContext], Score]:
        actives = actives_of(options)

        def bound(win: WinContext) -> Score:
            return score_three_player(win, options, actives)

        return bound

    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)

    def nagashi(self, options: SanmaOptions) -> NagashiFn | None:
        return riichi_nagashi(options)

    def tenpai_at_draw(self, options: SanmaOptions) -> TenpaiFn | None:
        return riichi_tenpai_at_draw(options)


RULESET = SanmaRuleset()

__all__ = ["RULESET", "SanmaOptions", "SanmaRuleset"]
