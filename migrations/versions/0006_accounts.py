"""Accounts: unique name keys, argon2id password hashes and roles on players; bearer
tokens move from ``players.token_hash`` to ``sessions`` (many per player, expiring).

A player's existing token becomes one session that expires 365 days after the upgrade
(the default guest session lifetime). Names that collide case-insensitively get their
player id appended, so that every name key is unique.

Revision ID: 0006_accounts
Revises: 0005_tournaments
Create Date: 2026-12-01
"""

from __future__ import annotations

import secrets
import unicodedata
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0006_accounts"
down_revision = "0005_tournaments"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)

players = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("token_hash", sa.String),
    sa.column("created", TZ),
    sa.column("last_seen", TZ),
)
sessions = sa.table(
    "sessions",
    sa.column("id", sa.String),
    sa.column("player_id", sa.String),
    sa.column("token_hash", sa.String),
    sa.column("label", sa.String),
    sa.column("created", TZ),
    sa.column("expires", TZ),
    sa.column("last_used", TZ),
)


def _key(name: str) -> str:
    # as server.domain.accounts.rules.name_key at the time of this revision
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_key", sa.String(160), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(255), nullable=True))
        batch.add_column(sa.Column("role", sa.String(16), nullable=False, server_default="player"))
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("label", sa.String(80), nullable=False),
        sa.Column("created", TZ, nullable=False),
        sa.Column("expires", TZ, nullable=False),
        sa.Column("last_used", TZ, nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_sessions_player_id_players"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_sessions"),
        sa.UniqueConstraint("token_hash", name="uq_sessions_token_hash"),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])

    # SQLite rebuilds ``players`` to change its columns, which a referencing session row
    # would forbid: the sessions are written after the rebuild
    bind = op.get_bind()
    expires = datetime.now(UTC) + timedelta(days=365)
    taken: set[str] = set()
    moved = []
    rows = bind.execute(sa.select(players).order_by(players.c.created, players.c.id)).all()
    for row in rows:
        name, key = row.name, _key(row.name)
        if key in taken:
            name = f"{row.name[:60]} {row.id}"
            key = _key(name)
        taken.add(key)
        bind.execute(players.update().where(players.c.id == row.id).values(name=name, name_key=key))
        if row.token_hash:
            moved.append(
                {
                    "id": secrets.token_hex(8),
                    "player_id": row.id,
                    "token_hash": row.token_hash,
                    "label": "from before accounts",
                    "created": row.created,
                    "expires": expires,
                    "last_used": row.last_seen,
                }
            )

    with op.batch_alter_table("players") as batch:
        batch.alter_column("name_key", existing_type=sa.String(160), nullable=False)
        batch.alter_column("role", existing_type=sa.String(16), server_default=None)
        batch.create_unique_constraint("uq_players_name_key", ["name_key"])
        batch.drop_constraint("uq_players_token_hash", type_="unique")
        batch.drop_column("token_hash")
    if moved:
        bind.execute(sessions.insert(), moved)


def downgrade() -> None:
    bind = op.get_bind()
    newest: dict[str, str] = {}
    query = sa.select(sessions.c.player_id, sessions.c.token_hash).order_by(sessions.c.created)
    for row in bind.execute(query).all():
        newest[row.player_id] = row.token_hash
    op.drop_index("ix_sessions_player_id", table_name="sessions")
    op.drop_table("sessions")
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_players_token_hash", ["token_hash"])
        batch.drop_constraint("uq_players_name_key", type_="unique")
        batch.drop_column("role")
        batch.drop_column("password_hash")
        batch.drop_column("name_key")
    for player_id, token_hash in newest.items():
        bind.execute(
            players.update().where(players.c.id == player_id).values(token_hash=token_hash)
        )
