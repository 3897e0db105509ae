"""A person plays whole matches against three bots in Chromium by clicking what the server
offers; reload and dropped connections resume; the scoresheet, the final table with its
chart, and the hand-by-hand review show."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from server.cli.client import SeatClient
from tests.web.driver import PROMPT, Player, spectators_agree


def register(page: Any, name: str) -> None:
    page.goto("/")
    page.fill("#name", name)
    page.click("#register button")
    page.wait_for_selector("#me-name")


def create_table(
    page: Any, ruleset: str, seats: list[str], options: dict[str, str], timers: tuple[int, int, int]
) -> str:
    """Fill the lobby's form (options by their label in the generated form); the table id."""
    page.wait_for_selector("#ruleset option[value='mcr']", state="attached")
    page.select_option("#ruleset", ruleset)
    if options and not page.is_checked("#show-all"):
        page.check("#show-all")  # the form shows only what differs from the preset
    for name, value in options.items():
        if page.get_attribute(f"#opt-{name}", "type") == "number":
            page.fill(f"#opt-{name}", value)
        else:  # a choice, by the value (its label is the value's display name)
            option = f'#opt-{name} option[value="{value}"]'  # a number's value is itself
            text = value if page.locator(option).count() else json.dumps(value)
            page.select_option(f"#opt-{name}", value=text)
    for i, seat in enumerate(seats):
        page.select_option(f"#seat-{i}", seat)
    for sel, timer in zip(("#t-move", "#t-claim", "#t-bank"), timers, strict=True):
        page.fill(sel, str(timer))
    page.click("#create-btn")
    page.wait_for_selector("#share code")
    return str(page.text_content("#share code"))


def my_tiles(page: Any) -> list[str]:
    tiles: list[str] = page.eval_on_selector_all(
        "#my-hand [data-tile]", "els => els.map(e => e.dataset.tile)"
    )
    return tiles


def play_out(
    player: Player, artifacts: Path, prefix: str, budget_s: float, check: Any = None
) -> None:
    """Answer prompts to the end of the match; screenshots of the table and of the first
    scoresheet with a win. ``check(player)`` runs before each answer."""
    start = time.monotonic()
    page = player.page
    while (check is None or check(player) or True) and player.step():
        if player.actions >= 30 and f"{prefix}-table" not in player.shots:
            # the table mid-hand; when the 30th answer ended the hand, at the next prompt
            page.wait_for_selector(player.ready_selector())
            if page.locator(PROMPT).count() and not player.over():
                player.shoot(f"{prefix}-table", artifacts)
        if f"{prefix}-scoresheet" not in player.shots and page.locator("#sheet .win-block").count():
            check_languages(page)
            player.shoot(f"{prefix}-scoresheet", artifacts, "#sheet")
        assert time.monotonic() - start < budget_s, f"{player.actions} actions and not done"


def check_languages(page: Any) -> None:
    """The pattern names follow the English / 中文 / 日本語 switch."""
    names = page.evaluate(
        "() => { const p = window.__jantaku.st.sheet.frame.result.wins[0].score.patterns[0];"
        " return [p.en, p.zh, p.ja]; }"
    )
    for lang, name in zip(("en", "zh", "ja"), names, strict=True):
        page.select_option("#lang", lang)
        page.wait_for_function(
            "n => document.querySelector('#sheet .pname').textContent === n", arg=name
        )
    page.select_option("#lang", "en")


def check_match_end(page: Any, hands: int | None = None) -> None:
    page.wait_for_selector(".matchsheet")
    assert page.locator(".matchsheet table.final tbody tr").count() == 4
    assert page.locator(".matchsheet svg.chart polyline").count() == 4
    ends = page.evaluate("window.__jantaku.st.model.history().length")
    if hands is not None:
        assert ends == hands + 1, ends  # start + every hand


def test_riichi_east_only_match(new_page: Any, artifacts: Path) -> None:
    page = new_page()
    register(page, "Ann")
    table = create_table(
        page,
        "riichi",
        ["me", "bot:greedy", "bot:greedy", "bot:greedy"],
        {"game_length": "tonpuusen"},
        (0, 0, 0),
    )
    page.click("#go-table")
    page.wait_for_selector("#hand-label")
    assert page.locator("#show-scores").count() == 0  # no "Last hand" before there is one
    player = Player(page, random.Random(10))
    watcher = new_page()
    watcher.goto(f"/#/watch/{table}")

    # a reload mid-hand comes back to the same hand, the same tiles and the same prompt
    for _ in range(12):
        assert player.step()
    page.wait_for_selector(player.ready_selector())
    label, tiles = page.text_content("#hand-label"), my_tiles(page)
    pending = page.get_attribute("#mine", "data-prompt")
    page.reload()
    page.wait_for_selector(f"#mine[data-prompt='{pending}']")
    assert page.text_content("#hand-label") == label
    assert my_tiles(page) == tiles

    # a dropped connection reconnects by itself and play carries on
    for _ in range(6):
        assert player.step()
    page.evaluate("window.__jantaku.sock.drop()")
    page.wait_for_selector("#conn[data-state='connected']")
    player.last = ""  # the open prompt comes again after the reconnect

    def agree(p: Player) -> None:
        # deep in the match (riichi, kongs, dora, several hands) the spectator who has
        # folded every event still shows what the server shows a newcomer
        if p.actions in (40, 90):
            p.page.wait_for_selector(p.ready_selector())
            if not p.over():
                spectators_agree(new_page(), watcher, table)

    play_out(player, artifacts, "riichi", budget_s=120, check=agree)
    check_match_end(page)
    info = page.evaluate("fetch('/api/tables/" + table + "').then(r => r.json())")
    assert info["status"] == "finished"
    assert page.evaluate("window.__jantaku.st.model.history().length") == info["hands_played"] + 1
    player.shoot("riichi-match-end", artifacts, "#sheet")
    assert player.actions > 20 and player.keys > 0
    assert player.sheets == info["hands_played"]  # every hand's sheet, the last one too

    # review the finished match hand by hand from its event log
    page.click("#review-link")
    page.wait_for_selector(".hand-tab")
    print("\nreview source:", page.text_content("#rv-source"))
    assert page.locator(".hand-tab").count() == info["hands_played"]
    page.locator(".hand-tab").nth(0).click()
    page.wait_for_selector("#rv-sheet .scoresheet")
    page.click("#first")
    assert page.locator("#rv-sheet .scoresheet").count() == 0
    page.click("#next")
    page.keyboard.press("ArrowRight")
    assert "/" in (page.text_content("#step-text") or "")
    page.locator(".hand-tab").last.click()
    page.wait_for_selector("#rv-match svg.chart")
    player.shoot("riichi-review", artifacts)


def test_mcr_sixteen_hands(new_page: Any, artifacts: Path) -> None:
    """A whole 16-hand MCR match by clicking; the time it takes is printed (-s)."""
    page = new_page()
    register(page, "Bo")
    create_table(page, "mcr", ["me", "bot:greedy", "bot:greedy", "bot:greedy"], {}, (0, 0, 0))
    page.click("#go-table")
    player = Player(page, random.Random(16))
    start = time.monotonic()
    play_out(player, artifacts, "mcr", budget_s=150)
    took = time.monotonic() - start
    check_match_end(page, hands=16)
    assert player.sheets == 16
    shot = player.shoot("mcr-match-end", artifacts, "#sheet")
    print(
        f"\nMCR 16 hands by clicking: {player.actions} actions in {took:.1f} s "
        f"({1000 * took / max(1, player.actions):.0f} ms per action)"
    )
    assert shot.exists()


def test_review_shows_the_stand_ins(new_page: Any, web: Any, monkeypatch: Any) -> None:
    """A player who never connects, at a table where another player plays (a protocol
    bot, in a thread of its own: Playwright holds this one's event loop): after the grace
    period a bot plays the absent seat for the whole match; the review names them in its
    stand-in line, marks every hand's tab, and says so beside the board (what the sheet's
    standin_hands records)."""
    monkeypatch.setattr(web.settings, "absent_grace", 0.2)
    absent, _ = web.player("Absent Al")
    present, token = web.player("Present Pat")
    r = web.http.post(
        "/api/tables",
        json={
            "ruleset": "mcr",
            "options": {"hands_per_session": 2},
            "seats": [absent, present, "bot:greedy", "bot:greedy"],
        },
        headers=web.admin,
    )
    assert r.status_code == 201, r.text
    table = r.json()["table_id"]
    client = SeatClient(web.base_url, table, token, "greedy")
    played = threading.Thread(target=lambda: asyncio.run(client.play()), daemon=True)
    played.start()
    played.join(90)
    assert not played.is_alive(), "the match did not finish"
    deadline = time.monotonic() + 10
    while web.http.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    sheet = web.http.get(f"/api/matches/{table}").json()
    assert sheet["players"][0]["standin_hands"] == [0, 1]
    page = new_page()
    page.goto(f"/#/review/{table}")
    page.wait_for_selector(".hand-tab")
    line = page.text_content("#rv-standins") or ""
    assert "Absent Al" in line and "bot played" in line
    assert page.locator(".hand-tab.standin").count() == page.locator(".hand-tab").count() == 2
    page.locator(".hand-tab").nth(0).click()
    assert "Absent Al" in (page.text_content("#rv-standin-now") or "")
