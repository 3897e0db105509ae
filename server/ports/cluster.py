"""What the domain asks of the cluster this instance belongs to (docs/cluster.md). The
Redis adapter (server.adapters.cluster) implements it; a single instance has none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class Place(Protocol):
    """An instance that can take a table."""

    @property
    def id(self) -> str: ...

    @property
    def url(self) -> str: ...


class Cluster(Protocol):
    """This instance's membership: its id, and where new tables go."""

    @property
    def id(self) -> str: ...

    async def spread(self, n: int) -> Sequence[Place]: ...


class SharedPlayers(Protocol):
    """What the instances share about players: their sockets, wherever they are open."""

    async def disconnect(self, player_id: str, session_id: str | None = None) -> int: ...

    async def online(self) -> dict[str, int]: ...


class Administration(Protocol):
    """The cluster as its administrator sees it, asked on behalf of one caller
    (server.adapters.cluster.admin); a single instance has none."""

    async def overview(self) -> dict[str, Any]:
        """Every live instance: where it is, its load, whether it drains, its tables."""
        ...

    async def drain(self, instance_id: str) -> dict[str, Any]:
        """Drain the instance (this one, or another asked on the caller's behalf)."""
        ...
