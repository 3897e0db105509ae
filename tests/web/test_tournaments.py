"""The tournament pages in a browser (smoke): a player registers on the tournament page,
the organizer starts round 1 there, and the player's page then shows their table and
wind; the standings and the round's tables are listed; the organizer pauses a table from
the page, and the page shows by itself that it was resumed. The screenshot goes to
docs/screenshots/tournament.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.server.conftest import ADMIN_TOKEN, LiveServer
from tests.web.conftest import ARTIFACTS
from tests.web.test_play import register

DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_register_start_a_round_and_find_my_table(new_page: Any, web: LiveServer) -> None:
    others = [web.player(f"Entrant {i}")[0] for i in range(3)]
    r = web.http.post(
        "/api/tournaments",
        json={"name": "Spring open", "ruleset": "mcr", "rounds": 2, "hands": 1, "players": others},
        headers=web.admin,
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament_id"]

    player = new_page()
    register(player, "Tina")
    player.goto(f"/#/tournament/{tid}")
    player.click("#register-me")
    player.wait_for_selector("#my-table >> text=No table yet.")
    assert player.locator("#standings tr").count() == 5  # a header and four players

    organizer = new_page(1280, 1100)
    organizer.goto("/")
    admin = {"player_id": "admin", "name": "Organizer", "token": ADMIN_TOKEN}
    organizer.evaluate(f"localStorage.setItem('jantaku.player', {json.dumps(json.dumps(admin))})")
    organizer.goto("/#/tournaments")
    organizer.click(f"a[href='#/tournament/{tid}']")
    organizer.click("#start-round")
    organizer.wait_for_selector("[data-round='1']")
    assert organizer.locator("[data-round='1'] tr").count() == 2  # one table of four
    assert "Round 1" in organizer.inner_text("#rounds")
    # the organizer pauses the table from the page; resumed through REST, the page sees
    # it by itself (it reads the round again every few seconds while the round runs)
    organizer.click("[data-round='1'] [data-control='pause']")
    organizer.wait_for_selector("[data-round='1'] [data-control='resume']")
    match_id = web.http.get(f"/api/tournaments/{tid}").json()["round_list"][0]["tables"][0]
    assert match_id["status"] == "paused"
    r = web.http.post(
        f"/api/tournaments/{tid}/tables/{match_id['match_id']}/resume", headers=web.admin
    )
    assert r.status_code == 200, r.text
    organizer.wait_for_selector("[data-round='1'] [data-control='pause']", timeout=15000)

    player.reload()
    link = player.wait_for_selector("#my-table a.button")
    assert (link.get_attribute("href") or "").startswith("#/table/")
    assert "play as" in link.inner_text()
    for shot in (ARTIFACTS / "tournament.png", DOCS / "tournament.png"):
        shot.parent.mkdir(parents=True, exist_ok=True)
        organizer.screenshot(path=str(shot), full_page=True)
