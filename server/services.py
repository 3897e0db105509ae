"""What the routers and the WebSocket endpoint share: settings, storage, the tables."""

from __future__ import annotations

from dataclasses import dataclass

from server.config import Settings
from server.repositories.protocols import Store
from server.runtime.manager import TableManager


@dataclass
class Services:
    settings: Settings
    store: Store
    manager: TableManager
    admin_hash: str
