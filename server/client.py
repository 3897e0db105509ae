"""A protocol client that plays one seat with an engine bot over the real WebSocket
protocol (``jantaku play``, the tests and bench/load.py use it)."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.actions import action_to_json
from engine.bots import Bot
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.views import VIEW_ADAPTER, TableView
from server.runtime.tables import build_table
from server.ws.messages import PROTOCOL_VERSION


def ws_url(base: str, table_id: str, token: str, **params: str) -> str:
    """``http://host:port`` (or ws://…) → the table's WebSocket URL."""
    parts = urlsplit(base)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme or "ws")
    query = "&".join([f"token={quote(token)}", *(f"{k}={quote(v)}" for k, v in params.items())])
    return urlunsplit((scheme, parts.netloc, f"/ws/tables/{table_id}", query, ""))


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
        ask: Callable[[TableView | None, dict[str, Any]], Awaitable[dict[str, Any]]] | None = None,
    ) -> None:
        self.ask = ask  # a person's chooser (server.human); None: the bot chooses
        self.compression: str | None = "deflate" if compress else None
        self.url = ws_url(
            base_url, table_id, token, state_on_prompt="true", protocol=str(PROTOCOL_VERSION)
        )
        self.bot_name = bot
        self.bot: Bot | None = None
        self.view: TableView | None = None
        self.last_seq = 0
        self.on_frame = on_frame
        self.latencies = latencies
        self.sent_at: float | None = None
        self.actions = 0
        self.errors: list[dict[str, Any]] = []
        self.welcome: dict[str, Any] | None = None
        self.match_end: dict[str, Any] | None = None
        self.hands: list[dict[str, Any]] = []

    def _make_bot(self, welcome: dict[str, Any]) -> Bot:
        if self.bot_name == "random":
            return RandomBot(welcome["table_id"], welcome["seat"] or 0)
        table = build_table(welcome["ruleset"]["id"], welcome.get("options") or {})
        return GreedyBot(table.rules)

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
        try:
            return await self._play()
        except ConnectionClosed:
            return self.match_end

    async def _play(self) -> dict[str, Any] | None:
        async with connect(self.url, max_size=2**22, compression=self.compression) as ws:
            async for raw in ws:
                frame: dict[str, Any] = json.loads(raw)
                if self.on_frame is not None:
                    self.on_frame(frame)
                kind = frame["type"]
                if kind == "event":
                    self.last_seq = frame["seq"]
                    if self.sent_at is not None and self.latencies is not None:
                        self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                elif kind == "state":
                    self.view = VIEW_ADAPTER.validate_python(frame["view"])
                    self.last_seq = frame["seq"]
                elif kind == "prompt":
                    reply = await self.ask(self.view, frame) if self.ask else self.choose(frame)
                    self.sent_at = time.perf_counter()
                    self.actions += 1
                    await ws.send(json.dumps(reply))
                elif kind == "welcome":
                    self.welcome = frame
                    if frame["role"] == "player":
                        self.bot = self._make_bot(frame)
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
        return self.match_end
