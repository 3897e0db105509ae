"""Tournaments and leagues: one JSON document each, with a version for safe concurrent
updates (server.domain.tournaments.models); their scores are the match records'.

Revision ID: 0005_tournaments
Revises: 0004_ratings
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_tournaments"
down_revision = "0004_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_documents",
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "id", name="pk_event_documents"),
    )


def downgrade() -> None:
    op.drop_table("event_documents")
