"""``last_seen`` from WebSocket activity is written at most once a minute per connection
(server.adapters.ws.endpoint.SeenClock): the first frame writes, frames within the minute do not,
the first frame after it writes again; a failed write never costs the connection."""

from __future__ import annotations

import asyncio
from datetime import datetime
from types import SimpleNamespace
from typing import Any, cast

import pytest

from server.adapters.ws import endpoint
from server.usecases.context import Services


class Players:
    def __init__(self, fail: bool = False) -> None:
        self.touched: list[tuple[str, datetime]] = []
        self.fail = fail

    async def touch(self, player_id: str, when: datetime) -> None:
        if self.fail:
            raise OSError("database gone")
        self.touched.append((player_id, when))


def _clock(players: Players, player_id: str | None) -> endpoint.SeenClock:
    services = SimpleNamespace(store=SimpleNamespace(players=players))
    return endpoint.SeenClock(cast(Services, services), player_id)


def test_writes_are_rate_limited_per_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr("server.adapters.ws.endpoint.time.monotonic", lambda: now[0])
    players = Players()
    clock = _clock(players, "p1")

    async def frames_at(*offsets: float) -> None:
        for t in offsets:
            now[0] = 1000.0 + t
            await clock.seen()

    asyncio.run(frames_at(0, 1, 30, 59.9))
    assert [p for p, _ in players.touched] == ["p1"]  # only the first frame wrote
    asyncio.run(frames_at(60, 61, 119))
    assert len(players.touched) == 2  # the minute passed: one more write
    asyncio.run(frames_at(121))
    assert len(players.touched) == 3


def test_spectators_write_nothing_and_a_failed_write_is_only_logged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    players = Players()
    asyncio.run(_clock(players, None).seen())
    assert players.touched == []
    warned: list[str] = []
    monkeypatch.setattr(endpoint.log, "warning", lambda msg, *a: warned.append(msg % a))
    clock: Any = _clock(Players(fail=True), "p2")
    asyncio.run(clock.seen())  # no exception
    assert warned == ["last_seen of p2 not written"]
