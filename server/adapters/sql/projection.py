"""A match's projection on SQL (server.domain.records.sheet: totals, pot, standings,
statistics): its scoresheet rows and corrections read, and the projection written — the one
writer of the match row's projected fields, the standings rows and the statistics, called in
the transaction of the event log's append or of a correction."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import Row, delete, func, insert, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection

from server.adapters.sql.database import (
    CORRECTIONS,
    HANDS,
    MATCH_STATS,
    MATCHES,
    PLAYER_STATS,
    STANDINGS,
    as_utc,
    now_utc,
)
from server.adapters.sql.ratings import write_ratings
from server.domain.records import stats as statistics
from server.domain.records.sheet import Projection, project, standings_json, table_of
from server.ports.storage import CorrectionRow, HandRow


def hand_values(h: HandRow) -> dict[str, Any]:
    values = asdict(h)
    values["match_id"] = values.pop("table_id")
    return values


def hand_of(row: Row[Any]) -> HandRow:
    return HandRow(
        table_id=row.match_id,
        hand_number=row.hand_number,
        seq=row.seq,
        label=row.label,
        round_wind=row.round_wind,
        dealer=row.dealer,
        honba=row.honba,
        outcome=row.outcome,
        abort=row.abort,
        winners=list(row.winners),
        discarder=row.discarder,
        wins=list(row.wins),
        total=row.total,
        payments=list(row.payments),
        scores=list(row.scores),
        deposits=list(row.deposits),
        deltas=list(row.deltas),
        pot_before=row.pot_before,
        pot=row.pot,
        riichi=list(row.riichi),
        tenpai=list(row.tenpai),
        called=list(row.called),
    )


def correction_of(row: Row[Any]) -> CorrectionRow:
    return CorrectionRow(
        id=row.id,
        table_id=row.match_id,
        kind=row.kind,
        place=row.place,
        amount=row.amount,
        hand_number=row.hand_number,
        reason=row.reason,
        by=row.by,
        at=as_utc(row.at) or now_utc(),
    )


async def read_projection(conn: AsyncConnection, match: Row[Any], finished: bool) -> Projection:
    hands = (await conn.execute(select(HANDS).where(HANDS.c.match_id == match.id))).all()
    query = select(CORRECTIONS).where(CORRECTIONS.c.match_id == match.id)
    corrections = (await conn.execute(query.order_by(CORRECTIONS.c.id))).all()
    return project(
        match.id,
        table_of(match.ruleset, dict(match.options)),
        list(match.seats),
        [hand_of(h) for h in hands],
        [correction_of(c) for c in corrections],
        finished,
    )


async def _write_stats(conn: AsyncConnection, match: Row[Any], p: Projection) -> None:
    """Replace the match's statistics counters and update the players' aggregates: added
    when the match first counts, rebuilt from the counters when a correction changed them."""
    where = MATCH_STATS.c.match_id == match.id
    old = {r.player for r in (await conn.execute(select(MATCH_STATS.c.player).where(where)))}
    await conn.execute(delete(MATCH_STATS).where(where))
    parts = statistics.contributions(match.id, p, list(match.seats))
    if parts:
        rows = [
            {
                "match_id": match.id,
                "place": place,
                "player": match.seats[place],
                "ruleset": match.ruleset,
                "data": data,
            }
            for place, data in parts.items()
        ]
        await conn.execute(insert(MATCH_STATS), rows)
    new = {match.seats[place]: data for place, data in parts.items()}
    for player in sorted(old | set(new)):  # one lock order: no deadlock
        key = (PLAYER_STATS.c.player == player, PLAYER_STATS.c.ruleset == match.ruleset)
        # the row exists (a concurrent first insert is skipped), then it is locked
        dialect = conn.dialect.name
        ensure = (pg_insert if dialect == "postgresql" else sqlite_insert)(PLAYER_STATS)
        blank = {"player": player, "ruleset": match.ruleset, "data": statistics.empty()}
        await conn.execute(ensure.values(**blank).on_conflict_do_nothing())
        query = select(PLAYER_STATS.c.data).where(*key)
        if dialect == "postgresql":
            query = query.with_for_update()
        row = (await conn.execute(query)).first()
        if not old and player in new:
            agg = statistics.merge(dict(row.data) if row else statistics.empty(), new[player])
        else:
            parts_query = select(MATCH_STATS.c.data).where(
                MATCH_STATS.c.player == player, MATCH_STATS.c.ruleset == match.ruleset
            )
            agg = statistics.total(dict(r.data) for r in await conn.execute(parts_query))
        if agg["matches"]:
            await conn.execute(update(PLAYER_STATS).where(*key).values(data=agg))
        else:
            await conn.execute(delete(PLAYER_STATS).where(*key))


async def write_projection(
    conn: AsyncConnection, match: Row[Any], p: Projection, values: dict[str, Any]
) -> None:
    """Store the projection: the match row's totals, pot and standings, the standings
    rows and the statistics (the one writer of each)."""
    count = await conn.scalar(
        select(func.count()).select_from(HANDS).where(HANDS.c.match_id == match.id)
    )
    values = dict(values)
    values.update(
        scores=list(p.final),
        pot=p.pot_left,
        hands_played=int(count or 0),
        standings=standings_json(p.standings),
        voided=p.voided is not None,
    )
    await conn.execute(update(MATCHES).where(MATCHES.c.id == match.id).values(**values))
    if p.standings:
        await conn.execute(delete(STANDINGS).where(STANDINGS.c.match_id == match.id))
        rows = [
            {
                "match_id": s.table_id,
                "place": s.place,
                "player": s.player,
                "rank": s.rank,
                "score": s.score,
                "points": s.points,
            }
            for s in p.standings
        ]
        await conn.execute(insert(STANDINGS), rows)
        await _write_stats(conn, match, p)
    if values.get("status", match.status) == "finished":
        await write_ratings(conn, match.ruleset, match.id)
