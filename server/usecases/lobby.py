"""What anyone reads of the tables served here, and a table's opening as the REST answer
shows it: the public information only (never tiles), a table with its players' ladder
ranks (server.usecases.ladder)."""

from __future__ import annotations

from typing import Any

from server.domain.tables.errors import TableError
from server.usecases.context import Services
from server.usecases.ladder import with_ranks
from server.usecases.tables import NewTable, open_table, table_error


async def create(svc: Services, body: NewTable, created_by: str) -> dict[str, Any]:
    """Open a table (``POST /api/tables``): its public information."""
    actor = await open_table(svc, body, created_by)
    public: dict[str, Any] = actor.public()
    return public


async def listed(svc: Services, status: str | None) -> list[dict[str, Any]]:
    """The tables served here (of one status, when given)."""
    actors = [
        a for a in svc.manager.actors.values() if status is None or a.record.status == status
    ]
    for a in actors:
        await svc.manager.reread_seal(a)  # a store read for sealed tables only
    return [a.public() for a in actors]


async def shown(svc: Services, table_id: str) -> dict[str, Any]:
    """One table's public information, with its players' ladder ranks."""
    try:
        public = await svc.manager.public(table_id)
    except TableError as exc:
        raise table_error(exc) from None
    return await with_ranks(svc, public)
