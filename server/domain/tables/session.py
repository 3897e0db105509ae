"""A table's shared state, and the queue that runs every change of it in turn.

Everything that touches a table — a player's action, a timer, a bot's move, a
(re)connection, an admin command — is a job on this queue, so a table's changes are
serialised while tables run concurrently. ``TableSession`` holds what the table's parts
(server.domain.tables.{prompts,seats,intermission,broadcast,recording}) all read: the
record, the engine's state and its log, the connections, the open prompts, who plays
which seat, the clocks' banks. Each part keeps its own state to itself; the actor
(server.domain.tables.actor) is a ``TableSession`` that wires the parts together.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from engine.bots import BRAINS, Bot
from engine.state import MatchState, Table
from server.config import Settings
from server.domain.tables.claim_pacing import ClaimPacer
from server.domain.tables.clock import Timers
from server.domain.tables.connection import Connection
from server.domain.tables.errors import TableError
from server.domain.tables.frames import Prompt
from server.domain.tables.mjai_seat import PREFIX as MJAI_PREFIX
from server.domain.tables.mjai_seat import MjaiSeat
from server.domain.tables.numbering import Entry, Numbering
from server.ports.storage import Store, TableRecord

log = logging.getLogger("jantaku.table")

T = TypeVar("T")
Job = Callable[[], Awaitable[Any]]


def moving(table_id: str) -> TableError:
    """The refusal of a job the table no longer runs here (it stopped on this instance)."""
    return TableError(
        503, "table_moving", f"table '{table_id}' is not served here now; try again", 1.0
    )


class _BotSeats(tuple[str, ...]):
    """The built-in bot seats; ``in`` also accepts an external ``bot:mjai:<name>``."""

    def __contains__(self, occupant: object) -> bool:
        if isinstance(occupant, str) and occupant.startswith(MJAI_PREFIX):
            return True
        return tuple.__contains__(self, occupant)


BOTS = _BotSeats(f"bot:{brain}" for brain in BRAINS)


class TableSession:
    def __init__(
        self,
        record: TableRecord,
        table: Table,
        store: Store,
        settings: Settings,
        names: dict[int, str] | None = None,
    ) -> None:
        self.record = record
        self.table = table
        self.store = store
        self.settings = settings
        self.names: dict[int, str] = dict(names or {})
        self.timers = Timers(
            move=float(record.timers["move"]),
            claim=float(record.timers["claim"]),
            bank=float(record.timers["bank"]),
        )
        # what the record kept (a restarted table), else full banks
        self.banks = list(record.banks) if record.banks else [self.timers.bank] * len(record.seats)
        self.state: MatchState | None = None
        self.seed: str | None = None
        self.log: list[Entry] = []
        # each viewer's frame numbers (server.domain.tables.numbering): a function of the log
        self.numbers = Numbering(record.assist, len(record.seats))
        self.conns: dict[int, Connection] = {}
        self.spectators: set[Connection] = set()
        self.prompts: dict[int, Prompt] = {}
        self.bots: dict[int, Bot] = {}
        self.external: dict[int, MjaiSeat] = {}  # bot:mjai seats (server.domain.tables.mjai_seat)
        # places of absent players played by a bot until they return (server.domain.tables.seats)
        self.standins: dict[int, Bot] = {}
        self.pacer = ClaimPacer(settings.claim_min_seconds)
        self.actions = 0
        self.last_action: float | None = None
        # Cluster ownership (server/adapters/cluster): the lease's fencing token every append
        # carries (server.domain.tables.recording).
        self.fence: int | None = None
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any] | None]] = asyncio.Queue()
        # the future of the job running now, and whether the queue was stopped (``halt``)
        self._running: asyncio.Future[Any] | None = None
        self.stopped = False

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def spectator_delay(self) -> float:
        return float(self.record.spectators.get("delay", 0.0))

    # ------------------------------------------------------------------ the queue

    async def _loop(self) -> None:
        while True:
            job, future = await self._queue.get()
            self._running = future
            try:
                result = await job()
            except Exception as exc:
                if future is not None and not future.done():
                    future.set_exception(exc)
                if not isinstance(exc, TableError):
                    log.exception("table %s: job failed", self.id)
            else:
                if future is not None and not future.done():
                    future.set_result(result)
            finally:
                self._running = None

    def submit(self, job: Job) -> None:
        """Queue a job; its errors are logged, never raised into the caller. Once the
        queue has stopped, the job is dropped (nothing would run it)."""
        if not self.stopped:
            self._queue.put_nowait((job, None))

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        """Queue a job and wait for its result (or its ``TableError``); ``table_moving``
        at once when the queue has stopped (``halt``)."""
        if self.stopped:
            raise moving(self.id)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    def halt(self) -> None:
        """Stop taking jobs (the actor stops: its lease lost, fenced, drained, freed):
        every caller still waiting, the running job's included, gets ``table_moving``
        now, and so does every later ``call``; the connection then closes with 1001 and
        the client reconnects wherever the table lives now, and resyncs."""
        self.stopped = True
        waiting = [self._running]
        while not self._queue.empty():
            waiting.append(self._queue.get_nowait()[1])
        for future in waiting:
            if future is not None and not future.done():
                future.set_exception(moving(self.id))

    # ------------------------------------------------------------------ reading the state

    def humans(self) -> list[int]:
        """The places held by players (not bots, not open)."""
        return [p for p, occ in enumerate(self.record.seats) if occ != "open" and occ not in BOTS]

    def humans_here(self) -> bool:
        return any(p in self.conns for p in self.humans())

    def time_called(self) -> bool:
        return self.state is not None and self.state.final_hand is not None

    def sent_seq(self) -> int:
        """The last log seq sent to the table (claim pacing may hold the newest entries)."""
        return len(self.log) - len(self.pacer.held)

    def audience(self) -> list[Connection]:
        """Every connection: the seated players', then the spectators'."""
        return [*self.conns.values(), *self.spectators]
