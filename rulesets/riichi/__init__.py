"""Japanese riichi mahjong (../shared/rules/riichi.md): options, yaku catalogue, scoring,
the table rules (``table``), the match (``match``), its settlement (``settlement``) and
the tenhou.net/6 log export (``tenhou6``).

Entry point: ``riichi = "rulesets.riichi:RULESET"`` in the ``jantaku.rulesets`` group.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from engine.context import InvalidInput, WinContext
from engine.events import Event
from engine.log_exports import LogExport
from engine.ruleset import Names, TableRuleset
from engine.scoring import Score, ScoreError
from rulesets.riichi.logs import LENGTH_HINT, MJAI, STATISTICS, WORDS
from rulesets.riichi.match import match_rules
from rulesets.riichi.mjai import seat_log, to_mjai
from rulesets.riichi.options import DEFAULT_PRESET, PRESETS, RiichiOptions, preset
from rulesets.riichi.patterns import BONUS, PATTERNS, UNSCORABLE
from rulesets.riichi.scorer import RULESET_ID, actives_of, score_win
from rulesets.riichi.table import nagashi, table_rules, tenpai_at_draw
from rulesets.riichi.tenhou6 import to_tenhou6
from rulesets.riichi.texts import OPTION_TEXTS
from rulesets.win_extras import win_extras

ALL_PRESETS = {"default": DEFAULT_PRESET, **PRESETS}


def _tenhou6(events: Sequence[Event], names: Sequence[str] | None, title: str) -> Any:
    return to_tenhou6(events, names=names, title=title)


def _mjai(events: Sequence[Event], names: Sequence[str] | None, title: str) -> Any:
    return to_mjai(events, names=names)


def _mjai_seat(events: Sequence[Event], seat: int, names: Sequence[str] | None) -> Any:
    return seat_log(events, seat, names=names)


class RiichiRuleset(TableRuleset[RiichiOptions]):
    id = RULESET_ID
    version = "1.0.0"
    sample_hand: ClassVar[Mapping[str, Any] | None] = {  # closed pinfu-tanyao
        "concealed": "234m567p3488s678s",
        "win_tile": "2s",
        "riichi": True,
    }
    names = Names(en="Japanese Riichi", zh="日本立直麻将", ja="リーチ麻雀")
    options_model = RiichiOptions
    presets = ALL_PRESETS
    option_texts = OPTION_TEXTS
    plays_mjai = True  # rulesets/riichi/mjai.py (server.domain.tables.mjai_seat)
    # what the server reads (rulesets/riichi/logs.py)
    mjai = MJAI
    statistics = STATISTICS
    length_hint = LENGTH_HINT
    words = WORDS
    catalogue = (PATTERNS, BONUS)  # the yaku, then the dora (the conformance kit)
    unscorable = UNSCORABLE
    leaderboard = ("uma/oka result", "average rank")
    win_extras = staticmethod(win_extras)  # Table.win_extras (rulesets/win_extras.py)
    log_exports: ClassVar[Mapping[str, LogExport]] = {
        "tenhou6": LogExport(_tenhou6),
        "mjai": LogExport(_mjai, _mjai_seat),
    }

    def score(self, win: WinContext, options: RiichiOptions) -> Score:
        try:
            win.check(self.hand_size)
            return score_win(win, options)
        except InvalidInput as exc:
            return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))

    def scorer(self, options: RiichiOptions) -> Callable[[WinContext], Score]:
        """``score`` with this table's own yaku in force and their memos."""
        actives = actives_of(options)

        def bound(win: WinContext) -> Score:
            try:
                win.check(14)
                return score_win(win, options, actives)
            except InvalidInput as exc:
                return Score.failure(RULESET_ID, ScoreError.INVALID_INPUT, str(exc))

        return bound

    table_rules = staticmethod(table_rules)
    match_rules = staticmethod(match_rules)
    nagashi = staticmethod(nagashi)  # Table.nagashi (rulesets/riichi/table.py)
    tenpai_at_draw = staticmethod(tenpai_at_draw)  # Table.tenpai_at_draw (the same)


RULESET = RiichiRuleset()

__all__ = ["RULESET", "RiichiOptions", "RiichiRuleset", "preset"]
