"""Group commit for the event log: the batches appended while a group is being written
wait and then go together into the next one (one commit, one fsync, for many tables'
moves). Each ``append`` returns only once its own batch is committed, so an
acknowledged action is on disk as before. A group that fails is written again batch by
batch, so each batch gets its own outcome (one table's refused batch never refuses
another's)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable

from server.ports.storage import LoggedEvent

Pending = tuple[list[LoggedEvent], "asyncio.Future[None]"]
Write = Callable[[list[LoggedEvent]], Awaitable[None]]


def _settle(done: asyncio.Future[None], exc: BaseException | None) -> None:
    if done.done():  # its waiter was cancelled
        return
    if exc is None:
        done.set_result(None)
    else:
        done.set_exception(exc)


class GroupCommit:
    """One queue of batches and the task that writes them, a group at a time. ``tables``
    counts the batches of each table in the queue or being written, so a caller with
    several queues can keep one table's batches in one queue, in order."""

    def __init__(self, write: Write) -> None:
        self._write = write
        self._pending: list[Pending] = []
        self._flusher: asyncio.Task[None] | None = None
        self.tables: Counter[str] = Counter()

    async def append(self, events: list[LoggedEvent]) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        ids = {ev.table_id for ev in events}
        self.tables.update(ids)
        self._pending.append((events, done))
        flusher = self._flusher
        if flusher is None or flusher.done() or flusher.get_loop() is not loop:
            self._flusher = loop.create_task(self._flush())
        try:
            await done
        finally:
            self.tables.subtract(ids)
            for table_id in ids:
                if self.tables[table_id] <= 0:
                    del self.tables[table_id]

    async def _flush(self) -> None:
        group: list[Pending] = []
        try:
            while self._pending:
                group, self._pending = self._pending, []
                try:
                    await self._write([ev for batch, _ in group for ev in batch])
                except Exception as exc:
                    if len(group) == 1:
                        _settle(group[0][1], exc)
                        continue
                    for batch, done in group:  # alone, each batch gets its own outcome
                        try:
                            await self._write(batch)
                        except Exception as alone:
                            _settle(done, alone)
                        else:
                            _settle(done, None)
                else:
                    for _, done in group:
                        _settle(done, None)
        except BaseException:  # cancelled (shutdown): nobody waits forever
            for _, done in [*group, *self._pending]:
                done.cancel()
            self._pending = []
            raise
