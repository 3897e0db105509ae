"""Cluster ownership: ``matches.owner_epoch`` (the fencing token every event append of a
cluster instance carries; a takeover raises it, so a stale owner's appends are refused)
and ``matches.owner`` (the instance that took it last). docs/cluster.md.

Revision ID: 0009_owner_epoch
Revises: 0008_standins
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_owner_epoch"
down_revision = "0008_standins"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD / DROP COLUMN (SQLite 3.35+ too): recreating ``matches`` in batch mode would
    # trip the foreign keys of the rows that point at it
    op.add_column(
        "matches", sa.Column("owner_epoch", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("matches", sa.Column("owner", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "owner")
    op.drop_column("matches", "owner_epoch")
