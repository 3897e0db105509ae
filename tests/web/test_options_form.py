"""The lobby's options form as a person reads it (issue 17): a preset first, then only the
options that differ from the defaults or the preset, each with its title and description
in the player's language and its values by name, "Show all options" for the rest, no raw
`null` boxes; the table is created from {"preset": ..., ...overrides} and stores every
option resolved. The screenshot goes to docs/screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulesets.riichi.options import preset
from tests.server.conftest import LiveServer
from tests.web.conftest import ARTIFACTS
from tests.web.test_play import register

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def rows(page: Any) -> set[str]:
    return set(
        page.eval_on_selector_all("#options [data-row]", "els => els.map(e => e.dataset.row)")
    )


def test_presets_first_then_only_what_differs(new_page: Any, web: LiveServer) -> None:
    page = new_page(1280, 1000)
    register(page, "Olga")
    page.wait_for_selector("#ruleset option[value='riichi']", state="attached")
    page.select_option("#ruleset", "riichi")
    titles = page.eval_on_selector_all("#preset option", "els => els.map(e => e.textContent)")
    assert titles == ["Seed rules", "Tenhou", "EMA 2016", "WRC 2015"]
    assert rows(page) == set()  # the defaults: nothing differs
    page.select_option("#preset", "tenhou")
    tenhou = preset("tenhou").model_dump(mode="json")
    defaults = preset("default").model_dump(mode="json")
    assert rows(page) == {k for k, v in tenhou.items() if v != defaults[k]}
    assert "tenhou.net ranked" in (page.text_content("#preset-desc") or "")
    red = page.locator("[data-row='aka_dora']")
    assert "Red fives" in red.inner_text() and "set by the preset" in red.inner_text()
    assert page.locator("#opt-aka_dora option:checked").inner_text() == "3 (one per suit)"

    page.check("#show-all")
    assert len(rows(page)) == len(defaults)
    values = page.eval_on_selector_all("#options input:not([type])", "els => els.map(e => e.value)")
    assert "null" not in values
    assert page.locator("#opt-pao-suukantsu").count() == 1  # a set: one box per member
    page.select_option("#opt-game_length", '"tonpuusen"')
    page.uncheck("#show-all")
    assert "game_length" in rows(page)
    assert "changed" in page.locator("[data-row='game_length']").inner_text()
    for i in range(4):
        page.select_option(f"#seat-{i}", "me" if i == 0 else "open")
    page.screenshot(path=str(DOCS / "options-form.png"), full_page=True, clip=_card(page))
    page.click("#create-btn")
    page.wait_for_selector("#share code")
    table_id = page.text_content("#share code")
    stored = web.http.get(f"/api/tables/{table_id}").json()["options"]
    assert stored == {**tenhou, "game_length": "tonpuusen"}

    page.select_option("#ruleset", "mcr")
    page.select_option("#preset", "botzone")
    assert rows(page) == {"edition"}
    page.check("#show-all")  # unset values are a choice by name, not a text box
    assert "As the edition reads it" in page.locator("#opt-knitted_straight_waits").inner_text()
    assert page.locator("#opt-point_cap option:checked").inner_text() == "No cap"
    page.select_option("#lang", "ja")
    page.wait_for_selector("#preset")
    assert page.locator("#preset option").first.inner_text() == "シードのルール"
    page.select_option("#ruleset", "riichi")
    page.check("#show-all")
    assert "一発" in page.locator("[data-row='ippatsu']").inner_text()
    page.select_option("#lang", "en")


def _card(page: Any) -> dict[str, float]:
    box = page.locator("#create-card").bounding_box()
    return {"x": box["x"], "y": box["y"], "width": box["width"], "height": min(box["height"], 1400)}


def test_the_form_on_a_phone_in_chinese(new_page: Any) -> None:
    page = new_page(390, 844)
    page.goto("/")
    page.evaluate("localStorage.setItem('jantaku.lang', 'zh')")
    register(page, "Lin")
    page.wait_for_selector("#ruleset option[value='riichi']", state="attached")
    page.select_option("#ruleset", "riichi")
    page.select_option("#preset", "ema")
    assert page.locator("#preset option:checked").inner_text() == "欧洲麻将协会 2016"
    row = page.locator("[data-row='multi_ron']")
    assert "一炮多响" in row.inner_text() and "最多三家" in row.inner_text()
    box = row.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # nothing off the screen
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "options-form-phone-zh.png"), full_page=True)
