"""Players, sessions and account merges keep the repository protocols' promises on the
memory store, SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from server.adapters.sql.accounts import player_columns
from server.adapters.sql.models import Base
from server.domain.accounts.rules import name_key
from server.ports.storage import NameTaken, PlayerRecord, SessionRecord, Store
from tests.server.adapters.sql.played import logged, played, record
from tests.server.adapters.sql.test_store import on_each

NOW = datetime.now(UTC).replace(microsecond=0)


def player(pid: str, name: str) -> PlayerRecord:
    return PlayerRecord(pid, name, name_key(name), NOW)


def session(sid: str, pid: str, token_hash: str, hours: float = 1) -> SessionRecord:
    return SessionRecord(sid, pid, token_hash, NOW, NOW + timedelta(hours=hours), "test")


def test_names_are_unique_by_key_and_fields_update(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await store.players.add(player("p1", "Ann 安"))
        with pytest.raises(NameTaken):
            await store.players.add(player("p2", "ＡＮＮ 安"))  # full-width, other case
        found = await store.players.by_name_key(name_key("ann 安"))
        assert found is not None and found.id == "p1" and found.created == NOW
        assert found.role == "player" and found.password_hash is None
        assert await store.players.set_password("p1", "$argon2id$x")
        assert await store.players.set_role("p1", "organizer")
        assert not await store.players.set_role("nobody", "admin")
        await store.players.touch("p1", NOW)
        again = await store.players.get("p1")
        assert again is not None and again.password_hash == "$argon2id$x"
        assert again.role == "organizer" and again.last_seen == NOW
        assert [p.id for p in await store.players.list()] == ["p1"]

    on_each(store_url, test)


def test_sessions_expire_and_end(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        await store.players.add(player("p1", "Ann"))
        await store.sessions.add(session("s1", "p1", "h1"))
        await store.sessions.add(session("s2", "p1", "h2"))
        await store.sessions.add(session("s3", "p1", "h3", hours=-1))  # expired
        found = await store.sessions.by_token_hash("h1", NOW)
        assert found is not None and found.player_id == "p1" and found.expires > NOW
        assert await store.sessions.by_token_hash("h3", NOW) is None
        assert [s.id for s in await store.sessions.of_player("p1", NOW)] == ["s1", "s2"]
        await store.sessions.touch("s1", NOW)
        touched = await store.sessions.by_token_hash("h1", NOW)
        assert touched is not None and touched.last_used == NOW
        assert not await store.sessions.end("someone-else", "s1")
        assert await store.sessions.end("p1", "s1")
        assert await store.sessions.by_token_hash("h1", NOW) is None
        assert await store.sessions.end_all("p1", keep="s2") == 1  # the expired s3
        assert [s.id for s in await store.sessions.of_player("p1", NOW)] == ["s2"]
        assert await store.sessions.end_all("p1") == 1
        assert await store.sessions.by_token_hash("h2", NOW) is None

    on_each(store_url, test)


def test_merge_moves_seats_standings_and_history(store_url: str | None) -> None:
    """A played match of p-ann moves to p-new; p-ann's sessions end and it is gone."""

    async def test(store: Store) -> None:
        await store.players.add(player("p-ann", "Ann"))
        await store.players.add(player("p-new", "Ann Again"))
        await store.players.add(player("p-bob", "Bob"))
        await store.sessions.add(session("s1", "p-ann", "h1"))
        rec = record("t1")
        rec.created_by = "p-ann"
        await store.tables.add(rec)
        for batch in logged("t1", played()):
            await store.events.append(batch)
        before = await store.records.history("p-ann")
        assert len(before) == 1
        stats = await store.records.stats("p-ann", "mcr")
        assert stats is not None and stats["matches"] == 1
        rated = (await store.records.ratings("mcr"))["p-ann"]
        assert await store.players.shared_matches("p-ann", "p-bob") == ("t1",)
        assert await store.players.shared_matches("p-new", "p-bob") == ()

        report = await store.players.merge("p-ann", "p-new")
        assert report.matches == 1 and report.standings == 1
        assert report.other["sessions_ended"] == 1
        assert await store.players.get("p-ann") is None
        assert await store.sessions.by_token_hash("h1", NOW) is None
        moved = await store.tables.get("t1")
        assert moved is not None and moved.seats[0] == "p-new" and moved.created_by == "p-new"
        assert "p-ann" not in moved.seats
        after = await store.records.history("p-new")
        assert [(s.table_id, s.place, s.rank) for s in after] == [
            (s.table_id, s.place, s.rank) for s in before
        ]
        assert await store.records.history("p-ann") == []
        assert await store.records.stats("p-new", "mcr") == stats
        assert await store.records.stats("p-ann", "mcr") is None
        ratings = await store.records.ratings("mcr")
        assert ratings["p-new"] == rated and "p-ann" not in ratings
        history = await store.records.rating_history("mcr", "p-new")
        assert [h.match_id for h in history] == ["t1"]
        assert await store.records.rating_history("mcr", "p-ann") == []
        # the name is free again
        await store.players.add(player("p-x", "ann"))

    on_each(store_url, test)


def test_every_player_column_is_covered_by_a_merge() -> None:
    """A column that names a player must reference players.id or say so with
    ``info={"player_ref": True}`` (SqlPlayers.merge re-points it) or ``"rebuilt"`` (an
    aggregate the merge recomputes)."""
    covered = {(c.table.name, c.name) for c in player_columns()}
    covered |= {
        (t.name, c.name)
        for t in Base.metadata.sorted_tables
        for c in t.columns
        if c.info.get("player_ref") == "rebuilt"
    }
    for name in ("player_match_stats", "player_stats", "rating_history", "ratings"):
        assert (name, "player") in covered, name
    for table in Base.metadata.sorted_tables:
        if table.name in ("players", "sessions"):
            continue
        for column in table.columns:
            if "player" in column.name or column.name in ("created_by", "winner", "user"):
                assert (table.name, column.name) in covered, f"{table.name}.{column.name}"
