"""What a table sends its viewers: each event's frames in each viewer's own numbering,
the spectators' delayed feed, the ``state`` and ``prompt`` frames, status lines.

Frames are built only through server.domain.tables.frames (which goes through
``engine.views``); this part chooses who gets which, when, and numbered how
(server.domain.tables.numbering).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from engine.events import ClaimWindowOpened
from engine.replay import rebuild
from engine.state import MatchState, Phase
from server.domain.tables.connection import Connection, dumps
from server.domain.tables.frames import (
    FrameCache,
    Match,
    Prompt,
    event_frames,
    offered_frames,
    prompt_frame,
    state_frame,
)
from server.domain.tables.numbering import Entry
from server.domain.tables.session import TableSession


class Broadcaster:
    def __init__(self, session: TableSession) -> None:
        self.session = session
        # spectators' frames waiting for their delay: (due loop time, seq, frames)
        self._feed: deque[tuple[float, int, list[str]]] = deque()
        self._feed_wake = asyncio.Event()
        self.feed_task: asyncio.Task[None] | None = None

    def run(self) -> None:
        if self.session.spectator_delay > 0:
            name = f"feed-{self.session.id}"
            self.feed_task = asyncio.create_task(self._feed_loop(), name=name)

    # ------------------------------------------------------------------ events

    def frames(self, entry: Entry, place: int | None, cache: FrameCache) -> list[str]:
        """The frames of ``entry`` for table place ``place`` (None: a spectator), numbered
        in that viewer's own sequence (server.domain.tables.numbering)."""
        s = self.session
        face_down = s.table.rules.concealed_kong_face_down
        match = None if s.seed is None else Match(s.table, s.seed)
        r = s.record
        viewer = None if place is None else entry.seating.index(place)
        seq = s.numbers.number(place, entry)
        sealed = r.sealed_by is not None
        return event_frames(entry, viewer, s.log, face_down, cache, match, r.assist, sealed, seq)

    def broadcast(self, entries: list[Entry]) -> None:
        s = self.session
        delay = s.spectator_delay
        loop_now = asyncio.get_running_loop().time()
        for entry in entries:
            cache: FrameCache = {}
            for place, conn in s.conns.items():
                for frame in self.frames(entry, place, cache):
                    conn.send(frame)
            if delay > 0:
                self._feed.append((loop_now + delay, entry.seq, self.frames(entry, None, cache)))
                self._feed_wake.set()
            else:
                frames = self.frames(entry, None, cache) if s.spectators else []
                for conn in s.spectators:
                    for frame in frames:
                        conn.send(frame)
                    conn.known_seq = entry.seq

    async def _feed_loop(self) -> None:
        """Deliver public frames to spectators ``delay`` seconds after they happened."""
        loop = asyncio.get_running_loop()
        while True:
            if not self._feed:
                self._feed_wake.clear()
                await self._feed_wake.wait()
                continue
            due, seq, frames = self._feed[0]
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            self._feed.popleft()
            for conn in self.session.spectators:
                if seq > conn.known_seq:
                    for frame in frames:
                        conn.send(frame)
                    conn.known_seq = seq

    def resend(self, conn: Connection, last_seq: int) -> bool:
        """Resend the viewer's frames after its own frame ``last_seq`` (its numbering:
        server.domain.tables.numbering); False, with a ``bad_seq`` error, if it is ahead."""
        s = self.session
        limit = s.sent_seq()  # held events come with everyone's, when released
        if conn.spectator and s.spectator_delay > 0:
            limit = conn.known_seq
        place = conn.place
        top = s.numbers.count(place, limit)
        if last_seq > top:
            conn.send(
                {
                    "type": "error",
                    "code": "bad_seq",
                    "message": f"last_seq {last_seq} is ahead of the table ({top})",
                    "ref": last_seq,
                }
            )
            return False
        cache: FrameCache = {}
        for entry in s.log[s.numbers.position(place, last_seq) : limit]:
            for frame in self.frames(entry, place, cache):
                conn.send(frame)
            cache.clear()
        return True

    # ------------------------------------------------------------------ the table as a whole

    def state_frame(self, place: int | None, state: MatchState, k: int) -> dict[str, Any]:
        """The ``state`` frame of ``state`` (the table after the log's first ``k`` events)
        for table place ``place`` (None: a spectator), in that viewer's numbering. A
        viewer with no option in an open claim window gets the table as it was before
        the window opened: it never heard of the window (server.domain.tables.numbering)."""
        s = self.session
        viewer = None if place is None else state.seating.index(place)
        hand = state.hand
        if (
            hand is not None
            and hand.phase is Phase.CLAIM
            and hand.window is not None
            and (viewer is None or not hand.window.options_for(viewer))
            and s.seed is not None
        ):
            entries = s.log
            windows = (
                j for j in range(k - 1, -1, -1) if isinstance(entries[j].event, ClaimWindowOpened)
            )
            opened = next(windows, None)
            if opened is not None:
                k = opened
                state = rebuild(s.table, s.seed, [e.event for e in s.log[:k]])
        n = s.numbers
        seq, prompt = n.count(place, k), n.prompt_id(place, state.prompt)
        return state_frame(state, viewer, seq, s.record.assist, prompt)

    def delayed_state(self) -> tuple[MatchState | None, int]:
        """The table as spectators see it, ``spectator_delay`` seconds late, and its
        length in log entries."""
        s = self.session
        cutoff = asyncio.get_running_loop().time() - s.spectator_delay
        k = 0
        while k < len(s.log) and s.log[k].at <= cutoff:
            k += 1
        if k == 0 or s.seed is None:
            return None, 0
        return rebuild(s.table, s.seed, [e.event for e in s.log[:k]]), k

    def sent_state(self) -> tuple[MatchState | None, int]:
        """The table as it was sent to everyone (claim pacing may hold the newest events:
        server.domain.tables.claim_pacing), and its length in log entries."""
        s = self.session
        if not s.pacer.holding or s.seed is None:
            return s.state, len(s.log)
        k = s.sent_seq()
        return rebuild(s.table, s.seed, [e.event for e in s.log[:k]]), k

    # ------------------------------------------------------------------ prompts

    def send_prompt(self, conn: Connection, p: Prompt) -> None:
        s = self.session
        if conn.state_on_prompt and s.state is not None:
            conn.send(self.state_frame(p.place, s.state, len(s.log)))
        self.offer(conn, p)

    def offer(self, conn: Connection, p: Prompt) -> None:
        """Send ``p``'s frame; the connection knows its action frames' texts (an answer
        sent back as offered needs no parsing: server.adapters.ws.endpoint)."""
        bank = self.session.banks[p.place]
        conn.send(prompt_frame(p, bank, asyncio.get_running_loop().time()))
        conn.offered = offered_frames(p)

    # ------------------------------------------------------------------ to everyone

    def status(self, status: str, reason: str) -> None:
        seats = self.session.record.seats
        frame = dumps({"type": "status", "status": status, "reason": reason, "seats": seats})
        for conn in self.session.audience():
            conn.send(frame)

    def to_flow(self, frame: str) -> None:
        """Send ``frame`` to every connection that follows the table's flow (presence,
        hand ends: the clients that asked for them)."""
        for conn in self.session.audience():
            if conn.flow:
                conn.send(frame)
