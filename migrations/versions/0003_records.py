"""Records you can trust: scoresheet rows carry each place's deposits, deltas and the pot;
corrections (adjust, void_hand, void_match) are one table of events; the match keeps the
pot; player statistics per match and per ruleset.

Existing hand rows are filled from their stored events (server.domain.records.sheet.hand_row);
penalty lines and voided hands become corrections.

Revision ID: 0003_records
Revises: 0002_time_banks
Create Date: 2026-12-01
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision = "0003_records"
down_revision = "0002_time_banks"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)
HAND_JSON = ("deposits", "deltas", "riichi", "tenpai", "called")
INTO = 'INSERT INTO corrections (match_id, kind, place, amount, hand_number, reason, "by", "at")'


def _fill_hands(bind: sa.Connection) -> None:
    from server.domain.records.sheet import HAND_EVENTS, hand_row
    from server.ports.storage import LoggedEvent

    hands = sa.table(
        "hands",
        sa.column("id", sa.Integer),
        sa.column("match_id", sa.String),
        sa.column("seq", sa.Integer),
        *(sa.column(c, sa.JSON) for c in HAND_JSON),
        sa.column("pot_before", sa.Integer),
        sa.column("pot", sa.Integer),
    )
    events = sa.table(
        "match_events",
        sa.column("match_id", sa.String),
        sa.column("seq", sa.Integer),
        sa.column("type", sa.String),
        sa.column("event", sa.JSON),
    )
    for row in bind.execute(sa.select(hands.c.id, hands.c.match_id, hands.c.seq)).all():
        start = sa.select(sa.func.max(events.c.seq)).where(
            events.c.match_id == row.match_id,
            events.c.type == "hand_started",
            events.c.seq < row.seq,
        )
        query = (
            sa.select(events.c.seq, events.c.event)
            .where(
                events.c.match_id == row.match_id,
                events.c.type.in_(sorted(HAND_EVENTS)),
                events.c.seq >= start.scalar_subquery(),
            )
            .order_by(events.c.seq)
        )
        logged, seen_settled = [], False
        for seq, event in bind.execute(query).all():
            if seen_settled:
                break
            logged.append(LoggedEvent(row.match_id, seq, None, dict(event)))
            seen_settled = event.get("type") == "settled" and seq > row.seq
        h = hand_row(row.match_id, logged)
        values = {c: getattr(h, c) for c in HAND_JSON}
        bind.execute(
            hands.update()
            .where(hands.c.id == row.id)
            .values(pot_before=h.pot_before, pot=h.pot, **values)
        )


def _drop_column(table: str, column: str) -> None:
    # SQLite (>= 3.35) drops a column in place; a batch copy of ``matches`` would have to
    # drop the table the event log's foreign keys point at.
    op.execute(f'ALTER TABLE {table} DROP COLUMN "{column}"')


def upgrade() -> None:
    op.add_column("matches", sa.Column("pot", sa.Integer(), nullable=False, server_default="0"))
    for name in HAND_JSON:
        op.add_column("hands", sa.Column(name, sa.JSON(), nullable=False, server_default="[]"))
    for name in ("pot_before", "pot"):
        op.add_column("hands", sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
    op.create_table(
        "corrections",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("place", sa.Integer(), nullable=True),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_corrections_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_corrections"),
    )
    op.create_index("ix_corrections_match_id", "corrections", ["match_id"])
    bind = op.get_bind()
    now = datetime.now(UTC)
    bind.execute(
        sa.text(
            INTO
            + " SELECT match_id, 'adjust', place, amount, NULL, reason, \"by\", \"at\" FROM adjustments"
            " ORDER BY id"
        )
    )
    bind.execute(
        sa.text(
            INTO
            + " SELECT match_id, 'void_hand', NULL, 0, hand_number, 'voided before 0003',"
            " 'migration', :now FROM hands WHERE voided ORDER BY id"
        ),
        {"now": now},
    )
    bind.execute(
        sa.text(
            INTO
            + " SELECT id, 'void_match', NULL, 0, NULL, 'voided before 0003', 'migration', :now"
            " FROM matches WHERE voided"
        ),
        {"now": now},
    )
    _fill_hands(bind)
    _drop_column("hands", "voided")
    op.drop_index("ix_adjustments_match_id", table_name="adjustments")
    op.drop_table("adjustments")
    op.create_table(
        "player_match_stats",
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_player_match_stats_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("match_id", "place", name="pk_player_match_stats"),
    )
    op.create_index(
        "ix_player_match_stats_player_ruleset", "player_match_stats", ["player", "ruleset"]
    )
    op.create_table(
        "player_stats",
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("player", "ruleset", name="pk_player_stats"),
    )


def downgrade() -> None:
    op.drop_table("player_stats")
    op.drop_index("ix_player_match_stats_player_ruleset", table_name="player_match_stats")
    op.drop_table("player_match_stats")
    op.create_table(
        "adjustments",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("amount", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_adjustments_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_adjustments"),
    )
    op.create_index("ix_adjustments_match_id", "adjustments", ["match_id"])
    op.add_column(
        "hands", sa.Column("voided", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    bind = op.get_bind()
    bind.execute(
        sa.text(
            "INSERT INTO adjustments (match_id, place, amount, reason, \"by\", \"at\")"
            " SELECT match_id, place, amount, reason, \"by\", \"at\" FROM corrections"
            " WHERE kind = 'adjust' ORDER BY id"
        )
    )
    bind.execute(
        sa.text(
            "UPDATE hands SET voided = :yes WHERE EXISTS (SELECT 1 FROM corrections c"
            " WHERE c.kind = 'void_hand' AND c.match_id = hands.match_id"
            " AND c.hand_number = hands.hand_number)"
        ),
        {"yes": True},
    )
    op.drop_index("ix_corrections_match_id", table_name="corrections")
    op.drop_table("corrections")
    for name in ("pot", "pot_before", *reversed(HAND_JSON)):
        _drop_column("hands", name)
    _drop_column("matches", "pot")
