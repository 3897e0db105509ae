"""Assist off in the browser (issue 23): at a table without assistance the header says
so; at a casual table it does not."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import LiveServer
from tests.web.test_play import register

BOTS = ["bot:greedy", "bot:greedy", "bot:greedy"]


def test_the_table_says_it_plays_without_assistance(new_page: Any, web: LiveServer) -> None:
    page = new_page(1280, 900)
    register(page, "Strict")
    player = page.evaluate("() => JSON.parse(localStorage.getItem('jantaku.player'))")
    pid = player["player_id"]
    for assist, shown in ((False, 1), (True, 0)):
        r = web.http.post(
            "/api/tables",
            json={"ruleset": "mcr", "seats": [pid, *BOTS], "assist": assist},
            headers=web.admin,
        )
        assert r.status_code == 201, r.text
        page.goto(f"/#/table/{r.json()['table_id']}")
        page.wait_for_selector("#my-hand")
        assert page.locator("#assist-off").count() == shown
        if shown:
            assert page.text_content("#assist-off") == "no assistance"
        web.http.post(f"/api/admin/tables/{r.json()['table_id']}/abort", headers=web.admin)
