"""Ratings: each counted match's effect on its players' OpenSkill ratings per ruleset
(``rating_history``) and the current rating (``ratings``). Filled by
``jantaku db rebuild-records`` (which replays every ruleset's matches from nothing).

Revision ID: 0004_ratings
Revises: 0003_records
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_ratings"
down_revision = "0003_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("ended", sa.DateTime(timezone=True), nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("matches_before", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_rating_history_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_rating_history"),
    )
    op.create_index("ix_rating_history_ruleset_ended", "rating_history", ["ruleset", "ended"])
    op.create_index("ix_rating_history_player_ruleset", "rating_history", ["player", "ruleset"])
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("player", "ruleset", name="pk_ratings"),
    )
    op.create_index("ix_ratings_ordinal", "ratings", ["ordinal"])


def downgrade() -> None:
    op.drop_index("ix_ratings_ordinal", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_rating_history_player_ruleset", table_name="rating_history")
    op.drop_index("ix_rating_history_ruleset_ended", table_name="rating_history")
    op.drop_table("rating_history")
