"""Between two hands: the next hand's prompts wait until every player whose client
confirms hand ends said ``ready``, or ``hand_pause`` seconds.

Only the clocks wait; the log and the state already hold the next hand (so replay and
recovery are untouched). The ``intermission`` frame tells the clients that asked for the
table's flow who is still awaited, and until when.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable

from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.connection import Connection, dumps
from server.domain.tables.session import TableSession


@dataclasses.dataclass
class Intermission:
    """The places still awaited, and the deadline (Unix time) that ends the wait."""

    deadline: float  # Unix time
    waiting: set[int]
    handle: asyncio.TimerHandle | None = None


class BetweenHands:
    def __init__(
        self,
        session: TableSession,
        broadcaster: Broadcaster,
        *,
        released: Callable[[], None],
    ) -> None:
        """``released``: the wait is over (the prompts open)."""
        self.session = session
        self.broadcaster = broadcaster
        self._released = released
        self.hold: Intermission | None = None

    def begin(self) -> None:
        """A hand just ended and the next is dealt: hold its prompts until every player
        whose client confirms hand ends said ``ready`` (or ``hand_pause`` seconds)."""
        s = self.session
        pause = s.settings.hand_pause
        waiting = {
            place
            for place, conn in s.conns.items()
            if conn.flow and place not in s.bots and place not in s.standins
        }
        if pause <= 0 or not waiting:
            return
        self.hold = Intermission(round(time.time() + pause, 3), waiting)
        hold = self.hold
        loop = asyncio.get_running_loop()
        hold.handle = loop.call_later(pause, lambda: s.submit(lambda: self._expire(hold)))
        self._send()

    def frame(self) -> str:
        hold = self.hold
        return dumps(
            {
                "type": "intermission",
                "open": hold is not None,
                "deadline": hold.deadline if hold else None,
                "waiting": sorted(hold.waiting) if hold else [],
            }
        )

    def _send(self) -> None:
        self.broadcaster.to_flow(self.frame())

    async def _expire(self, hold: Intermission) -> None:
        if hold is self.hold:
            self._release()

    def _release(self) -> None:
        """End the wait (all ready, the deadline, or nobody left to wait for)."""
        if self.hold is None:
            return
        if self.hold.handle is not None:
            self.hold.handle.cancel()
        self.hold = None
        self._send()
        self._released()

    def ready(self, conn: Connection) -> None:
        """A player pressed OK on the hand's end."""
        hold = self.hold
        place = conn.place
        if hold is None or place is None or self.session.conns.get(place) is not conn:
            return
        if place in hold.waiting:
            hold.waiting.discard(place)
            if hold.waiting:
                self._send()
            else:
                self._release()

    def left(self, place: int) -> None:
        """The player at ``place`` left: the wait no longer waits for them (the others
        hear of it with the ``presence`` frame that follows)."""
        hold = self.hold
        if hold is not None and place in hold.waiting:
            hold.waiting.discard(place)
            if not hold.waiting:
                self._release()

    def cancel(self) -> None:
        if self.hold is not None and self.hold.handle is not None:
            self.hold.handle.cancel()
