"""One WebSocket connection as the actor sees it: frames are queued and written by the
connection's own task, so a slow client never blocks a table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import orjson

from server.domain.protocol.messages import CloseCode
from server.ports.sockets import SendTexts, Socket

if TYPE_CHECKING:
    from engine.actions import Action

BATCH = 64  # frames written to the socket at once, at most


def dumps(frame: dict[str, Any]) -> str:
    """A frame's compact JSON text, encoded by orjson (the same text ``json.dumps`` with
    compact separators and ``ensure_ascii=False`` writes, keys in the same order; the
    suite's tests/server/domain/tables/test_frames_encoding.py holds them equal). What orjson
    refuses (an integer past 64 bits, a non-finite float) goes through ``json``."""
    try:
        return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
    except (TypeError, orjson.JSONEncodeError):
        return slow_dumps(frame)


def slow_dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


class Connection:
    def __init__(
        self,
        ws: Socket,
        *,
        player_id: str | None,
        name: str,
        place: int | None,
        state_on_prompt: bool = False,
        queue_limit: int = 16384,
        flow: bool = False,
        send_many: SendTexts | None = None,
    ) -> None:
        self.ws = ws
        self.send_many = send_many  # the transport's several-frames write, if it has one
        self.player_id = player_id
        self.session_id: str | None = None  # the login it authenticated with
        self.name = name
        self.place = place  # table place, or None for a spectator
        self.state_on_prompt = state_on_prompt
        # the client shows hand ends until its player presses OK (``ready``) and wants the
        # ``intermission`` and ``presence`` frames
        self.flow = flow
        self.queue_limit = queue_limit
        self.known_seq = 0  # for delayed spectators: last seq already delivered
        self.connected_at = time.time()
        self.closed = False
        self.close_code: int | None = None
        # frames to write (None: close), and the writer's wake-up while it waits for one
        self._frames: deque[str | None] = deque()
        self._wake: asyncio.Future[None] | None = None
        self._recent: dict[str, deque[float]] = {}
        # the action frames of the last prompt sent, text → action (frames.offered_frames)
        self.offered: dict[str, Action] = {}

    @property
    def spectator(self) -> bool:
        return self.place is None

    def send(self, frame: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if len(self._frames) >= self.queue_limit:
            self.close(CloseCode.TOO_SLOW, "client does not read its frames")
            return
        self._put(frame if isinstance(frame, str) else dumps(frame))

    def _put(self, item: str | None) -> None:
        self._frames.append(item)
        wake = self._wake
        if wake is not None:
            self._wake = None
            if not wake.done():
                wake.set_result(None)

    def pending(self) -> list[str | None]:
        """The frames queued and not yet written (None: the close), oldest first."""
        return list(self._frames)

    def close(self, code: int = CloseCode.NORMAL, reason: str = "") -> None:
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self._close_reason = reason
        self._put(None)

    def allowed(self, kind: str, per_10s: int) -> bool:
        """Rate limit: at most ``per_10s`` requests of ``kind`` in any 10 seconds."""
        now = time.monotonic()
        times = self._recent.setdefault(kind, deque())
        while times and now - times[0] > 10:
            times.popleft()
        if len(times) >= per_10s:
            return False
        times.append(now)
        return True

    def refund(self, kind: str) -> None:
        """Give back the last request ``allowed`` counted for ``kind``."""
        times = self._recent.get(kind)
        if times:
            times.pop()

    async def writer(self) -> None:
        """Write queued frames until ``close``; then close the socket with its code. The
        frames queued meanwhile (a table change sends several) go out together, in one
        socket write when the transport offers it (``send_many``)."""
        frames = self._frames
        send_many = self.send_many
        try:
            while True:
                if not frames:
                    self._wake = asyncio.get_running_loop().create_future()
                    await self._wake
                    continue
                batch: list[str] = []
                item = frames.popleft()
                while item is not None:
                    batch.append(item)
                    if len(batch) >= BATCH or not frames:
                        break
                    item = frames.popleft()
                if not batch:
                    pass
                elif send_many is not None:
                    await send_many(batch)
                else:
                    for text in batch:
                        await self.ws.send_text(text)
                if item is None:
                    break
            with contextlib.suppress(Exception):
                await self.ws.close(self.close_code or CloseCode.NORMAL, self._close_reason)
        except Exception:  # the peer went away while we were writing
            self.closed = True
