"""What the routers and the WebSocket endpoint share: settings, storage, the tables."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from server.accounts import AuthLimits, Passwords
from server.config import Settings
from server.repositories.protocols import Store
from server.runtime.manager import TableManager

if TYPE_CHECKING:
    from server.cluster.node import ClusterNode
    from server.matchmaking.matchmaker import Matchmaker


@dataclass
class Services:
    settings: Settings
    store: Store
    manager: TableManager
    admin_hash: str
    matchmaker: Matchmaker | None = None  # set at start-up (server.matchmaking)
    cluster: ClusterNode | None = None  # with JANTAKU_REDIS_URL (server/cluster)
    passwords: Passwords = field(init=False)
    limits: AuthLimits = field(init=False)

    def __post_init__(self) -> None:
        self.passwords = Passwords(self.settings)
        self.limits = AuthLimits(self.settings)
