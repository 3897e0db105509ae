"""The hand-end flow (the final board with its sheet until OK, the last hand's sheet before
the match's, "Last hand" only once there is one) and an absent player (shown as
disconnected, then played by a bot until they come back). The screenshots go to
docs/screenshots, which the README and docs show."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LiveServer
from tests.web.driver import OK, Player
from tests.web.test_play import create_table, register
from tests.web.test_table import join_by_link, wait_any

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_hand_end_flow(new_page: Any) -> None:
    page = new_page()
    register(page, "Fay")
    create_table(
        page,
        "mcr",
        ["me", "bot:greedy", "bot:greedy", "bot:greedy"],
        {"hands_per_session": "2"},
        (0, 0, 0),
    )
    page.click("#go-table")
    page.wait_for_selector("#hand-label")
    assert page.locator("#show-scores").count() == 0
    player = Player(page, random.Random(7))
    seen: list[str] = []
    won: list[Any] = []

    def on_sheet(p: Player) -> None:
        # the hand that just ended stays on the board under its sheet: nothing of the
        # next hand, no prompt, no match sheet yet
        assert page.locator(".matchsheet").count() == 0
        assert page.locator("#mine").is_hidden()
        assert page.text_content(".board .whose") == "hand over"
        frame = page.evaluate("window.__jantaku.st.sheet.frame")
        if frame["result"]["wins"]:
            assert page.locator(".board .win-row svg.win-tile").count() == len(
                frame["result"]["wins"]
            )
            assert page.locator("#sheet .win-block").count()
        reasons = page.eval_on_selector_all(
            "#sheet td[data-reason]", "els => els.map(e => e.textContent)"
        )
        assert all("_" not in r for r in reasons), reasons  # words, not identifiers
        seen.append(page.text_content(OK) or "")
        # the docs show the first hand's end, or better the first one with a win
        if len(seen) == 1 or (frame["result"]["wins"] and not won):
            page.screenshot(path=str(DOCS / "hand-end.png"), full_page=True)
            won.extend(frame["result"]["wins"][:1])

    player.on_sheet = on_sheet
    reopened = False
    while player.step():
        if player.actions == 8:
            page.screenshot(path=str(DOCS / "web-table.png"), full_page=True)
        if seen and not reopened:
            page.wait_for_selector(player.ready_selector())
        if seen and not reopened and player.has_prompt() and page.locator(OK).count() == 0:
            # between the hands' sheets: "Last hand" brings the first one back, over the
            # live table (your hand and prompt stay)
            page.click("#show-scores")
            page.wait_for_selector("#sheet .scoresheet")
            assert page.locator("#mine").is_visible()
            assert page.locator("#show-scores").count() == 0  # its sheet is open
            page.click("#sheet-ok")
            page.wait_for_selector("#show-scores")
            reopened = True
    assert reopened
    assert len(seen) == 2 and seen[0].startswith("OK") and seen[1] == "Final results", seen
    page.wait_for_selector(".matchsheet svg.chart")

    # the review: at each of Ann's discards, the discards that keep shanten lowest and
    # their ukeire (POST /api/analysis/discards)
    page.click("#review-link")
    page.wait_for_selector(".hand-tab")
    page.locator(".hand-tab").nth(0).click()
    page.click("#first")
    me = page.evaluate("JSON.parse(localStorage.getItem('jantaku.player')).name")
    for _ in range(200):
        page.keyboard.press("ArrowRight")
        if f"{me} discards" in (page.text_content("#step-text") or ""):
            break
    text = page.text_content("#step-text") or ""
    assert f"{me} discards" in text, (me, text)
    page.wait_for_selector("#rv-hint > *")
    assert page.locator("#rv-hint .hint-opt svg.tile").count(), page.inner_html("#rv-hint")
    assert "discard" in (page.text_content("#rv-verdict") or "")
    page.screenshot(path=str(DOCS / "review-hints.png"), full_page=True)


@pytest.fixture
def quick_takeover(web: LiveServer, monkeypatch: pytest.MonkeyPatch) -> LiveServer:
    """The server's absent-player grace period cut to a second for this test."""
    monkeypatch.setattr(web.settings, "absent_grace", 1.0)
    return web


def test_absent_player_is_shown_then_played_by_a_bot(
    new_page: Any, quick_takeover: LiveServer
) -> None:
    ann = new_page()
    register(ann, "Flo")
    table = create_table(
        ann,
        "mcr",
        ["me", "open", "bot:greedy", "bot:greedy"],
        {"hands_per_session": "2"},
        (0, 0, 0),
    )
    link = ann.input_value(".share-link[data-seat='1']")
    ben = join_by_link(new_page(390, 844), link, "Fin", table)
    ann.click("#go-table")
    a, b = Player(ann, random.Random(3)), Player(ben, random.Random(4))
    while a.actions + b.actions < 6:
        wait_any([a, b])
        for p in (a, b):
            if p.has_prompt():
                p.step()
    ben.screenshot(path=str(DOCS / "phone-table.png"), full_page=True)

    ben.evaluate("location.hash = '#/'")  # Ben leaves the table (his socket closes)
    ann.wait_for_selector(".plate [data-away='1']")
    # the grace period runs out: a bot plays Ben's seat and the table goes on (it is
    # untimed: without the stand-in, Ben's first turn would hold it forever)
    ann.wait_for_selector(".plate [data-standin='1']", timeout=10_000)
    ann.screenshot(path=str(DOCS / "absent-player.png"), full_page=True)
    before = a.actions
    while a.actions < before + 4 and a.step():
        pass
    if a.over():  # the bot and Ann finished the match before Ben came back
        return
    ben.evaluate(f"location.hash = '#/table/{table}'")  # Ben is back: his seat again
    ann.wait_for_selector(".plate [data-standin='1']", state="detached")
    ann.wait_for_selector(".plate [data-away='1']", state="detached")
    b.last = ""
    while not (a.over() and b.over()):
        wait_any([a, b])
        for p in (a, b):
            if p.has_prompt():
                p.step()
    info = ann.evaluate(f"fetch('/api/tables/{table}').then(r => r.json())")
    assert info["status"] == "finished"


@pytest.mark.parametrize(
    "ruleset, option, hands",
    [("zung_jung", "hands_per_game", 4), ("three_kingdoms", "hands_per_session", 2)],
)
def test_short_match_by_clicking(new_page: Any, ruleset: str, option: str, hands: int) -> None:
    """The two other rulesets, short matches on a phone: every hand's sheet, then the
    match's."""
    page = new_page(390, 844)
    register(page, f"Pat {ruleset}")  # names are unique: one per parameter
    create_table(
        page,
        ruleset,
        ["me", "bot:greedy", "bot:greedy", "bot:greedy"],
        {option: str(hands)},
        (0, 0, 0),
    )
    page.click("#go-table")
    player = Player(page, random.Random(5))

    def on_sheet(p: Player) -> None:
        assert page.locator(".matchsheet").count() == 0
        if p.sheets == 1:
            page.screenshot(path=str(DOCS / f"phone-hand-end-{ruleset}.png"), full_page=True)

    player.on_sheet = on_sheet
    while player.step():
        pass
    assert player.sheets == hands
    page.wait_for_selector(".matchsheet svg.chart")
