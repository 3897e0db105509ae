"""Who plays each seat of a table: bots (a built-in brain, or an external mjai process),
players, and the stand-in bot that plays an absent player's seat until they return; and
the ``presence`` frame that tells everyone who is here.

A player who is not connected is marked away; after ``absent_grace`` seconds a stand-in
(``GreedyBot``) plays the seat. The prompts decide when a stand-in may move
(server.domain.tables.prompts); the record keeps the hands it played
(``record.standins``: scoresheets and tournament standings say so).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from engine.bots import Bot, make_bot
from engine.bots.greedy import GreedyBot
from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.connection import dumps
from server.domain.tables.mjai_seat import PREFIX as MJAI_PREFIX
from server.domain.tables.mjai_seat import Limits, MjaiSeat, codec_of
from server.domain.tables.recording import Recorder
from server.domain.tables.session import BOTS, TableSession

log = logging.getLogger("jantaku.table")


class Seats:
    def __init__(
        self,
        session: TableSession,
        recorder: Recorder,
        broadcaster: Broadcaster,
        *,
        reopen: Callable[[list[int]], None],
    ) -> None:
        """``reopen``: open these places' prompts afresh (who answers them changed)."""
        self.session = session
        self.recorder = recorder
        self.broadcaster = broadcaster
        self._reopen = reopen
        # since when (loop time) each absent player has been away
        self.away: dict[int, float] = {}
        # external bots' moves being thought out, and their closing
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ bots

    def seat_bot(self, place: int, occupant: str) -> None:
        """Put the bot ``occupant`` at ``place``: a brain, or an external mjai process that
        is first shown the match so far."""
        s = self.session
        if occupant.startswith(MJAI_PREFIX):
            name = occupant.removeprefix(MJAI_PREFIX)
            st = s.settings
            limits = Limits(
                answer_seconds=st.mjai_answer_seconds,
                start_seconds=st.mjai_start_seconds,
                cpu_seconds=st.mjai_cpu_seconds,
                memory_bytes=st.mjai_memory_mb * 1024**2,
            )
            names = [s.names.get(q, f"seat {q + 1}") for q in range(len(s.record.seats))]
            seat = MjaiSeat(
                name,
                st.mjai_bots.get(name, ""),
                place,
                names,
                st.mjai_log_dir / f"{s.id}.log",
                limits,
                codec_of(s.record.ruleset),
            )
            seat.observe([e.event for e in s.log])
            s.external[place] = seat
        else:
            s.bots[place] = self._make_bot(place, occupant)

    def _make_bot(self, place: int, occupant: str) -> Bot:
        s = self.session
        return make_bot(occupant.removeprefix("bot:"), s.table, f"{s.id}/{s.seed}", place)

    def seat_bots(self) -> None:
        """Seat every bot of the record (a match starts, or a table is rebuilt)."""
        for place, occupant in enumerate(self.session.record.seats):
            if occupant in BOTS:
                self.seat_bot(place, occupant)

    def spawn(self, task: asyncio.Task[None]) -> None:
        """Keep ``task`` (an external bot's work) until it is done, or the table stops."""
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def close_external(self) -> None:
        for external in list(self.session.external.values()):
            await external.close()

    def close_external_later(self) -> None:
        if self.session.external:
            self.spawn(asyncio.create_task(self.close_external()))

    # ------------------------------------------------------------------ presence

    def presence_frame(self) -> str:
        seats = self.session.record.seats
        standins = self.session.standins
        conns = self.session.conns
        connected = [p in conns or occ in BOTS for p, occ in enumerate(seats)]
        standin = [p in standins for p in range(len(seats))]
        return dumps({"type": "presence", "connected": connected, "standin": standin})

    def send_presence(self) -> None:
        self.broadcaster.to_flow(self.presence_frame())

    # ------------------------------------------------------------------ absent players

    def mark_away(self, place: int) -> None:
        """The player at ``place`` is not here: after ``absent_grace`` seconds a bot plays
        the seat until they return."""
        grace = self.session.settings.absent_grace
        since = asyncio.get_running_loop().time()
        self.away[place] = since
        if grace > 0:
            submit = self.session.submit
            asyncio.get_running_loop().call_later(
                grace, lambda: submit(lambda: self._take_over(place, since))
            )

    def back(self, place: int) -> bool:
        """The player at ``place`` is here again; True when a stand-in played for them."""
        self.away.pop(place, None)
        return self.session.standins.pop(place, None) is not None

    def vacate(self, place: int) -> None:
        """``place`` changes hands: forget its bot, stand-in and absence."""
        s = self.session
        s.bots.pop(place, None)
        s.standins.pop(place, None)
        self.away.pop(place, None)

    async def _take_over(self, place: int, since: float) -> None:
        s = self.session
        if self.away.get(place) != since or place in s.standins:
            return
        occupant = s.record.seats[place]
        if occupant in BOTS or occupant == "open":
            return
        if s.record.status not in ("playing", "paused"):
            return
        s.standins[place] = GreedyBot(s.table.rules)
        log.info("table %s: a bot plays place %d while its player is away", s.id, place)
        self.send_presence()
        self._reopen([place])

    async def note_standin(self, place: int) -> None:
        """The stand-in moves for an absent player in this hand: the record keeps the hand
        numbers per place (scoresheets and tournament standings say so)."""
        s = self.session
        hand = s.state.hand if s.state is not None else None
        if hand is None:
            return
        kept = s.record.standins or [[] for _ in s.record.seats]
        if hand.hand_number in kept[place]:
            return
        kept[place] = sorted({*kept[place], hand.hand_number})
        s.record.standins = kept
        await self.recorder.save()
