"""The tournament, queue and ladder pages' words come from the catalogue
(i18n/tournaments.json, queues.json, ladder.json; the English literals are checked by
tests/web/test_i18n.py): the ranks the ladder page names have words, the riichi limits on
the scoresheet have words, and in Chinese or Japanese these pages show none of the
catalogue's English sentences."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.conftest import LiveServer
from tests.web.test_i18n import STATIC, pages_in

CAT = {
    area: json.loads((STATIC / "i18n" / f"{area}.json").read_text(encoding="utf-8"))
    for area in ("tournaments", "queues", "ladder", "score")
}


def test_every_ladder_rank_has_words() -> None:
    from server.domain.ladder import schemes

    for ruleset in ("riichi", "mcr", "zung_jung"):
        for level in schemes.levels(ruleset):
            assert f"rank_{ruleset}_{level['id']}" in CAT["ladder"], (ruleset, level)


def test_every_riichi_limit_has_words() -> None:
    from rulesets.riichi.points import LIMIT_BASE

    assert all(f"limit_{name}" in CAT["score"] for name in LIMIT_BASE)


def english_texts() -> set[str]:
    out = set()
    for area in ("tournaments", "queues", "ladder"):
        for texts in CAT[area].values():
            en = texts["en"]
            for text in en.values() if isinstance(en, dict) else [en]:
                if " " in text.strip() and "{" not in text:
                    out.add(text.strip())
    return out


def test_the_pages_in_chinese_and_japanese(browser: Any, web: LiveServer) -> None:
    english = english_texts()
    routes = (
        ("#/tournaments", "#tournament-list:not(:has-text(\"…\"))"),
        ("#/queues", "#queue-list table"),
        ("#/ladder/riichi", "#ladder p.small"),
    )
    for lang in ("zh", "ja"):
        for route, text in pages_in(browser, web, lang, routes):
            shown = [e for e in english if e in text]
            assert not shown, (lang, route, shown)
            # an area the loader missed would show its keys instead
            assert not re.search(r"\b(?:tournaments|queues|ladder)\.[a-z_]+", text), text
