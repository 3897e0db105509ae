"""What the routers and the WebSocket endpoint share: settings, storage, the tables."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from server.config import Settings
from server.domain.accounts.rules import AuthLimits, Passwords
from server.domain.fairplay.cache import CollusionCache
from server.domain.ladder.cache import LadderCache
from server.domain.matchmaking.store import QueueDesk
from server.domain.tables.actor import TableActor
from server.domain.tables.manager import TableManager
from server.ports.cluster import Cluster, SharedPlayers
from server.ports.storage import Store


@dataclass
class Services:
    settings: Settings
    store: Store
    manager: TableManager
    admin_hash: str
    matchmaker: QueueDesk | None = None  # set at start-up (server.domain.matchmaking)
    cluster: Cluster | None = None  # with JANTAKU_REDIS_URL (server/adapters/cluster)
    shared: SharedPlayers | None = None  # quota, revocations, presence of the cluster
    # what happens when a table of a duplicate set ends: the tournaments' unsealing of its
    # round (set by the composition root; server.domain.tournaments)
    unseal: Callable[[Services, str], Coroutine[Any, Any, bool]] | None = None
    passwords: Passwords = field(init=False)
    limits: AuthLimits = field(init=False)

    _tasks: set[asyncio.Task[bool]] = field(init=False, default_factory=set)
    ladder_cache: LadderCache = field(init=False, default_factory=LadderCache)
    collusion_cache: CollusionCache = field(init=False, default_factory=CollusionCache)

    def __post_init__(self) -> None:
        self.passwords = Passwords(self.settings)
        self.limits = AuthLimits(self.settings, self.manager.limiter)
        self.manager.on_table_over = self._table_over

    async def disconnect(self, player_id: str, session_id: str | None = None) -> int:
        """Close the player's sockets (one session's, when given), on every instance of a
        cluster: its token ended. How many closed."""
        if self.shared is not None:
            return await self.shared.disconnect(player_id, session_id)
        return await self.manager.kick_player(player_id, session_id)

    async def online(self) -> dict[str, int]:
        """Player id -> sockets open at the tables (of every instance of a cluster)."""
        if self.shared is not None:
            return await self.shared.online()
        return self.manager.connected_players()

    def _table_over(self, actor: TableActor) -> None:
        """A table of a duplicate round is over: unseal the round if it was the last."""
        sealed_by = actor.record.sealed_by
        if sealed_by is None or self.unseal is None:
            return
        task = asyncio.create_task(self.unseal(self, sealed_by), name=f"unseal-{actor.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
