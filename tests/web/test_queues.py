"""The queue page in a browser (smoke): three players wait in the MCR queue (REST); a
fourth presses "Play now" there, sees the queue's status over the socket, and lands at
the table the queue formed."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import LiveServer
from tests.web.test_play import register


def test_play_now_seats_the_player_at_a_formed_table(new_page: Any, web: LiveServer) -> None:
    tokens = [web.player(f"Queuer {i}")[1] for i in range(3)]
    for token in tokens:
        r = web.http.post("/api/queues/mcr/join", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
    page = new_page()
    register(page, "Quinn")
    page.goto("/#/queues")
    page.click("button[data-queue='mcr']")
    page.wait_for_url("**/#/table/*", timeout=15000)
    table_id = page.url.rsplit("/", 1)[1]
    seats = web.http.get(f"/api/tables/{table_id}").json()["seats"]
    assert "Quinn" in [s["name"] for s in seats]
    r = web.http.get("/api/queues/me", headers={"Authorization": f"Bearer {tokens[0]}"})
    assert r.json() == r.json() | {"status": "matched", "table_id": table_id}


def test_the_ladder_page_lists_a_ruleset(new_page: Any, web: LiveServer) -> None:
    page = new_page()
    page.goto("/#/ladder/riichi")
    page.wait_for_selector("#ladder >> text=Scheme: tenhou")
    page.click("a[href='#/ladder/mcr']")
    page.wait_for_selector("#ladder >> text=Scheme: points")
