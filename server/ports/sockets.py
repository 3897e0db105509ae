"""What a table needs of a client's socket: the WebSocket adapter's socket (Starlette's
``WebSocket``) and the cluster's relayed socket both fit it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


SendTexts = Callable[[Sequence[str]], Awaitable[None]]
"""Several text frames in one socket write, where the transport offers it."""
