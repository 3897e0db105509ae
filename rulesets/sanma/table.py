"""Three-player riichi at the table (docs/rules/sanma.md): riichi's ``TableRules`` and
match with three seats, the 108-tile wall, no chow, North set aside as kita.

Dead wall: riichi's 14 tiles (``rulesets.riichi.table``), replenished from the live wall;
the four replacement positions serve the first four replacement draws and four more take
the live wall's last tile (``WallSpec.extra_replacements``), so a hand has room for four
kongs and four kita (riichi.wiki "Sanma": eight replacement draws).
"""

from __future__ import annotations

from dataclasses import replace

from engine.match import RenchanMatch
from engine.table_rules import Abort, SetAsideRules, TableRules
from engine.tiles import NORTH
from engine.wall import WallSpec
from rulesets.riichi.match import match_rules as riichi_match_rules
from rulesets.riichi.table import table_rules as riichi_table_rules
from rulesets.riichi.table import wall_spec as riichi_wall_spec
from rulesets.sanma.options import SanmaOptions

SEATS = 3
REMOVED_KINDS = tuple(range(1, 8))  # 2m..8m
KITA_KINDS = frozenset({NORTH})
EXTRA_REPLACEMENTS = 4
# a three-seat table never has these (docs/rules/sanma.md)
FOUR_SEAT_ABORTS = frozenset({Abort.FOUR_WINDS, Abort.FOUR_RIICHI, Abort.TRIPLE_RON})


def wall_spec(options: SanmaOptions) -> WallSpec:
    return replace(
        riichi_wall_spec(options),
        removed_kinds=REMOVED_KINDS,
        extra_replacements=EXTRA_REPLACEMENTS,
    )


def table_rules(options: SanmaOptions) -> TableRules:
    base = riichi_table_rules(options)
    kita = (
        SetAsideRules(
            kinds=KITA_KINDS,
            ron=options.kita_ron,
            breaks_ippatsu=options.kita_breaks_ippatsu,
            rinshan=options.kita_rinshan,
        )
        if options.kita
        else None
    )
    return replace(
        base,
        wall=wall_spec(options),
        seats=SEATS,
        chow=False,
        set_aside=kita,
        aborts=base.aborts - FOUR_SEAT_ABORTS,
    )


def match_rules(options: SanmaOptions) -> RenchanMatch:
    return replace(riichi_match_rules(options), seats=SEATS)
