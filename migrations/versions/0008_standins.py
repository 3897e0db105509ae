"""Stand-ins are part of a table's stored record: ``matches.standins`` (per table place,
the hand numbers in which a bot played the seat of an absent player after the grace
period; NULL when no stand-in ever played), so scoresheets and tournament standings can
say so after the table has left memory.

Revision ID: 0008_standins
Revises: 0007_queues
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_standins"
down_revision = "0007_queues"
branch_labels = None
depends_on = None


# Plain ALTER TABLE on both databases (SQLite >= 3.35 drops columns): a batch copy of
# ``matches`` would break the foreign keys of the tables that refer to it.
def upgrade() -> None:
    op.add_column("matches", sa.Column("standins", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("matches", "standins")
