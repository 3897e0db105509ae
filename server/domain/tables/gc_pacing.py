"""Pacing of the cyclic garbage collector for a long-running server.

A live table keeps its whole event log in memory (``TableActor.log``: each entry an
object, its event and its JSON), so a server with a few hundred tables holds millions of
objects that live for the whole match. CPython's full collection walks every one of
them; measured with ``bench/cluster.py`` at 300 tables on one instance, each full
collection stopped the event loop for 200-430 ms, several times a minute, and those
pauses were the whole p99 (docs/performance.md, "Cluster").

So every ``freeze_seconds`` the objects alive then are moved out of the collector's
generations (``gc.freeze``): the automatic collections walk only what was made since.
Objects freed by reference counting are freed as before, frozen or not; only cycles
among frozen objects wait (a finished table's actor is one), until everything is
unfrozen and one full collection runs: every ``full_seconds``, or sooner once the frozen
objects have grown ``full_growth`` times over what the last full collection left, so
memory stays within about that factor of the live set. A 200-table soak without the
growth rule grew 45 MB a minute between full collections. Stopping the pacer unfreezes
everything."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

log = logging.getLogger("jantaku.gc")


class GcPacer:
    def __init__(
        self, freeze_seconds: float, full_seconds: float, full_growth: float = 2.0
    ) -> None:
        self.freeze_seconds = freeze_seconds
        self.full_seconds = full_seconds
        self.full_growth = full_growth
        self.full_collections = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.freeze_seconds > 0 and self._task is None:
            gc.freeze()  # what start-up made (modules, settings, the app) lives for good
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        last_full = time.monotonic()
        left = gc.get_freeze_count()  # what the last full collection (or start-up) left
        while True:
            await asyncio.sleep(self.freeze_seconds)
            grown = gc.get_freeze_count() > self.full_growth * max(left, 100_000)
            if grown or time.monotonic() - last_full >= self.full_seconds:
                self.collect_all()
                last_full = time.monotonic()
                gc.freeze()
                left = gc.get_freeze_count()
            else:
                gc.freeze()

    def collect_all(self) -> int:
        """Unfreeze and run one full collection (what the periodic one does); returns
        the number of unreachable objects it found."""
        started = time.perf_counter()
        gc.unfreeze()
        found = gc.collect()
        self.full_collections += 1
        log.debug(
            "full collection: %d unreachable, %.0f ms",
            found,
            (time.perf_counter() - started) * 1000,
        )
        return found

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            gc.unfreeze()
