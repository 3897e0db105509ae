"""The ratings on SQL: the history rows and current ratings of a ruleset, replayed from a
match onwards whenever the counted matches change (their one writer), and read."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Row, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncConnection

from server.adapters.sql.database import (
    MATCHES,
    RATING_HISTORY,
    RATINGS,
    STANDINGS,
    Repository,
    as_utc,
    now_utc,
)
from server.domain.records import ratings as rating


def _history_row(row: Row[Any]) -> rating.HistoryRow:
    before = rating.Rating(row.mu_before, row.sigma_before, row.matches_before)
    after = rating.Rating(row.mu, row.sigma, row.matches_before + 1)
    ended = as_utc(row.ended) or now_utc()
    return rating.HistoryRow(
        row.ruleset, row.match_id, ended, row.player, row.place, row.rank, before, after
    )


async def _rated_matches(
    conn: AsyncConnection, ruleset: str, since: datetime | None
) -> list[rating.RatedMatch]:
    """The counted matches of ``ruleset`` that ended at or after ``since`` (all: None),
    with their corrected standings."""
    query = (
        select(
            MATCHES.c.id, MATCHES.c.ended, STANDINGS.c.place, STANDINGS.c.player, STANDINGS.c.rank
        )
        .join(STANDINGS, STANDINGS.c.match_id == MATCHES.c.id)
        .where(
            MATCHES.c.ruleset == ruleset,
            MATCHES.c.status == "finished",
            MATCHES.c.voided.is_(False),
            MATCHES.c.ended.is_not(None),
        )
    )
    if since is not None:
        query = query.where(MATCHES.c.ended >= since)
    seats: dict[str, tuple[datetime, dict[int, tuple[str, int]]]] = {}
    for row in (await conn.execute(query)).all():
        entry = seats.setdefault(row.id, (as_utc(row.ended) or now_utc(), {}))
        entry[1][row.place] = (row.player, row.rank)
    return [
        rating.RatedMatch(
            match_id,
            ended,
            [by_place[p][0] for p in sorted(by_place)],
            [by_place[p][1] for p in sorted(by_place)],
        )
        for match_id, (ended, by_place) in seats.items()
    ]


async def write_ratings(conn: AsyncConnection, ruleset: str, match_id: str | None) -> int:
    """Replay the ratings of ``ruleset`` from the match ``match_id`` onwards (from nothing:
    None): its history rows and every later one are replaced, the current ratings of the
    players they touch rewritten. The number of matches rated."""
    if conn.dialect.name == "postgresql":  # one ratings writer per ruleset at a time
        key_text = f"jantaku-ratings:{ruleset}"
        await conn.execute(select(func.pg_advisory_xact_lock(func.hashtext(key_text))))
    key: tuple[datetime, str] | None = None
    if match_id is not None:
        ended = await conn.scalar(select(MATCHES.c.ended).where(MATCHES.c.id == match_id))
        if ended is None:
            return 0
        key = (as_utc(ended) or now_utc(), match_id)
    where = [RATING_HISTORY.c.ruleset == ruleset]
    if key is not None:
        where.append(RATING_HISTORY.c.ended >= key[0])
    stale: list[rating.HistoryRow] = []
    stale_ids: list[int] = []
    for row in (await conn.execute(select(RATING_HISTORY).where(*where))).all():
        h = _history_row(row)
        if key is None or h.key >= key:
            stale.append(h)
            stale_ids.append(row.id)
    # Before the key, a player's rating is the current one unless a stale row changed it:
    # then it is what the earliest stale row started from.
    state: dict[str, rating.Rating] = {}
    if key is not None:
        query = select(RATINGS).where(RATINGS.c.ruleset == ruleset)
        for r in (await conn.execute(query)).all():
            state[r.player] = rating.Rating(r.mu, r.sigma, r.matches)
        for h in sorted(stale, key=lambda h: h.key, reverse=True):
            if h.before.matches:
                state[h.player] = h.before
            else:
                state.pop(h.player, None)
    matches = [
        m
        for m in await _rated_matches(conn, ruleset, key[0] if key else None)
        if key is None or m.key >= key
    ]
    final, rows = rating.replay(ruleset, state, matches)
    if stale_ids:
        await conn.execute(delete(RATING_HISTORY).where(RATING_HISTORY.c.id.in_(stale_ids)))
    if rows:
        await conn.execute(
            insert(RATING_HISTORY),
            [
                {
                    "ruleset": ruleset,
                    "match_id": h.match_id,
                    "ended": h.ended,
                    "player": h.player,
                    "place": h.place,
                    "rank": h.rank,
                    "mu_before": h.before.mu,
                    "sigma_before": h.before.sigma,
                    "matches_before": h.before.matches,
                    "mu": h.after.mu,
                    "sigma": h.after.sigma,
                }
                for h in rows
            ],
        )
    touched = {h.player for h in stale} | {h.player for h in rows}
    if key is None:
        await conn.execute(delete(RATINGS).where(RATINGS.c.ruleset == ruleset))
        touched = set(final)
    elif touched:
        await conn.execute(
            delete(RATINGS).where(
                RATINGS.c.ruleset == ruleset, RATINGS.c.player.in_(sorted(touched))
            )
        )
    fresh = [
        {
            "player": p,
            "ruleset": ruleset,
            "mu": final[p].mu,
            "sigma": final[p].sigma,
            "matches": final[p].matches,
            "ordinal": final[p].ordinal,
        }
        for p in sorted(touched)
        if p in final
    ]
    if fresh:
        await conn.execute(insert(RATINGS), fresh)
    return len(matches)


class SqlRatings(Repository):
    """The ratings part of the record repository (server.adapters.sql.records)."""

    async def ratings(self, ruleset: str) -> dict[str, rating.Rating]:
        query = select(RATINGS).where(RATINGS.c.ruleset == ruleset)
        return {r.player: rating.Rating(r.mu, r.sigma, r.matches) for r in await self._all(query)}

    async def rating_history(
        self, ruleset: str, player: str | None = None
    ) -> list[rating.HistoryRow]:
        query = select(RATING_HISTORY).where(RATING_HISTORY.c.ruleset == ruleset)
        if player is not None:
            query = query.where(RATING_HISTORY.c.player == player)
        rows = [_history_row(r) for r in await self._all(query)]
        return sorted(rows, key=lambda h: (h.key, h.place))

    async def rebuild_ratings(self, ruleset: str) -> int:
        async with self.db.write() as conn:
            return await write_ratings(conn, ruleset, None)
