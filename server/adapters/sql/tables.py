"""The tables on SQL: a match row's own fields (the projected ones are written only with the
events and the corrections: server.adapters.sql.projection)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Row, Text, case, insert, literal, null, select, update
from sqlalchemy import cast as cast_

from server.adapters.sql.database import MATCHES, Repository, as_utc, now_utc
from server.ports.storage import LIVE_STATUSES, PROJECTED_FIELDS, Fenced, TableRecord

_TABLE_FIELDS = (
    "ruleset",
    "ruleset_version",
    "options",
    "seats",
    "timers",
    "spectators",
    "created_by",
    "status",
    "commitment",
    "seed",
    "created",
    "started",
    "ended",
    "scores",
    "pot",
    "hand_label",
    "hands_played",
    "standings",
    "banks",
    "standins",
    "assist",
    "sealed_by",
)
# Written only with the events and corrections (the projection), never by ``save``.
_PROJECTED = set(PROJECTED_FIELDS)


def _table(row: Row[Any]) -> TableRecord:
    return TableRecord(
        id=row.id,
        ruleset=row.ruleset,
        ruleset_version=row.ruleset_version,
        options=dict(row.options),
        seats=list(row.seats),
        timers=dict(row.timers),
        spectators=dict(row.spectators),
        created_by=row.created_by,
        created=as_utc(row.created) or now_utc(),
        status=row.status,
        commitment=row.commitment,
        seed=row.seed,
        started=as_utc(row.started),
        ended=as_utc(row.ended),
        scores=list(row.scores),
        pot=int(row.pot or 0),
        hand_label=row.hand_label,
        hands_played=row.hands_played,
        standings=list(row.standings),
        voided=bool(row.voided),
        banks=[float(b) for b in row.banks] if row.banks is not None else None,
        standins=[[int(n) for n in p] for p in row.standins] if row.standins else None,
        assist=bool(row.assist),
        sealed_by=row.sealed_by,
    )


def _table_values(table: TableRecord) -> dict[str, Any]:
    return {name: getattr(table, name) for name in _TABLE_FIELDS}


class SqlTables(Repository):
    async def add(self, table: TableRecord) -> None:
        async with self.db.write() as conn:
            values = _table_values(table)
            await conn.execute(insert(MATCHES).values(id=table.id, voided=False, **values))

    async def get(self, table_id: str) -> TableRecord | None:
        async with self.db.read() as conn:
            row = (await conn.execute(select(MATCHES).where(MATCHES.c.id == table_id))).first()
        return _table(row) if row else None

    async def live_of(self, player_id: str) -> list[TableRecord]:
        # ``status`` is indexed; the seats (a JSON list) are narrowed by their text and
        # then checked exactly, so a player id that is a substring of another never counts
        seats = cast_(MATCHES.c.seats, Text).contains(json.dumps(player_id), autoescape=True)
        query = select(MATCHES).where(MATCHES.c.status.in_(LIVE_STATUSES), seats)
        async with self.db.read() as conn:
            rows = (await conn.execute(query.order_by(MATCHES.c.created))).all()
        return [t for t in map(_table, rows) if player_id in t.seats]

    async def list(self) -> list[TableRecord]:
        async with self.db.read() as conn:
            rows = (await conn.execute(select(MATCHES).order_by(MATCHES.c.created))).all()
        return [_table(r) for r in rows]

    async def save(self, table: TableRecord, epoch: int | None = None) -> None:
        """The table's own fields: not ``voided`` nor the projected records (scores, pot,
        hands, standings), which only the event log and the corrections write. With
        ``epoch``, fenced as the event log is: the row is written only while its owner
        epoch is still ``epoch`` (one statement, so no takeover slips in between)."""
        values = {k: v for k, v in _table_values(table).items() if k not in _PROJECTED}
        # the seal only opens: once stored as NULL it stays NULL (docs/fair-play.md)
        if values["sealed_by"] is not None:
            values["sealed_by"] = case(
                (MATCHES.c.sealed_by.is_(None), null()),
                else_=literal(values["sealed_by"], MATCHES.c.sealed_by.type),
            )
        async with self.db.write() as conn:
            query = update(MATCHES).where(MATCHES.c.id == table.id)
            if epoch is not None:
                query = query.where(MATCHES.c.owner_epoch == epoch)
            done = await conn.execute(query.values(**values))
            if epoch is not None and done.rowcount == 0:
                raise Fenced(f"table {table.id}: epoch {epoch} is stale")
