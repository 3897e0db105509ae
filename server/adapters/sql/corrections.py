"""The corrections on SQL: a voided hand, a voided match or a score adjustment is appended
to ``corrections`` and the match's projection written again, with an audit line that keeps
the sheet before and after; and a match projected again from its stored events."""

from __future__ import annotations

from sqlalchemy import delete, insert, select

from server.adapters.sql.database import AUDIT, CORRECTIONS, EVENTS, HANDS, Repository, now_utc
from server.adapters.sql.event_log import logged_event
from server.adapters.sql.projection import hand_values, read_projection, write_projection
from server.domain.records.sheet import (
    NothingToCorrect,
    audit_detail,
    correction_target,
    rows_from_log,
)
from server.ports.storage import CorrectionRow

ACTIONS = {"adjust": "adjust_score", "void_hand": "void_hand", "void_match": "void_match"}


class SqlCorrections(Repository):
    """The corrections part of the record repository (server.adapters.sql.records)."""

    async def rebuild(self, table_id: str) -> bool:
        """Project the match again from its stored events and corrections (the hand rows,
        totals, standings and statistics); False: no such match."""
        async with self.db.write() as conn:
            match = await self.db.lock_match(conn, table_id)
            if match is None:
                return False
            query = select(EVENTS).where(EVENTS.c.match_id == table_id).order_by(EVENTS.c.seq)
            log = [logged_event(r) for r in (await conn.execute(query)).all()]
            await conn.execute(delete(HANDS).where(HANDS.c.match_id == table_id))
            rows = rows_from_log(table_id, log)
            if rows:
                await conn.execute(insert(HANDS), [hand_values(h) for h in rows])
            projection = await read_projection(conn, match, match.status == "finished")
            await write_projection(conn, match, projection, {})
        return True

    async def _correct(
        self,
        table_id: str,
        kind: str,
        by: str,
        reason: str,
        place: int | None = None,
        amount: int = 0,
    ) -> CorrectionRow | None:
        """Append a correction and write the projection again, with an audit line that
        keeps the sheet before and after. None: nothing to correct (no hand left to void,
        the match already voided, or no such match)."""
        at = now_utc()
        async with self.db.write() as conn:
            match = await self.db.lock_match(conn, table_id)
            if match is None:
                return None
            finished = match.status == "finished"
            before = await read_projection(conn, match, finished)
            try:
                hand_number = correction_target(before, kind)
            except NothingToCorrect:
                return None
            values = {
                "match_id": table_id,
                "kind": kind,
                "place": place,
                "amount": amount,
                "hand_number": hand_number,
            }
            query = insert(CORRECTIONS).values(reason=reason, by=by, at=at, **values)
            new_id = (await conn.execute(query.returning(CORRECTIONS.c.id))).scalar_one()
            row = CorrectionRow(new_id, table_id, kind, place, amount, hand_number, reason, by, at)
            after = await read_projection(conn, match, finished)
            await write_projection(conn, match, after, {})
            detail = audit_detail(row, before, after)
            audit = {"match_id": table_id, "action": ACTIONS[kind], "by": by, "reason": reason}
            await conn.execute(insert(AUDIT).values(at=at, detail=detail, **audit))
        return row

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> CorrectionRow | None:
        return await self._correct(table_id, "void_hand", by, reason)

    async def void_match(self, table_id: str, by: str, reason: str) -> bool:
        return await self._correct(table_id, "void_match", by, reason) is not None

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> CorrectionRow:
        row = await self._correct(table_id, "adjust", by, reason, place, amount)
        if row is None:
            raise ValueError(f"no match '{table_id}'")
        return row
