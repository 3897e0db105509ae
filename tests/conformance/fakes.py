"""Deliberately broken plugins: Zung Jung with one thing broken each, one per check of
the kit (tests/conformance/test_faults.py)."""

from __future__ import annotations

import os
from dataclasses import fields, replace
from typing import Any, ClassVar

from pydantic import ConfigDict, model_validator

from engine.context import WinContext
from engine.ruleset import Names, OptionText, Preset
from engine.scoring import PatternDef, PatternSet, Score
from engine.state import MatchRules, MatchState, Payment, Standing, TenpaiFn
from engine.table_rules import HandSetup, TableRules
from engine.wall import WallSpec
from rulesets.zung_jung import RULESET as ZJ
from rulesets.zung_jung import Options, ZungJungRuleset
from rulesets.zung_jung.patterns import CATALOGUE


class BadVersion(ZungJungRuleset):
    version = "one"


class LooseOptions(Options):
    model_config = ConfigDict(extra="forbid", frozen=False)


class NotFrozen(ZungJungRuleset):
    options_model = LooseOptions


class NoChineseText(ZungJungRuleset):
    option_texts: ClassVar[dict[str, OptionText]] = {
        name: replace(t, description=Names(t.description.en, "", t.description.ja))
        for name, t in ZJ.option_texts.items()
    }


class BrokenPreset(ZungJungRuleset):
    presets: ClassVar[dict[str, Preset]] = {
        "club": Preset(
            {"minimum_points": -3}, Names("a", "甲", "甲"), Names("Club", "俱乐部", "クラブ")
        )
    }


class DropsUnknown(Options):
    @model_validator(mode="before")
    @classmethod
    def _drop(cls, data: Any) -> Any:
        return {k: v for k, v in data.items() if k in cls.model_fields}


class AcceptsUnknown(ZungJungRuleset):
    options_model = DropsUnknown


class UnnamedPattern(ZungJungRuleset):
    catalogue = PatternSet([*CATALOGUE.defs[:-1], replace(CATALOGUE.defs[-1], ja="")])


class WrongTotal(ZungJungRuleset):
    def score(self, win: WinContext, options: Options) -> Score:
        s = super().score(win, options)
        return replace(s, total=s.total + 1) if s.error is None else s


PHANTOM: PatternDef[Any] = PatternDef("phantom", "幻", "Phantom", "幻", 1)


class PhantomPattern(ZungJungRuleset):
    catalogue = PatternSet([*CATALOGUE.defs, PHANTOM])


class WrongExclusion(ZungJungRuleset):
    catalogue = PatternSet(
        [
            replace(d, excludes=(*d.excludes, "concealed_hand")) if d.id == "all_sequences" else d
            for d in CATALOGUE.defs
        ]
    )


class CrashesInSouth(ZungJungRuleset):
    def score(self, win: WinContext, options: Options) -> Score:
        if win.round_wind == 2 and win.seat_wind == 4 and win.flowers == 1:
            raise IndexError("North in the South round")
        return super().score(win, options)


class OrderMatters(ZungJungRuleset):
    def score(self, win: WinContext, options: Options) -> Score:
        s = super().score(win, options)
        if list(win.concealed) != sorted(win.concealed) and s.error is None:
            return replace(s, total=s.total * 2)
        return s


class CompiledDiffers(ZungJungRuleset):
    """Scores one more in a fresh interpreter importing sources only (the kit's probe)."""

    def score(self, win: WinContext, options: Options) -> Score:
        s = super().score(win, options)
        if os.environ.get("KIT_FAKE_PURE") and s.error is None:
            return replace(s, total=s.total + 1)
        return s


class FifthDragonSpec(WallSpec):
    """A wall with a fifth red dragon."""

    def tile_set(self) -> list[int]:
        return [*super().tile_set(), 33]


class FifthDragon(ZungJungRuleset):
    def table_rules(self, options: Options) -> TableRules:
        rules = ZJ.table_rules(options)
        spec = FifthDragonSpec(**{f.name: getattr(rules.wall, f.name) for f in fields(WallSpec)})
        return replace(rules, wall=spec)


class LiarTenpai(ZungJungRuleset):
    """Calls every seat ready at an exhaustive draw: noten hands shown to everyone."""

    def tenpai_at_draw(self, options: Options) -> TenpaiFn | None:
        return lambda hand: (True,) * len(hand.seats)


class _Endless:
    def __init__(self, rules: MatchRules) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def next_hand(self, match: MatchState, result: Any) -> HandSetup | None:
        return self.rules.next_hand(match, result) or self.rules.first_hand()


class NeverEnds(ZungJungRuleset):
    def match_rules(self, options: Options) -> MatchRules:  # type: ignore[override]
        return _Endless(ZJ.match_rules(options))


class _Unpaid(_Endless):
    def next_hand(self, match: MatchState, result: Any) -> HandSetup | None:
        return self.rules.next_hand(match, result)

    def settle(self, result: Any, match: MatchState) -> tuple[Payment, ...]:
        return () if result.outcome == "win" else self.rules.settle(result, match)


class WinsUnpaid(ZungJungRuleset):
    def match_rules(self, options: Options) -> MatchRules:  # type: ignore[override]
        return _Unpaid(ZJ.match_rules(options))


_calls = [0]


class Nondeterministic(ZungJungRuleset):
    """Scores differently each time it is asked (module state): no replay can agree."""

    def score(self, win: WinContext, options: Options) -> Score:
        _calls[0] += 1
        s = super().score(win, options)
        return replace(s, details={**s.details, "call": _calls[0]})


class _PotBonus(_Unpaid):
    def settle(self, result: Any, match: MatchState) -> tuple[Payment, ...]:
        paid = self.rules.settle(result, match)
        bonus = tuple(Payment(None, w.seat, 100, "bonus from nowhere") for w in result.wins)
        return paid + bonus


class PotBonus(ZungJungRuleset):
    """Pays each winner a bonus out of an empty pot."""

    def match_rules(self, options: Options) -> MatchRules:  # type: ignore[override]
        return _PotBonus(ZJ.match_rules(options))


class _Misranked(_Unpaid):
    def settle(self, result: Any, match: MatchState) -> tuple[Payment, ...]:
        return self.rules.settle(result, match)

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        return tuple(replace(s, score=s.score + 100) for s in self.rules.standings(match))


class WrongStandings(ZungJungRuleset):
    def match_rules(self, options: Options) -> MatchRules:  # type: ignore[override]
        return _Misranked(ZJ.match_rules(options))


for _cls in list(globals().values()):
    if isinstance(_cls, type) and issubclass(_cls, ZungJungRuleset) and _cls is not ZungJungRuleset:
        globals()[_cls.__name__.upper()] = _cls()


class DeclaresVectors(ZungJungRuleset):
    vectors = "../vectors/zung_jung"  # beside this module: tests/vectors/zung_jung


class DeclaresNoSuchVectors(ZungJungRuleset):
    vectors = "no_such_folder"
