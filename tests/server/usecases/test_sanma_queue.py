"""A queue of three-player tables: the table size comes from the queue's ruleset (sanma:
three seats), whether three players are seated together or two with a bot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from server.config.queues import DEFAULT_QUEUES
from tests.server.conftest import LiveServer, running, suite_settings

QUEUE = "test-sanma"


def matched(live: LiveServer, token: str, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        r = live.http.get("/api/queues/me", headers={"Authorization": f"Bearer {token}"})
        status: dict[str, Any] = r.json()
        if status["status"] == "matched":
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.05)


def seated(live: LiveServer, players: list[tuple[str, str]]) -> list[dict[str, Any]]:
    """The players join the queue; the seats of the one table they are all given."""
    for _, token in players:
        h = {"Authorization": f"Bearer {token}"}
        assert live.http.post(f"/api/queues/{QUEUE}/join", headers=h).status_code == 200
    tables = {matched(live, token)["table_id"] for _, token in players}
    assert len(tables) == 1
    seats: list[dict[str, Any]] = live.http.get(f"/api/tables/{tables.pop()}").json()["seats"]
    return seats


def test_the_default_catalogue_has_a_sanma_queue() -> None:
    assert any(q.ruleset == "sanma" for q in DEFAULT_QUEUES)


def test_sanma_queue_seats_three_then_two_with_a_bot(tmp_path: Path) -> None:
    settings = suite_settings(
        tmp_path,
        queue_tick=0.1,
        queue_bot_fill_after=None,
        queues=[
            {
                "id": QUEUE,
                "title": "Sanma test",
                "ruleset": "sanma",
                "options": {"preset": "tenhou_sanma", "game_length": "tonpuusen"},
                "ranked": False,
                "bot": "bot:greedy",
                "bot_fill_after": 1.0,
            }
        ],
    )
    with running(settings) as live:
        seats = seated(live, [live.player(f"s{i}") for i in range(3)])
        assert len(seats) == 3 and all(s["kind"] == "player" for s in seats), seats

        seats = seated(live, [live.player(f"t{i}") for i in range(2)])
        assert len(seats) == 3 and [s["kind"] for s in seats].count("bot") == 1, seats
