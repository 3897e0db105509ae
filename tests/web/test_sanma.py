"""Three-player riichi in Chromium: a person plays an east-only sanma match against two
bots to the end. Three seats are drawn (bottom, right, left), the empty top side holds
the dead wall and everyone's kita, no Chow button is ever offered, and a set-aside North
offers a Kita button. Screenshots go to docs/screenshots/sanma-*.png (the README)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from tests.web.driver import PROMPT, Player
from tests.web.test_play import create_table, register

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_sanma_east_only_against_two_bots(new_page: Any) -> None:
    page = new_page()
    register(page, "Sana")
    create_table(
        page, "sanma", ["me", "bot:greedy", "bot:greedy"], {"game_length": "tonpuusen"}, (0, 0, 0)
    )
    assert page.locator("#seat-3").is_hidden()  # a three-seat ruleset: no fourth seat
    page.click("#go-table")
    page.wait_for_selector("#hand-label")
    player = Player(page, random.Random(3))
    types: set[str] = set()
    labels: set[str] = set()  # the set-aside button's words
    start = time.monotonic()
    while player.step():
        if page.locator(PROMPT).count():
            types |= set(
                page.eval_on_selector_all(
                    "#actions [data-type]", "els => els.map(e => e.dataset.type)"
                )
            )
            kita = page.locator("#actions [data-type='declare_flower'] span")
            if kita.count():
                labels.add(kita.first.text_content() or "")
            if player.actions >= 25 and "sanma-table" not in player.shots and not player.over():
                assert page.locator(".board .seat:not(.empty-side)").count() == 3
                assert page.locator(".board .pos-top.empty-side .dead-wall").count() == 1
                player.shoot("sanma-table", SHOTS)
        if "sanma-kita" not in player.shots and page.locator(".kita-seat").count():
            player.shoot("sanma-kita", SHOTS, ".board")
        assert time.monotonic() - start < 600, f"{player.actions} actions and not done"
    assert "chow" not in types
    assert labels <= {"Kita"}, labels  # a North set aside is kita, not a flower
    page.wait_for_selector(".matchsheet")
    assert page.locator(".matchsheet table.final tbody tr").count() == 3
    assert page.locator(".matchsheet svg.chart polyline").count() == 3
    player.shoot("sanma-end", SHOTS, ".matchsheet")
