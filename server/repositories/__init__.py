"""Storage behind interfaces: ``protocols`` declares what the server needs, ``memory``
implements it in process. The persistence layer adds SQL implementations of the same
protocols and nothing else changes."""

from server.repositories.memory import MemoryStore
from server.repositories.protocols import (
    EventLog,
    LoggedEvent,
    PlayerRecord,
    PlayerRepository,
    StorageError,
    Store,
    TableRecord,
    TableRepository,
)

__all__ = [
    "EventLog",
    "LoggedEvent",
    "MemoryStore",
    "PlayerRecord",
    "PlayerRepository",
    "StorageError",
    "Store",
    "TableRecord",
    "TableRepository",
]
