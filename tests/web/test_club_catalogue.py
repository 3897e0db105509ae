"""The club pages' words come from the catalogue (i18n/club.json): no English UI literal is
left in club*.js or main.js, every key they build from a server value (a figure, a
measure, a correction's action, a table's action) exists, and in Chinese or Japanese a
club page shows none of the catalogue's English texts."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.conftest import LiveServer
from tests.web.test_i18n import LITERAL, STATIC, _code, pages_in

CLUB = json.loads((STATIC / "i18n" / "club.json").read_text(encoding="utf-8"))
FILES = sorted([*STATIC.glob("club*.js"), STATIC / "main.js"])

# keys made from values: `club.pl_${figure}` and the like (the literal keys are checked by
# tests/web/test_i18n.py)
BUILT = {
    "pl_": [
        "matches",
        "hands",
        "average_rank",
        "total_points",
        "total_score",
        "average_win_value",
        "win_rate",
        "deal_in_rate",
        "self_draw_share",
        "call_rate",
        "draw_rate",
        "tenpai_at_draw_rate",
        "riichi_rate",
        "riichi_win_rate",
    ],
    "measure_": ["table_points", "total_raw_score", "uma_oka_result", "average_rank", "raw_score"],
    "cr_action_": ["adjust_score", "void_hand", "void_match"],
    "mt_kind_": ["adjust", "void_hand", "void_match"],
    "ad_done_": ["pause", "resume", "abort", "replace", "kick"],
    "ad_bot_": ["greedy", "defensive", "random"],
    "rank_": ["1", "2", "3", "4"],
    "role_": ["admin", "organizer"],
}


def test_no_english_literal_in_the_club_files() -> None:
    found = []
    for path in FILES:
        for i, line in enumerate(_code(path.read_text(encoding="utf-8")).splitlines()):
            found += [f"{path.name}:{i + 1}: {m.group(0)}" for m in LITERAL.finditer(line)]
    assert not found, found


def test_every_built_key_exists() -> None:
    missing = [p + k for p, ks in BUILT.items() for k in ks if p + k not in CLUB]
    assert not missing, missing


def test_the_server_measures_have_words() -> None:
    from typing import get_args

    from engine.ruleset import Measure, TieBreak

    for m in (*get_args(Measure), *get_args(TieBreak)):
        assert "measure_" + re.sub(r"[^a-z]+", "_", m) in CLUB, m


def english_texts() -> set[str]:
    """The catalogue's English sentences (several words, no parameter): what a translated
    page must not show."""
    out = set()
    for texts in CLUB.values():
        en = texts["en"]
        for text in en.values() if isinstance(en, dict) else [en]:
            if " " in text and "{" not in text and any(c.islower() for c in text):
                out.add(text)
    return out


def test_a_club_page_in_chinese_and_japanese(browser: Any, web: LiveServer) -> None:
    english = english_texts()
    routes = (
        ("#/leaderboard/mcr", "#board:not([aria-busy])"),
        ("#/matches", "#match-list:not([aria-busy])"),
        ("#/me", ".club-card"),
    )
    for lang in ("zh", "ja"):
        for route, text in pages_in(browser, web, lang, routes):
            shown = [e for e in english if e in text]
            assert not shown, (lang, route, shown)
