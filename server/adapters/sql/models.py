"""The tables of the Jantaku database (SQLAlchemy 2 declarative models). Alembic's
migrations in ``migrations/versions`` create exactly these; a test compares the two."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID = String(32)

# A column that holds a player id without a foreign key (e.g. "admin" is a legal value)
# says so with ``info={"player_ref": True}``: merging two accounts re-points every column
# that references players.id or carries that mark (server.adapters.sql.accounts.SqlPlayers.merge);
# ``"rebuilt"`` marks an aggregate the merge recomputes instead.


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Player(Base):
    __tablename__ = "players"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    # server.domain.accounts.rules.name_key(name): names are unique case-insensitively after NFKC
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    # argon2id (PHC string); NULL for a guest, who has only its session tokens
    password_hash: Mapped[str | None] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16), default="player")  # admin|organizer|player
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Session(Base):
    """A login: the SHA-256 of its bearer token (the token itself is never stored). ``id``
    is a public handle to list and end it by; it authenticates nothing."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    label: Mapped[str] = mapped_column(String(80), default="")
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    last_used: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Match(Base):
    """A table and its match (the runtime's ``TableRecord``)."""

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(ID, primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(64), index=True)
    ruleset_version: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)  # exact, after validation
    seats: Mapped[list[str]] = mapped_column(JSON)  # per table place
    timers: Mapped[dict[str, float]] = mapped_column(JSON)
    spectators: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_by: Mapped[str] = mapped_column(ID, info={"player_ref": True})
    status: Mapped[str] = mapped_column(String(16), index=True)
    commitment: Mapped[str | None] = mapped_column(String(64))  # SHA-256 of the seed
    seed: Mapped[str | None] = mapped_column(String(128))  # public once finished
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    started: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    ended: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    scores: Mapped[list[int]] = mapped_column(JSON)  # the corrected sheet's totals
    pot: Mapped[int] = mapped_column(Integer, default=0)  # deposits left on the table
    hand_label: Mapped[str] = mapped_column(String(32), default="")
    hands_played: Mapped[int] = mapped_column(Integer, default=0)
    standings: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    voided: Mapped[bool] = mapped_column(Boolean, default=False)
    banks: Mapped[list[float] | None] = mapped_column(JSON)  # time bank left per place
    # per place, the hands a stand-in bot played for an absent player
    standins: Mapped[list[list[int]] | None] = mapped_column(JSON)
    # Cluster ownership (docs/cluster.md): the fencing token of the table's current owner,
    # raised by every takeover, and that owner's instance id; appends carry the token.
    owner_epoch: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    owner: Mapped[str | None] = mapped_column(String(64))
    # fair play (docs/fair-play.md): the assistance switch and the duplicate-wall seal
    assist: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    sealed_by: Mapped[str | None] = mapped_column(String(64))


class MatchEvent(Base):
    """The append-only event log: the engine's unredacted event JSON."""

    __tablename__ = "match_events"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    hand_number: Mapped[int | None] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    event: Mapped[dict[str, Any]] = mapped_column(JSON)


class Hand(Base):
    """A scoresheet row as played (server.domain.records.sheet.hand_row), written in the
    transaction of the hand's final events; corrections never change it."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("match_id", "hand_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    hand_number: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)  # of the hand_ended event
    label: Mapped[str] = mapped_column(String(32))
    round_wind: Mapped[int] = mapped_column(Integer)  # the prevailing wind
    dealer: Mapped[int] = mapped_column(Integer)  # table place
    honba: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(24))  # win | exhaustive_draw | abortive_draw
    abort: Mapped[str | None] = mapped_column(String(48))
    winners: Mapped[list[int]] = mapped_column(JSON)
    discarder: Mapped[int | None] = mapped_column(Integer)
    wins: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # itemised patterns
    total: Mapped[int] = mapped_column(Integer)
    payments: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # each with its reason
    scores: Mapped[list[int]] = mapped_column(JSON)  # per place, after the hand
    deposits: Mapped[list[int]] = mapped_column(JSON)  # per place, paid into the pot
    deltas: Mapped[list[int]] = mapped_column(JSON)  # per place: payments and deposits
    pot_before: Mapped[int] = mapped_column(Integer)
    pot: Mapped[int] = mapped_column(Integer)  # after the settlement
    riichi: Mapped[list[int]] = mapped_column(JSON)  # places
    tenpai: Mapped[list[int]] = mapped_column(JSON)
    called: Mapped[list[int]] = mapped_column(JSON)


class Standing(Base):
    """The corrected standings (the projection of the hands and the corrections)."""

    __tablename__ = "standings"

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player: Mapped[str] = mapped_column(ID, index=True, info={"player_ref": True})
    rank: Mapped[int] = mapped_column(Integer)
    score: Mapped[int] = mapped_column(Integer)  # raw score
    points: Mapped[float] = mapped_column(Float)  # table points or uma-adjusted


class Correction(Base):
    """An administrator's correction, an event of the scoresheet projection: ``adjust``
    (``amount`` to ``place``), ``void_hand`` (``hand_number``) or ``void_match``."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    place: Mapped[int | None] = mapped_column(Integer)
    amount: Mapped[int] = mapped_column(Integer)
    hand_number: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerMatchStats(Base):
    """One finished, counted match's statistics counters for the player at a place."""

    __tablename__ = "player_match_stats"
    __table_args__ = (Index("ix_player_match_stats_player_ruleset", "player", "ruleset"),)

    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    place: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    player: Mapped[str] = mapped_column(ID, info={"player_ref": True})
    ruleset: Mapped[str] = mapped_column(String(64))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class PlayerStats(Base):
    """A player's statistics aggregate per ruleset (the sum of the match counters)."""

    __tablename__ = "player_stats"

    # an aggregate: a merge rebuilds it from player_match_stats instead of re-pointing it
    player: Mapped[str] = mapped_column(ID, primary_key=True, info={"player_ref": "rebuilt"})
    ruleset: Mapped[str] = mapped_column(String(64), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class Audit(Base):
    """Who corrected what, when and why."""

    __tablename__ = "audit"
    __table_args__ = (Index("ix_audit_match_id_at", "match_id", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    match_id: Mapped[str | None] = mapped_column(ForeignKey("matches.id"))
    action: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)


class RatingHistory(Base):
    """What one counted match did to one player's rating (server.domain.records.ratings); the
    rows of a ruleset are replayed from a match onwards whenever it finishes or is
    corrected."""

    __tablename__ = "rating_history"
    __table_args__ = (
        Index("ix_rating_history_ruleset_ended", "ruleset", "ended"),
        Index("ix_rating_history_player_ruleset", "player", "ruleset"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id"))
    ended: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    player: Mapped[str] = mapped_column(ID, info={"player_ref": "rebuilt"})
    place: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    matches_before: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class PlayerRating(Base):
    """A player's current rating per ruleset (the last row of their rating history)."""

    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(ID, primary_key=True, info={"player_ref": "rebuilt"})
    ruleset: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    ordinal: Mapped[float] = mapped_column(Float, index=True)


class EventDocument(Base):
    """A tournament or a league (``kind``) as one JSON document with a version
    (server.domain.tournaments.models); its scores are the match records'."""

    __tablename__ = "event_documents"

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class QueueEntry(Base):
    """A player waiting in a matchmaking queue (server.domain.matchmaking): at most one queue per
    player; ``joined`` is Unix time."""

    __tablename__ = "queue_entries"

    player: Mapped[str] = mapped_column(ID, primary_key=True, info={"player_ref": True})
    queue_id: Mapped[str] = mapped_column(String(48), index=True)
    name: Mapped[str] = mapped_column(String(80))
    rating: Mapped[float] = mapped_column(Float)
    joined: Mapped[float] = mapped_column(Float)
    # set while a matchmaker opens this player's table (Unix time); NULL: waiting
    claimed: Mapped[float | None] = mapped_column(Float)


class QueueSeating(Base):
    """The table a queue seated a player at, until they queue again (how a player who polls
    learns it)."""

    __tablename__ = "queue_seatings"

    player: Mapped[str] = mapped_column(ID, primary_key=True, info={"player_ref": True})
    queue_id: Mapped[str] = mapped_column(String(48))
    table_id: Mapped[str] = mapped_column(ID)
    seat: Mapped[int] = mapped_column(Integer)
    waited: Mapped[float] = mapped_column(Float)
    formed: Mapped[float] = mapped_column(Float)


class QueueTable(Base):
    """A table a queue formed: its queue, the ladder's room and whether it is ranked (the
    ladder counts these matches; server.domain.ladder)."""

    __tablename__ = "queue_tables"

    table_id: Mapped[str] = mapped_column(ID, primary_key=True)
    queue_id: Mapped[str] = mapped_column(String(48))
    ruleset: Mapped[str] = mapped_column(String(64), index=True)
    room: Mapped[str] = mapped_column(String(32))
    ranked: Mapped[bool] = mapped_column(Boolean)
    formed: Mapped[float] = mapped_column(Float)
