"""Fair play at a table (docs/fair-play.md): ``matches.assist`` (False: no review hints or
furiten display while the table runs) and ``matches.sealed_by`` (the duplicate-wall set
whose tables keep their seed, log and sheet sealed until the whole set is over).

Revision ID: 0010_table_assist
Revises: 0009_owner_epoch
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_table_assist"
down_revision = "0009_owner_epoch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ADD COLUMN, as 0009 does (no batch copy of ``matches``)
    op.add_column(
        "matches", sa.Column("assist", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column("matches", sa.Column("sealed_by", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "sealed_by")
    op.drop_column("matches", "assist")
