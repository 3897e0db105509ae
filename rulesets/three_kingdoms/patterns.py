"""The points Three Kingdoms adds to the MCR fans of the scored part (§6, §7)."""

from __future__ import annotations

from engine.scoring import PatternDef

RIICHI: PatternDef[None] = PatternDef("riichi", "立直", "Riichi", "リーチ", 4)
DORA: PatternDef[None] = PatternDef("dora", "宝牌", "Dora", "ドラ", 1)
KAN_DORA: PatternDef[None] = PatternDef("kan_dora", "杠宝牌", "Kan Dora", "カンドラ", 1)
URA_DORA: PatternDef[None] = PatternDef("ura_dora", "里宝牌", "Ura Dora", "裏ドラ", 1)
