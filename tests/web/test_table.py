"""Two people at one table from two browser contexts (one on a phone-sized screen, joined
by a shared seat link), a timed table with its countdown, and a spectator who never sees a
concealed tile."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from tests.web.driver import Player, spectators_agree, through_sheets
from tests.web.test_play import create_table, register

HIDDEN = (
    "() => { const v = window.__jantaku.st.model.view;"
    " return v.viewer === null && v.hand.drawn === null"
    " && v.hand.seats.every(s => s.hand === null); }"
)


def wait_any(players: list[Player]) -> None:
    """Wait (event-driven, a short slice per page) until some player has a fresh prompt."""
    while True:
        for p in players:
            if p.has_prompt() or p.over():
                return
        for p in players:
            try:
                p.page.wait_for_selector(p.ready_selector(), timeout=150)
                return
            except Exception:
                continue


def join_by_link(page: Any, link: str, name: str, table: str) -> Any:
    """A newcomer opens a shared seat link, names themself and lands at the table."""
    page.goto(link)
    page.fill("#name", name)
    page.click("#register button")
    page.wait_for_url(re.compile(f"#/table/{table}$"))
    return page


def test_two_people_and_a_spectator(new_page: Any, artifacts: Path) -> None:
    ann = new_page()
    register(ann, "Aya")
    table = create_table(
        ann,
        "mcr",
        ["me", "open", "bot:greedy", "bot:random"],
        # two hands: one hand alone ends before the two have made 10 moves about 1 time
        # in 500, and the spectator checks below need them
        {"hands_per_session": "2"},
        (30, 10, 0),
    )
    ann.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    link = ann.input_value(".share-link[data-seat='1']")
    assert link.endswith(f"#/join/{table}/2")  # seat 2 as people count it

    # a spectator from before the start: no state yet, the table is built from events alone
    watcher = new_page()
    watcher.goto(f"/#/watch/{table}")
    watcher.wait_for_selector("#conn[data-state='connected']")

    ben = join_by_link(new_page(390, 844), link, "Ben", table)  # on a phone
    ann.click("#go-table")

    a, b = Player(ann, random.Random(1)), Player(ben, random.Random(2))
    seen_deadline = spectated = compared = False
    while not (a.over() and b.over()):
        wait_any([a, b])
        for p in (a, b):
            if not p.has_prompt():
                continue
            if not seen_deadline:
                text = p.page.text_content("#deadline") or ""
                assert re.fullmatch(r"\d+ s", text), text
                seen_deadline = True
            if p is a and spectated and not compared:
                # the table stands still while Ann holds her prompt: a spectator arriving
                # now gets the server's own view, which the first spectator's folded
                # events must equal (checked before she answers: after, the table moves)
                spectators_agree(new_page(), watcher, table)
                compared = True
            p.step()
            if p is b and b.actions == 4:
                b.shoot("phone-table", artifacts)
        if not spectated and a.actions + b.actions >= 10:
            watcher.wait_for_selector(".board .discards svg.tile")
            assert watcher.evaluate(HIDDEN)
            assert watcher.locator(".hand-row:not(.backs)").count() == 0
            faces = watcher.eval_on_selector_all(
                ".hand-row svg.tile", "els => els.filter(e => e.dataset.tile !== '').length"
            )
            assert faces == 0
            assert "Spectating" in (watcher.text_content("#mine") or "")
            watcher.screenshot(path=str(artifacts / "spectator.png"), full_page=True)
            spectated = True

    through_sheets(watcher)  # the last hand's sheet comes first, then the match's
    for page in (ann, ben, watcher):
        page.wait_for_selector(".matchsheet svg.chart")
        names = page.eval_on_selector_all(
            ".matchsheet table.final td:nth-child(2)", "e => e.map(x => x.textContent)"
        )
        assert {"Aya", "Ben"} <= set(names)
    assert spectated and compared and a.actions and b.actions
    # both saw both hands' scoresheets (two hands in this session)
    for page in (ann, ben):
        assert page.evaluate("window.__jantaku.st.model.history().length") == 3

    # without the match record's log the review replays the protocol: a spectator's resync
    watcher.route(
        "**/api/matches/*/events",
        lambda route: route.fulfill(
            status=404,
            content_type="application/json",
            body='{"error": {"code": "not_found", "message": "no record"}}',
        ),
    )
    watcher.evaluate(f"location.hash = '#/review/{table}'")
    watcher.wait_for_selector(".hand-tab")
    assert "protocol resync" in (watcher.text_content("#rv-source") or "")
    watcher.click("#first")
    assert watcher.locator("#rv-board .hand-row:not(.backs)").count() == 0
    watcher.click("#last")
    watcher.wait_for_selector("#rv-sheet .scoresheet")
