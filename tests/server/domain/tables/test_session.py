"""The table's session: the state its parts share, who is human and here, and the queue
that runs every job in turn."""

from __future__ import annotations

import asyncio
import logging

import pytest

from server.domain.tables.errors import TableError
from server.domain.tables.session import BOTS
from tests.server.domain.tables.parts import conn, session


def test_bots_include_the_brains_and_any_external_mjai_bot() -> None:
    assert "bot:greedy" in BOTS and "bot:mjai:anyone" in BOTS
    assert "p-human" not in BOTS and "open" not in BOTS


def test_humans_are_the_places_of_players() -> None:
    s = session(["p-a", "bot:greedy", "open", "p-b"])
    assert s.humans() == [0, 3]
    assert not s.humans_here()
    s.conns[3] = conn(3)
    assert s.humans_here()


def test_the_audience_is_the_players_then_the_spectators() -> None:
    s = session()
    player, watcher = conn(0), conn(None)
    s.spectators.add(watcher)
    s.conns[0] = player
    assert s.audience() == [player, watcher]


def test_jobs_run_in_turn_and_report_their_results(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        s = session()
        loop = asyncio.create_task(s._loop())
        order: list[int] = []

        async def job(n: int) -> int:
            await asyncio.sleep(0.001 * (3 - n))  # the first waits longest: still first
            order.append(n)
            return n

        for n in range(3):
            s.submit(lambda n=n: job(n))  # type: ignore[misc]
        assert await s.call(lambda: job(3)) == 3
        assert order == [0, 1, 2, 3]

        async def refused() -> None:
            raise TableError(409, "nope", "refused")

        async def broken() -> None:
            raise RuntimeError("broken")

        with caplog.at_level(logging.ERROR, logger="jantaku.table"):
            with pytest.raises(TableError):
                await s.call(refused)  # a refusal is the caller's, and not logged
            assert not caplog.records
            s.submit(broken)  # a failed job is logged, never raised into the caller
            await s.call(lambda: job(4))
            assert "job failed" in caplog.text
        loop.cancel()

    asyncio.run(run())


def test_a_stopped_queue_refuses_every_call_at_once() -> None:
    """Issue 35: a join or action queued on an actor that stopped (lease lost, fenced,
    drained) waited for ever. Now the waiting calls, the running job's included, and every
    later call get ``table_moving`` at once; later submits are dropped."""

    async def run() -> None:
        s = session()
        loop = asyncio.create_task(s._loop())
        started = asyncio.Event()

        async def forever() -> None:
            started.set()
            await asyncio.Event().wait()

        running = asyncio.create_task(s.call(forever))
        queued = asyncio.create_task(s.call(forever))
        await started.wait()
        s.halt()
        loop.cancel()
        for waiting in (running, queued):
            with pytest.raises(TableError) as refused:
                await asyncio.wait_for(waiting, 1.0)
            assert refused.value.code == "table_moving" and refused.value.status == 503
        with pytest.raises(TableError) as later:
            await asyncio.wait_for(s.call(forever), 1.0)
        assert later.value.code == "table_moving"
        s.submit(forever)
        assert s._queue.empty()

    asyncio.run(run())
