"""The club's pages in Chromium: an admin signs in, sees the live tables, pauses and resumes
one, replaces a seat and aborts it; reads a finished match's scoresheet, a leaderboard and
a player's history and statistics, and enters a correction that shows in the audit and on
the sheet. A player without the role sees no admin section. Screenshots go to
docs/screenshots (club-*.png), which docs/club.md and the README show.

The matches are MCR of one hand, played over the protocol by a greedy client in a thread
(the Playwright thread must not run asyncio) against untimed bots."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.cli.client import SeatClient
from tests.server.conftest import LiveServer

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PASSWORD = "club-admin-password"
TOTALS = "#hands tr.total-row td.num"
TEXTS = "els => els.map(e => e.textContent)"


def finish_match(web: LiveServer, player: tuple[str, str]) -> str:
    """One MCR hand: the player's greedy protocol client and three bots; the match id."""
    pid, token = player
    tid = str(
        web.table(
            [pid, "bot:greedy", "bot:random", "bot:greedy"], options={"hands_per_session": 1}
        )["table_id"]
    )
    client = SeatClient(web.base_url, tid, token, "greedy")
    done: list[Any] = []
    runner = threading.Thread(target=lambda: done.append(asyncio.run(client.play())))
    runner.start()
    runner.join(60)
    assert done and done[0] is not None, "the match did not end"
    deadline = time.monotonic() + 20
    while web.http.get(f"/api/matches/{tid}").json()["match"]["status"] != "finished":
        assert time.monotonic() < deadline, "the match was not recorded"
        time.sleep(0.05)
    return tid


def admin_account(web: LiveServer, name: str) -> str:
    r = web.http.post("/api/accounts/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    pid = str(r.json()["player_id"])
    r = web.http.put(f"/api/admin/players/{pid}/role", json={"role": "admin"}, headers=web.admin)
    assert r.status_code == 200, r.text
    return pid


def sign_in(page: Any, name: str, password: str) -> None:
    page.goto("/")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#signin-btn")
    page.wait_for_selector("#me-name")


@pytest.fixture(scope="module")
def club(web: LiveServer) -> Iterator[dict[str, Any]]:
    """Two finished matches of one player, and a live table held still by an absent
    player (no stand-in bot for these tests: absent_grace 0)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(web.settings, "absent_grace", 0.0)
        yield from _club(web)


def _club(web: LiveServer) -> Iterator[dict[str, Any]]:
    pat = web.player("Pat Club")
    matches = [finish_match(web, pat) for _ in range(2)]
    finish_match(web, web.player("Kim Club"))  # someone else on the board
    absent = web.player("Absent Al")
    live = web.table([absent[0], "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    deadline = time.monotonic() + 10
    while web.live(live)["prompts"] != [0]:  # the bots wait for Al's first move
        assert time.monotonic() < deadline, web.live(live)
        time.sleep(0.05)
    yield {"pat": pat, "matches": matches, "live": live}
    web.http.post(
        f"/api/admin/tables/{live}/abort", json={"reason": "test over"}, headers=web.admin
    )


def status_of(page: Any, table: str) -> str:
    return str(page.get_attribute(f"[data-table='{table}'] [data-status]", "data-status"))


def test_admin_runs_the_club(new_page: Any, web: LiveServer, club: dict[str, Any]) -> None:
    admin_account(web, "Clara Admin")
    page = new_page(1280, 1000)
    sign_in(page, "Clara Admin", PASSWORD)
    page.wait_for_selector("#nav-admin:not([hidden])")
    assert "admin" in (page.text_content("#nav-who") or "")

    # the live tables: pause, resume, replace a seat, abort
    live = club["live"]
    page.click("#nav-admin")
    card = f"[data-table='{live}']"
    page.wait_for_selector(f"{card} [data-status='playing']")
    assert page.locator(f"{card} [data-seat='0'] .badge.acting").count() == 1
    page.click(f"{card} [data-action='pause']")
    page.wait_for_selector(f"{card} [data-status='paused']")
    assert web.live(live)["status"] == "paused"
    page.click(f"{card} [data-action='resume']")
    page.wait_for_selector(f"{card} [data-status='playing']")
    assert web.live(live)["status"] == "playing"
    page.click(f"{card} details.replace summary")
    page.select_option(f"{card} .replace-seat", "2")
    page.select_option(f"{card} .replace-occupant", "bot:defensive")
    page.click(f"{card} .replace-form button")
    page.wait_for_selector(f"{card} [data-seat='2']:has-text('defensive')")
    assert web.live(live)["seats"][2]["occupant"] == "bot:defensive"
    assert page.text_content("#admin-msg") == "Seat replaced."
    page.wait_for_selector("#recent-matches tr[data-match]")
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / "club-admin.png"), full_page=True)
    page.click(f"{card} details.abort summary")
    page.fill(f"{card} .abort-reason", "closing time")
    page.click(f"{card} .abort-form button")
    page.wait_for_selector("#admin-msg:has-text('Aborted.')")
    assert web.http.get(f"/api/tables/{live}").json()["status"] == "aborted"

    # the leaderboard of the ruleset, and the player's page from it
    pat_id = club["pat"][0]
    page.click("#nav-leaderboard")
    page.wait_for_selector("#ruleset-tabs [aria-current='page']")
    page.click("#ruleset-tabs [data-tab='mcr']")
    row = f"#leaderboard tr[data-player='{pat_id}']"
    page.wait_for_selector(row)
    board = web.http.get("/api/leaderboard", params={"ruleset": "mcr"}).json()
    mine = next(p for p in board["players"] if p["player_id"] == pat_id)
    assert page.text_content(f"{row} td:nth-child(1)") == str(mine["position"])
    assert page.text_content(f"{row} td:nth-child(4)") == str(mine["matches"]) == "2"
    page.screenshot(path=str(DOCS / "club-leaderboard.png"), full_page=True)
    page.click("#measure-tabs [data-tab='rating']")
    page.wait_for_selector(row)
    page.click(f"{row} a.player-link")

    page.wait_for_selector("#history-table tr[data-match]")
    assert page.text_content("#player-name") == "Pat Club"
    assert page.locator("#history-table tbody tr").count() == 2
    stats = web.http.get(f"/api/players/{pat_id}/stats", params={"ruleset": "mcr"}).json()
    page.wait_for_selector("[data-figure='matches']")
    assert page.text_content("[data-figure='matches'] .figure-value") == "2"
    assert page.text_content("[data-figure='hands'] .figure-value") == str(stats["hands"])
    assert page.locator("#rank-bars .rank-bar").count() == 4
    page.wait_for_selector("#rating-now")
    page.screenshot(path=str(DOCS / "club-player.png"), full_page=True)

    # a finished match's scoresheet, from the history, with its review linked
    newest = club["matches"][-1]
    page.click(f"#history-table tr[data-match='{newest}'] a[href^='#/match/']")
    page.wait_for_selector("#hands tr.sheet-hand")
    sheet = web.http.get(f"/api/matches/{newest}").json()
    assert page.locator("#hands tr.sheet-hand").count() == len(sheet["hands"]) == 1
    assert page.get_attribute("#to-review", "href") == f"#/review/{newest}"
    totals = page.eval_on_selector_all(TOTALS, TEXTS)
    assert totals == [str(x) for x in sheet["final_totals"]]
    page.wait_for_selector("#audit .club-state.empty")

    # a correction: a penalty line for Pat, shown on the sheet and in the audit
    place = next(p["place"] for p in sheet["players"] if p["player_id"] == pat_id)
    page.select_option("#correction-kind", "adjust")
    page.select_option("#correction-seat", str(place))
    page.fill("#correction-amount", "-5")
    page.fill("#correction-reason", "late to the table")
    assert page.input_value("#correction-by") == "Clara Admin"
    page.click("#correction-submit")
    page.wait_for_selector("#audit-lines li[data-action='adjust_score']")
    assert "late to the table" in (page.text_content("#audit-lines") or "")
    assert "Clara Admin" in (page.text_content("#audit-lines") or "")
    page.wait_for_selector("#correction-msg.ok-note")
    assert page.locator("#corrections li[data-kind='adjust']").count() == 1
    after = web.http.get(f"/api/matches/{newest}").json()
    assert after["final_totals"][place] == sheet["final_totals"][place] - 5
    totals = page.eval_on_selector_all(TOTALS, TEXTS)
    assert totals == [str(x) for x in after["final_totals"]]
    page.screenshot(path=str(DOCS / "club-match.png"), full_page=True)

    # the review opens from the sheet
    page.click("#to-review")
    page.wait_for_selector("#rv-source")


def test_a_player_sees_no_admin_section(
    new_page: Any, web: LiveServer, club: dict[str, Any]
) -> None:
    pid, token = club["pat"]
    page = new_page(390, 844)  # a phone
    page.goto("/")
    page.evaluate(
        "p => localStorage.setItem('jantaku.player', p)",
        json.dumps({"player_id": pid, "name": "Pat Club", "token": token}),
    )
    page.goto(f"/#/match/{club['matches'][0]}")
    page.wait_for_selector("#hands tr.sheet-hand")
    assert page.locator("#correction-form").count() == 0
    page.wait_for_selector("#nav-me:not([hidden])", state="attached")
    assert page.locator("#nav-admin").is_hidden()
    # the nav folds into a menu at phone width
    assert page.locator("#club-nav").is_hidden()
    page.click("#nav-toggle")
    page.click("#nav-me")
    page.wait_for_selector("#history-table tr[data-match]")
    assert page.locator("#club-nav").is_hidden()  # closed again on the way
    page.screenshot(path=str(DOCS / "club-phone.png"), full_page=True)
    page.goto("/#/admin")
    page.wait_for_selector(".club-state.error")
    r = web.http.get("/api/admin/tables", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 403


def test_pages_say_what_is_missing(new_page: Any, web: LiveServer) -> None:
    page = new_page()
    page.goto("/#/match/nosuchmatch")
    page.wait_for_selector(".club-state.error:has-text('Not found.')")
    page.goto("/#/player/nosuchplayer")
    page.wait_for_selector(".club-state.error:has-text('Not found.')")
    page.goto("/#/leaderboard/zung_jung")
    page.wait_for_selector("#board .club-state.empty, #leaderboard")
    page.goto("/#/me")
    page.wait_for_selector("text=to have a page of your own")
