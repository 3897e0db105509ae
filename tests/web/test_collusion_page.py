"""The collusion page in Chromium (#/admin/collusion): an admin reaches it from the admin
page, sees the pairs with their figures and opens a pair's moments; a guest is told the
page is for staff. Runs on its own server holding a few stored matches of the planted
colluders (tests/server/domain/fairplay/planted.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ADMIN_TOKEN, LiveServer, running, suite_settings
from tests.server.domain.fairplay.planted import COLLUDERS, small_store


@pytest.fixture(scope="module")
def staffed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    # built in a thread: Playwright keeps an event loop running in this one
    with ThreadPoolExecutor(1) as pool:
        store = pool.submit(small_store).result()
    with running(suite_settings(tmp_path_factory.mktemp("collusion")), store) as live:
        yield live


def page_as(browser: Any, live: LiveServer, token: str | None) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=live.base_url)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    page.goto("/")
    if token:
        me = json.dumps({"token": token, "name": "admin"})
        page.evaluate("p => localStorage.setItem('jantaku.player', p)", me)
    return page


def test_an_admin_reads_the_report(browser: Any, staffed: LiveServer, artifacts: Path) -> None:
    page = page_as(browser, staffed, ADMIN_TOKEN)
    page.goto("/#/admin")
    page.click("#collusion-link")
    page.wait_for_selector("#collusion-summary")
    assert "4 matches" in (page.text_content("#collusion-summary") or "")
    # every pair (the threshold is not reached in four matches): ask for all of them
    page.check("#collusion-filter input[name=all]")
    page.fill("#collusion-filter input[name=min_matches]", "1")
    page.click("#collusion-filter button[type=submit]")
    pair = page.locator(f"[data-pair='{COLLUDERS[0]}+{COLLUDERS[1]}']")
    pair.wait_for()
    assert "Player 03" in pair.inner_text() and "Player 08" in pair.inner_text()
    assert page.locator(".collusion-pair").count() == 6
    assert "Together: 4 matches" in pair.locator("[data-signal=together]").inner_text()
    pair.locator("summary").first.click()
    moments = pair.locator(".collusion-moments li")
    if moments.count():
        assert "m00" in moments.first.inner_text()
    assert "all=1" in page.url and "min_matches=1" in page.url
    page.screenshot(path=str(artifacts / "collusion.png"), full_page=True)
    page.context.close()


def test_a_guest_is_turned_away(browser: Any, staffed: LiveServer) -> None:
    page = page_as(browser, staffed, None)
    page.goto("/#/admin/collusion")
    page.wait_for_selector(".club-state.error")
    assert page.locator(".collusion-pair").count() == 0
    page.context.close()
