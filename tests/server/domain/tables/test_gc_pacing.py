"""The garbage-collector pacer freezes what is alive (the automatic collections skip it),
still frees a cycle that was frozen at the next full collection, and leaves nothing
frozen once stopped; 0 seconds turns it off."""

from __future__ import annotations

import asyncio
import gc
import weakref

import pytest

from server.config import Settings
from server.domain.tables.gc_pacing import GcPacer


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


def test_a_frozen_cycle_waits_for_the_full_collection_and_stop_unfreezes() -> None:
    async def run() -> None:
        pacer = GcPacer(freeze_seconds=0.05, full_seconds=0.6)
        pacer.start()
        try:
            alive = cycle()  # unreachable at once, but frozen before any collection
            gc.freeze()  # as the pacer's next round would, without waiting for it
            assert gc.get_freeze_count() > 0
            gc.collect()
            assert alive() is not None  # frozen: the collector does not walk it
            for _ in range(40):
                await asyncio.sleep(0.05)
                if pacer.full_collections:
                    break
            assert pacer.full_collections >= 1
            assert alive() is None  # the full collection unfroze and freed it
        finally:
            await pacer.stop()
        assert gc.get_freeze_count() == 0

    asyncio.run(run())


def test_zero_seconds_is_off_and_the_server_paces_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def run() -> None:
        pacer = GcPacer(freeze_seconds=0, full_seconds=600)
        pacer.start()
        assert gc.get_freeze_count() == 0
        await pacer.stop()

    asyncio.run(run())
    monkeypatch.delenv("JANTAKU_GC_FREEZE_SECONDS", raising=False)  # tests/conftest.py sets it
    settings = Settings()
    assert settings.gc_freeze_seconds > 0
    assert settings.gc_full_seconds > settings.gc_freeze_seconds


def test_the_full_collection_comes_sooner_when_the_frozen_objects_grow() -> None:
    async def run() -> None:
        pacer = GcPacer(freeze_seconds=0.05, full_seconds=3600, full_growth=1.2)
        pacer.start()
        try:
            left = gc.get_freeze_count()
            kept = [[i] for i in range(int(left * 0.3) + 150_000)]  # live, so frozen
            for _ in range(60):
                await asyncio.sleep(0.05)
                if pacer.full_collections:
                    break
            assert pacer.full_collections == 1  # by growth: the hour has not passed
            assert len(kept) > 0
        finally:
            await pacer.stop()

    asyncio.run(run())
