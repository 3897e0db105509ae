"""The first schema: players, matches, the event log, scoresheet hands, standings,
penalty lines and the audit trail of admin corrections.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("created", TZ, nullable=False),
        sa.Column("last_seen", TZ, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_players"),
        sa.UniqueConstraint("token_hash", name="uq_players_token_hash"),
    )
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("ruleset_version", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("timers", sa.JSON(), nullable=False),
        sa.Column("spectators", sa.JSON(), nullable=False),
        sa.Column("created_by", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=True),
        sa.Column("seed", sa.String(128), nullable=True),
        sa.Column("created", TZ, nullable=False),
        sa.Column("started", TZ, nullable=True),
        sa.Column("ended", TZ, nullable=True),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("hand_label", sa.String(32), nullable=False),
        sa.Column("hands_played", sa.Integer(), nullable=False),
        sa.Column("standings", sa.JSON(), nullable=False),
        sa.Column("voided", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_matches"),
    )
    op.create_index("ix_matches_ruleset", "matches", ["ruleset"])
    op.create_index("ix_matches_status", "matches", ["status"])
    op.create_table(
        "match_events",
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=True),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("event", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_match_events_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("match_id", "seq", name="pk_match_events"),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("hand_number", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("label", sa.String(32), nullable=False),
        sa.Column("round_wind", sa.Integer(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("honba", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(24), nullable=False),
        sa.Column("abort", sa.String(48), nullable=True),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("discarder", sa.Integer(), nullable=True),
        sa.Column("wins", sa.JSON(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("payments", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("voided", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name="fk_hands_match_id_matches"),
        sa.PrimaryKeyConstraint("id", name="pk_hands"),
        sa.UniqueConstraint("match_id", "hand_number", name="uq_hands_match_id_hand_number"),
    )
    op.create_index("ix_hands_match_id", "hands", ["match_id"])
    op.create_table(
        "standings",
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("player", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["match_id"], ["matches.id"], name="fk_standings_match_id_matches"
        ),
        sa.PrimaryKeyConstraint("match_id", "place", name="pk_standings"),
    )
    op.create_index("ix_standings_player", "standings", ["player"])
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
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["match_id"], ["matches.id"], name="fk_audit_match_id_matches"),
        sa.PrimaryKeyConstraint("id", name="pk_audit"),
    )
    op.create_index("ix_audit_match_id_at", "audit", ["match_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_audit_match_id_at", table_name="audit")
    op.drop_table("audit")
    op.drop_index("ix_adjustments_match_id", table_name="adjustments")
    op.drop_table("adjustments")
    op.drop_index("ix_standings_player", table_name="standings")
    op.drop_table("standings")
    op.drop_index("ix_hands_match_id", table_name="hands")
    op.drop_table("hands")
    op.drop_table("match_events")
    op.drop_index("ix_matches_status", table_name="matches")
    op.drop_index("ix_matches_ruleset", table_name="matches")
    op.drop_table("matches")
    op.drop_table("players")
