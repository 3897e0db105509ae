"""A protocol client that plays one seat with an engine bot over the real WebSocket
protocol (``jantaku play``, the tests and bench/load.py use it)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.actions import action_to_json
from engine.bots import Bot, make_bot
from engine.views import VIEW_ADAPTER, TableView
from server.domain.protocol.messages import PROTOCOL_VERSION
from server.domain.registry import build_table

Ask = Callable[[TableView | None, dict[str, Any]], Awaitable[dict[str, Any] | None]]

# Close codes after which reconnecting cannot help (docs/protocol.md, Close codes).
FINAL_CLOSE = frozenset({4400, 4401, 4403, 4404, 4406, 4409, 4410, 4411})
CLAIM_CLOSERS = ("drew", "called", "discarded")  # events after which a claim window is over


class Dropped(Exception):
    """The connection ended before the match did (``code``: the close code, if any)."""

    def __init__(self, code: int | None) -> None:
        self.code = code
        super().__init__(f"connection closed ({code})")


def ws_url(base: str, table_id: str, **params: str) -> str:
    """``http://host:port`` (or ws://…) → the table's WebSocket URL. It never carries the
    token: a player adds ``auth="frame"`` and sends ``auth_frame(token)`` first."""
    parts = urlsplit(base)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme or "ws")
    query = "&".join(f"{k}={quote(v)}" for k, v in params.items())
    return urlunsplit((scheme, parts.netloc, f"/ws/tables/{table_id}", query, ""))


def auth_frame(token: str) -> str:
    """The first frame of a connection opened with ``auth=frame``."""
    return json.dumps({"type": "auth", "token": token})


def _slow(exc: BaseException) -> bool:
    """The server took too long to open the connection (it is there, but overloaded)."""
    return isinstance(exc, TimeoutError)


class SeatClient:
    def __init__(
        self,
        base_url: str,
        table_id: str,
        token: str,
        bot: str = "greedy",
        *,
        on_frame: Callable[[dict[str, Any]], None] | None = None,
        latencies: list[float] | None = None,
        compress: bool = False,
        ask: Ask | None = None,
        on_closed: Callable[[str], None] | None = None,
        reconnect_for: float = 0.0,
        also: Sequence[str] = (),
    ) -> None:
        # a person's chooser (server.cli.human): it runs beside the reading of frames, and is
        # cancelled (``on_closed`` says why) when the table moves past its prompt
        self.ask = ask
        self.on_closed = on_closed
        # after a dropped connection (the server restarted, the network blinked), keep
        # reconnecting for this many seconds, then resync from the last event seen
        self.reconnect_for = reconnect_for
        self.reconnects = 0
        # other instances of the same cluster to reconnect to, in turn (docs/cluster.md)
        self.bases = [base_url, *also]
        self._turn = 0
        self.table_id = table_id
        self.compression: str | None = "deflate" if compress else None
        self.base_url = base_url
        self.token = token
        self.url = self._url(base_url)
        self.bot_name = bot
        self.bot: Bot | None = None
        self.view: TableView | None = None
        # the seq up to which every event has been seen: what a resync asks to resume from
        self.last_seq = 0
        self._ahead: set[int] = set()  # events seen above ``last_seq`` (a replay is missing)
        self.on_frame = on_frame
        self.latencies = latencies
        self.sent_at: float | None = None
        self.actions = 0
        self.errors: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] | None = None
        self.match_end: dict[str, Any] | None = None
        self.hands: list[dict[str, Any]] = []
        self._asking: tuple[int, asyncio.Task[None]] | None = None  # (prompt id, its task)
        self._claim_prompt = False
        self._answered: int | None = None  # the last prompt id answered

    def _url(self, base: str) -> str:
        return ws_url(
            base,
            self.table_id,
            state_on_prompt="true",
            protocol=str(PROTOCOL_VERSION),
            auth="frame",
        )

    def _make_bot(self, welcome: dict[str, Any]) -> Bot:
        table = build_table(welcome["ruleset"]["id"], welcome.get("options") or {})
        return make_bot(self.bot_name, table, welcome["table_id"], welcome["seat"] or 0)

    def choose(self, prompt: dict[str, Any]) -> dict[str, Any]:
        """The ``action`` frame to send for ``prompt`` (the bot's pick among the offered)."""
        offered = prompt["actions"]
        if self.bot is None or self.view is None or self.view.prompt != prompt["prompt_id"]:
            return dict(offered[0])
        action = self.bot.act(self.view)
        wanted = action_to_json(dataclasses.replace(action, prompt=prompt["prompt_id"]))
        for frame in offered:
            if frame["action"] == wanted:
                return dict(frame)
        return dict(offered[0])

    async def play(self) -> dict[str, Any] | None:
        """Play until the match ends (returns the ``match_end`` frame) or the table closes."""
        first = True
        while True:
            try:
                return await self._play(resync=not first)
            except (Dropped, ConnectionClosed, OSError, InvalidHandshake, InvalidURI) as exc:
                never_in = isinstance(exc, OSError | InvalidHandshake | InvalidURI)
                if first and never_in and not (self.reconnect_for > 0 and _slow(exc)):
                    raise  # never got in: the caller reports it (a slow server is retried)
                code = exc.code if isinstance(exc, Dropped) else None
                if isinstance(exc, ConnectionClosed) and exc.rcvd is not None:
                    code = exc.rcvd.code
                if self.match_end is not None or code in FINAL_CLOSE or self.reconnect_for <= 0:
                    return self.match_end
            finally:
                self._stop_asking(None)
            first = False
            if not await self._wait_for_server():
                return self.match_end

    async def _wait_for_server(self) -> bool:
        """Try to connect again with a growing pause, for ``reconnect_for`` seconds."""
        if self.on_closed is not None:
            self.on_closed("connection lost: reconnecting")
        give_up = time.monotonic() + self.reconnect_for
        pause = 0.25
        async with httpx.AsyncClient(timeout=5) as http:
            while time.monotonic() < give_up:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 4.0)
                self._turn += 1
                base = self.bases[self._turn % len(self.bases)]
                try:
                    up = (await http.get(f"{base}/api/health")).status_code == 200
                except httpx.HTTPError:
                    up = False
                if up:
                    self.reconnects += 1
                    self.base_url = base
                    self.url = self._url(base)
                    return True
        return False

    async def _play(self, resync: bool) -> dict[str, Any] | None:
        # A new connection may reach a server that never saw the last answer (it crashed,
        # or the table moved before it was saved): the prompt sent again is answered again
        # (the server refuses a duplicate as stale).
        self._answered = None
        # A live event may overtake the resync's replay (the table moved on between the
        # welcome and the resync). It is shown once, but ``last_seq`` stays below the
        # replay's gap until the replay has filled it: a connection lost in between then
        # resyncs from before the gap again instead of skipping it.
        filled = not resync  # every event up to the welcome's last_seq is here
        async with connect(self.url, max_size=2**22, compression=self.compression) as ws:
            await ws.send(auth_frame(self.token))
            async for raw in ws:
                frame: dict[str, Any] = json.loads(raw)
                kind = frame["type"]
                again = resync and self._seen_before(frame)
                if kind == "event":
                    filled = self._seen(frame["seq"], filled)
                if again:
                    continue  # already seen before the reconnect
                if self.on_frame is not None:
                    self.on_frame(frame)
                if kind == "event":
                    if self.sent_at is not None and self.latencies is not None:
                        self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                    self._event_closes_prompt(frame["event"])
                elif kind == "state":
                    self.view = VIEW_ADAPTER.validate_python(frame["view"])
                    if not resync:  # after a reconnect the resync brings the events between
                        self.last_seq = max(self.last_seq, frame["seq"])
                elif kind == "prompt":
                    await self._prompt(ws, frame)
                elif kind == "welcome":
                    self.welcome = frame
                    if frame["role"] == "player":
                        self.bot = self._make_bot(frame)
                    if resync:  # what happened while we were away (hand results)
                        await ws.send(json.dumps({"type": "resync", "last_seq": self.last_seq}))
                        # the replay brings every event up to the welcome's last_seq
                        if frame["last_seq"] <= self.last_seq:
                            filled = self._filled()
                elif kind == "hand_end":
                    self.hands.append(frame)
                elif kind == "match_end":
                    self.match_end = frame
                    return frame
                elif kind == "error":
                    self.errors.append(frame)
                    self.sent_at = None
                elif kind == "status" and frame["status"] == "aborted":
                    return None
        if self.match_end is not None:
            return self.match_end
        raise Dropped(ws.close_code)

    def _seen_before(self, frame: dict[str, Any]) -> bool:
        """An event or hand result resent by the resync after a reconnect."""
        if frame["type"] == "event":
            return bool(frame["seq"] <= self.last_seq or frame["seq"] in self._ahead)
        if frame["type"] == "hand_end":  # it shares its seq with its ``settled`` event
            return any(h["seq"] == frame["seq"] for h in self.hands)
        return False

    def _seen(self, seq: int, filled: bool) -> bool:
        """Event ``seq`` arrived (a repeat too); ``filled``: this connection's resync
        replay has reached the welcome's last_seq (``self.welcome``). Returns ``filled``."""
        if filled:  # nothing missing below: live events come in order
            self.last_seq = max(self.last_seq, seq)
            return True
        assert self.welcome is not None
        upto = self.welcome["last_seq"]
        if seq > upto:  # a live event ahead of the replay
            self._ahead.add(seq)
            return False
        self.last_seq = max(self.last_seq, seq)  # the replay comes in order
        return self._filled() if seq == upto else False

    def _filled(self) -> bool:
        """The replay reached the welcome's last_seq: the live events seen ahead of it
        follow on from there without a gap."""
        self.last_seq = max([self.last_seq, *self._ahead])
        self._ahead.clear()
        return True

    async def _prompt(self, ws: ClientConnection, frame: dict[str, Any]) -> None:
        self._claim_prompt = any(a["action"]["type"] == "pass" for a in frame["actions"])
        if frame["prompt_id"] == self._answered:
            return  # sent again after a resync: already answered
        if self.ask is None:
            self._answered = frame["prompt_id"]
            reply = self.choose(frame)
            self.sent_at = time.perf_counter()
            self.actions += 1
            await ws.send(json.dumps(reply))
            return
        if self._asking is not None and self._asking[0] == frame["prompt_id"]:
            return  # the same prompt again (after a resync): the question stands
        self._stop_asking("a new prompt")
        task = asyncio.create_task(self._ask(ws, frame))
        self._asking = (frame["prompt_id"], task)

    async def _ask(self, ws: ClientConnection, frame: dict[str, Any]) -> None:
        assert self.ask is not None
        reply = await self.ask(self.view, frame)
        if self._asking is not None and self._asking[0] == frame["prompt_id"]:
            self._asking = None
        if reply is not None:
            self._answered = frame["prompt_id"]
            self.sent_at = time.perf_counter()
            self.actions += 1
            with contextlib.suppress(ConnectionClosed):
                await ws.send(json.dumps(reply))

    def _event_closes_prompt(self, event: dict[str, Any]) -> None:
        """Drop the person's prompt once the table has moved past it."""
        if self._asking is None:
            return
        kind = event["type"]
        if kind in ("hand_ended", "match_ended"):
            self._stop_asking("the hand is over")
        elif self._claim_prompt and kind in CLAIM_CLOSERS:
            self._stop_asking("the claim window closed")

    def _stop_asking(self, why: str | None) -> None:
        if self._asking is None:
            return
        _, task = self._asking
        self._asking = None
        if not task.done():
            task.cancel()
            if why is not None and self.on_closed is not None:
                self.on_closed(why)
