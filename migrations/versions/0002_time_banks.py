"""Time banks are part of a table's stored state: ``matches.banks`` (seconds left per
table place; NULL while every bank is full), so a restarted table keeps its clocks.

Revision ID: 0002_time_banks
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_time_banks"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("banks", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("banks")
