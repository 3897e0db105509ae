"""The tournaments on SQL: versioned JSON documents by kind (tournaments, leagues), saved
only over the version read."""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select, update

from server.adapters.sql.database import DOCUMENTS, Repository
from server.ports.storage import VersionConflict


class SqlTournaments(Repository):
    async def add(self, kind: str, doc_id: str, data: dict[str, Any]) -> None:
        async with self.db.write() as conn:
            await conn.execute(insert(DOCUMENTS).values(kind=kind, id=doc_id, version=1, data=data))

    async def get(self, kind: str, doc_id: str) -> tuple[dict[str, Any], int] | None:
        query = select(DOCUMENTS).where(DOCUMENTS.c.kind == kind, DOCUMENTS.c.id == doc_id)
        async with self.db.read() as conn:
            row = (await conn.execute(query)).first()
        return (dict(row.data), int(row.version)) if row else None

    async def list(self, kind: str) -> list[dict[str, Any]]:
        query = select(DOCUMENTS.c.data).where(DOCUMENTS.c.kind == kind).order_by(DOCUMENTS.c.id)
        async with self.db.read() as conn:
            return [dict(r.data) for r in (await conn.execute(query)).all()]

    async def save(self, kind: str, doc_id: str, data: dict[str, Any], version: int) -> int:
        query = (
            update(DOCUMENTS)
            .where(
                DOCUMENTS.c.kind == kind, DOCUMENTS.c.id == doc_id, DOCUMENTS.c.version == version
            )
            .values(data=data, version=version + 1)
        )
        async with self.db.write() as conn:
            result = await conn.execute(query)
        if result.rowcount != 1:
            raise VersionConflict(f"{kind} {doc_id} changed since version {version}")
        return version + 1
