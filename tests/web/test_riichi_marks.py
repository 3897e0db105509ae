"""Riichi on the table: a player who keeps the hand closed and discards toward tenpai (the
analysis endpoint's best discard) is offered riichi; the discards that declare it are
marked before Riichi is pressed, once it is pressed only they stay lit and the others are
greyed out; a riichi tile lies turned in its pond. The screenshot goes to docs/screenshots
(docs/README show it)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.web.driver import OK, PROMPT
from tests.web.test_play import create_table, register

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MINE = """() => { const st = window.__jantaku.st; const v = st.model.view;
  const h = v.hand; if (!st.prompt || !h) return null;
  const mine = h.seats[v.viewer];
  return {pid: st.prompt.prompt_id, hand: mine.hand, melds: mine.melds.length,
    kinds: st.prompt.actions.map(a => a.action.type),
    riichi: st.prompt.actions.some(a => a.action.riichi)}; }"""


def kind(tile: int) -> int:
    return (tile - 42) * 9 + 4 if tile >= 42 else tile


def test_riichi_discards_marked_and_the_riichi_tile_turned(new_page: Any, web: LiveServer) -> None:
    page = new_page(1280, 900)
    register(page, "Rin")
    deadline = time.monotonic() + 150
    # A match can end before the closed hand is ever ready (the bots win fast, or someone
    # goes below zero: about 1 match in 300): the player then sits down at another table.
    while not riichi_in_a_match(page, web, deadline):
        page.goto("/")


def riichi_in_a_match(page: Any, web: LiveServer, deadline: float) -> bool:
    """Play a new riichi match, closed and toward tenpai, until riichi is offered (checked
    and shot: True) or the match ends (False)."""
    create_table(page, "riichi", ["me", "bot:greedy", "bot:greedy", "bot:greedy"], {}, (0, 0, 0))
    page.click("#go-table")
    last = None
    while True:
        assert time.monotonic() < deadline, "no riichi offered in time"
        page.wait_for_selector(f"{PROMPT}, {OK}, .matchsheet")
        if page.locator(".matchsheet").count():
            return False
        if page.locator(OK).count():
            page.click(OK)
            continue
        me = page.evaluate(MINE)
        if me is None or me["pid"] == last:
            page.wait_for_timeout(30)
            continue
        last = me["pid"]
        kinds = set(me["kinds"])
        if kinds & {"win", "self_draw_win"}:
            page.click("#actions [data-type$='win']")
        elif "pass" in kinds:
            page.click("#actions [data-type='pass']")  # stay closed
        elif me["riichi"]:
            assert page.locator("#my-hand .riichi-ok").count() >= 1  # marked before pressing
            page.click("#mine [data-riichi]")
            page.wait_for_selector("#my-hand.riichi-mode")
            assert page.locator("#my-hand .riichi-pick").count() >= 1
            assert page.locator("#my-hand .tile-btn:not(.riichi-pick)[disabled]").count() >= 1
            page.screenshot(path=str(DOCS / "riichi.png"), full_page=True)
            page.locator("#my-hand .riichi-pick").first.click()
            # my riichi tile lies turned in my pond (the board shows it to everyone)
            page.wait_for_selector(".board .seat.pos-bottom .riichi-tile")
            page.locator(".board").screenshot(path=str(DOCS / "riichi-turned.png"))
            return True
        elif "discard" in kinds:
            res = web.http.post(
                "/api/analysis/discards",
                json={
                    "ruleset": "riichi",
                    "options": {},
                    "hand": me["hand"],
                    "melds": me["melds"],
                    "seen": [],
                },
            ).json()
            best = min(res["options"], key=lambda o: (o["shanten"], -o["ukeire"]))
            tile = next(t for t in me["hand"] if kind(t) == best["tile"])
            page.locator(f"#my-hand [data-tile='{tile}'][data-act]").first.click()
        else:
            page.locator("#actions [data-act]").first.click()
