"""The UI's message catalogue (server/adapters/web/static/i18n/*.json, read by i18n.js):
every key in English, Chinese and Japanese with the same {params}; every key the client
names exists; the converted files hold no English UI literal; and in Chinese or Japanese
the pages show no English words of ours (only names, ids and the like)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LiveServer
from tests.web.driver import PROMPT, Player
from tests.web.test_play import create_table, register

STATIC = Path(__file__).resolve().parents[2] / "server" / "adapters" / "web" / "static"
CATALOGUE = STATIC / "i18n"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
LANGS = ("en", "zh", "ja")
# the files whose every UI string goes through the catalogue
CONVERTED = (
    "i18n.js",
    "ui.js",
    "board.js",
    "table.js",
    "score.js",
    "net.js",
    "lobby.js",
    "review.js",
    "tiles.js",
    "model.js",
    "tournaments.js",
    "queues.js",
    "ladder.js",
)
KEY_USE = re.compile(r"""\b(?:t|tHTML|has)\(\s*["']([a-z_]+\.[A-Za-z0-9_]+)["']""")
DATA_KEY = re.compile(r"""data-i18n(?:-[a-z-]+)?=["']([a-z_]+\.[A-Za-z0-9_]+)["']""")
PARAM = re.compile(r"\{(\w+)\}")


def catalogue() -> dict[str, dict[str, Any]]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in CATALOGUE.glob("*.json")}


def forms(text: Any) -> list[str]:
    return list(text.values()) if isinstance(text, dict) else [text]


def test_every_key_has_all_three_languages_with_the_same_params() -> None:
    bad = []
    for area, entries in catalogue().items():
        for key, texts in entries.items():
            if set(texts) != set(LANGS):
                bad.append(f"{area}.{key}: languages {sorted(texts)}")
                continue
            params = {
                lang: {p for f in forms(texts[lang]) for p in PARAM.findall(f)} for lang in LANGS
            }
            for lang in LANGS:
                if any(not isinstance(f, str) or not f.strip() for f in forms(texts[lang])):
                    bad.append(f"{area}.{key}.{lang}: empty")
                if isinstance(texts[lang], dict) and "other" not in texts[lang]:
                    bad.append(f"{area}.{key}.{lang}: plural forms without 'other'")
                if params[lang] != params["en"]:
                    bad.append(f"{area}.{key}.{lang}: params {params[lang]} != {params['en']}")
    assert not bad, bad


def test_every_key_the_client_names_exists() -> None:
    cat = catalogue()
    missing = []
    for path in sorted([*STATIC.glob("*.js"), *STATIC.glob("*.html")]):
        text = _code(path.read_text(encoding="utf-8"))
        for key in [*KEY_USE.findall(text), *DATA_KEY.findall(text)]:
            area, name = key.split(".", 1)
            if name not in cat.get(area, {}):
                missing.append(f"{path.name}: {key}")
    assert not missing, missing


# An English UI literal: two or more words in quotes or between tags, or one capitalised
# word alone in a tag ("Lobby"), outside comments and t() keys.
LITERAL = re.compile(
    r""">\s*[A-Za-z][a-z]+(?:[ ,'][A-Za-z…]+)*\s*<"""
    r"""|["'`][A-Z][a-z]+(?: [a-z]+)+[.…:]?["'`]"""
)


def _code(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def pages_in(
    browser: Any, web: LiveServer, lang: str, routes: tuple[tuple[str, str], ...]
) -> Iterator[tuple[str, str]]:
    """(route, the page's text) for each (route, selector it is ready at) in ``lang``."""
    ctx = browser.new_context(base_url=web.base_url)
    try:
        page = ctx.new_page()
        page.goto("/")
        page.evaluate("l => localStorage.setItem('jantaku.lang', l)", lang)
        page.reload()
        for route, ready in routes:
            page.goto(f"/{route}")
            page.wait_for_selector(ready)
            yield route, page.inner_text("body")
    finally:
        ctx.close()


def test_no_english_literal_left_in_the_converted_files() -> None:
    found = []
    for name in CONVERTED:
        for i, line in enumerate(_code((STATIC / name).read_text(encoding="utf-8")).splitlines()):
            found += [f"{name}:{i + 1}: {m.group(0)}" for m in LITERAL.finditer(line)]
    assert not found, found


def test_the_language_follows_the_browser_and_the_picker(browser: Any, web: LiveServer) -> None:
    ctx = browser.new_context(base_url=web.base_url, locale="ja-JP")
    try:
        page = ctx.new_page()
        page.goto("/")
        page.wait_for_selector("#nav-tournaments")
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert page.input_value("#lang") == "ja"
        assert page.inner_text("#nav-tournaments") == "大会"
        page.select_option("#lang", "zh")
        assert page.evaluate("document.documentElement.lang") == "zh-Hans"
        assert page.inner_text("#nav-tournaments") == "比赛"
        page.reload()
        page.wait_for_selector("#nav-tournaments")
        assert page.input_value("#lang") == "zh"  # kept across visits
        page.select_option("#lang", "en")
        assert page.inner_text("#nav-tournaments") == "Tournaments"
    finally:
        ctx.close()


# What may stay in Latin letters on a Chinese or Japanese page: ruleset ids, the brand, the
# bots' kinds as the server names them, counts of tiles like "5m" (2 letters at most)
ALLOWED = {"english", "botzone", "riichi", "mcr", "jantaku", "ok", "esc", "enter", "honba", "dora"}
WORD = re.compile(r"[A-Za-z]{3,}")


def english_words(page: Any, selector: str) -> list[str]:
    # a table id or seed in <code> and the tiles' own labels are no words of ours (hidden
    # through the CSSOM: the page's Content-Security-Policy refuses a <style> element)
    text = page.eval_on_selector_all(
        selector,
        """els => { const hidden = [...document.querySelectorAll('code, svg')];
          hidden.forEach(e => e.style.setProperty('display', 'none', 'important'));
          const text = els.map(e => e.innerText).join(' ');
          hidden.forEach(e => e.style.removeProperty('display')); return text; }""",
    )
    return sorted({w for w in WORD.findall(text) if w.lower() not in ALLOWED})


@pytest.mark.parametrize(("lang", "name"), [("zh", "林"), ("ja", "山田")])
def test_the_table_has_no_english_in_chinese_or_japanese(
    new_page: Any, artifacts: Path, lang: str, name: str
) -> None:
    page = new_page()
    page.goto("/")
    page.evaluate(f"localStorage.setItem('jantaku.lang', '{lang}')")
    register(page, name)
    assert english_words(page, "header label, #who, #create-card, #app h2") == []  # not the names
    create_table(page, "riichi", ["me", "bot:greedy", "bot:greedy", "bot:greedy"], {}, (60, 30, 60))
    page.click("#go-table")
    page.wait_for_selector(PROMPT)
    page.wait_for_selector("#deadline")
    assert english_words(page, "header label, .table-page") == []
    sheets: list[list[str]] = []

    def on_sheet(p: Player) -> None:
        sheets.append(english_words(p.page, "header label, .table-page"))
        p.page.screenshot(path=str(artifacts / f"hand-end-{lang}.png"), full_page=True)
        frame = p.page.evaluate("window.__jantaku.st.sheet.frame")
        if any(frame.get("revealed") or []):  # a draw with tenpai hands: the docs show it
            p.page.screenshot(path=str(DOCS / "tenpai-at-draw.png"), full_page=True)

    player = Player(page, random.Random(5), on_sheet=on_sheet)
    while not sheets:
        assert player.step(), "the match ended before a hand's sheet"
    assert sheets[0] == [], sheets[0]
