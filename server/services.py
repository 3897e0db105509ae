"""What the routers and the WebSocket endpoint share: settings, storage, the tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from server.accounts import AuthLimits, Passwords
from server.config import Settings
from server.repositories.protocols import Store
from server.runtime.manager import TableManager


@dataclass
class Services:
    settings: Settings
    store: Store
    manager: TableManager
    admin_hash: str
    passwords: Passwords = field(init=False)
    limits: AuthLimits = field(init=False)

    def __post_init__(self) -> None:
        self.passwords = Passwords(self.settings)
        self.limits = AuthLimits(self.settings)
