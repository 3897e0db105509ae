"""Matchmaking: the players waiting in queues, the tables queues seated them at, and the
tables queues formed (with the ladder's room and whether they are ranked).

Revision ID: 0007_queues
Revises: 0006_accounts
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_queues"
down_revision = "0006_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "queue_entries",
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("queue_id", sa.String(48), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("joined", sa.Float(), nullable=False),
        sa.Column("claimed", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("player", name="pk_queue_entries"),
    )
    op.create_index("ix_queue_entries_queue_id", "queue_entries", ["queue_id"])
    op.create_table(
        "queue_seatings",
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("queue_id", sa.String(48), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("waited", sa.Float(), nullable=False),
        sa.Column("formed", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("player", name="pk_queue_seatings"),
    )
    op.create_table(
        "queue_tables",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("queue_id", sa.String(48), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("room", sa.String(32), nullable=False),
        sa.Column("ranked", sa.Boolean(), nullable=False),
        sa.Column("formed", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_queue_tables"),
    )
    op.create_index("ix_queue_tables_ruleset", "queue_tables", ["ruleset"])


def downgrade() -> None:
    op.drop_index("ix_queue_tables_ruleset", "queue_tables")
    op.drop_table("queue_tables")
    op.drop_table("queue_seatings")
    op.drop_index("ix_queue_entries_queue_id", "queue_entries")
    op.drop_table("queue_entries")
