"""What the routers and the WebSocket endpoint share: settings, storage, the tables."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from server.accounts import AuthLimits, Passwords
from server.config import Settings
from server.fairplay.cache import CollusionCache
from server.ladder.cache import LadderCache
from server.repositories.protocols import Store
from server.runtime.actor import TableActor
from server.runtime.manager import TableManager

if TYPE_CHECKING:
    from server.cluster.node import ClusterNode
    from server.cluster.shared import ClusterShared
    from server.matchmaking.matchmaker import Matchmaker


@dataclass
class Services:
    settings: Settings
    store: Store
    manager: TableManager
    admin_hash: str
    matchmaker: Matchmaker | None = None  # set at start-up (server.matchmaking)
    cluster: ClusterNode | None = None  # with JANTAKU_REDIS_URL (server/cluster)
    shared: ClusterShared | None = None  # quota, revocations, presence of the cluster
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
        if sealed_by is None:
            return
        from server.api.tournaments import reveal_if_over  # (the API imports services)

        task = asyncio.create_task(reveal_if_over(self, sealed_by), name=f"unseal-{actor.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
