"""Response models of the REST API (they document /docs; the runtime builds plain dicts)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field


class SeatPublic(BaseModel):
    seat: int = Field(description="table place 0..3 (the engine's player index)")
    kind: Literal["open", "bot", "player"]
    occupant: str = Field(
        description='"open", "bot:greedy", "bot:defensive", "bot:random" or a player id'
    )
    name: str
    connected: bool
    standin: bool = Field(
        False, description="a bot plays this seat while its player is away (absent_grace)"
    )
    rank: str | None = Field(
        None, description="the player's ladder rank, at a ranked table a queue formed"
    )


class TableStandingOut(BaseModel):
    player: int
    score: int
    rank: int
    points: float


class TablePublic(BaseModel):
    """What anyone may know about a table: never a tile."""

    table_id: str
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    status: Literal["waiting", "playing", "paused", "finished", "aborted"]
    seats: list[SeatPublic]
    scores: list[int] = Field(description="per table place")
    hands_played: int
    hand: str = Field(description='label of the current hand, e.g. "E1"')
    timers: dict[str, float]
    spectators: dict[str, Any]
    commitment: str | None = Field(description="SHA-256 of the match seed")
    seed: str | None = Field(
        description="the seed, revealed when the match is finished (a duplicate-wall "
        "table's once its whole set is)"
    )
    assist: bool = Field(True, description="review hints and furiten display allowed")
    sealed: bool = Field(
        False,
        description="a duplicate-wall table whose set is still played: seed, log and sheet sealed",
    )
    standings: list[TableStandingOut]
    created: str


class TableLive(TablePublic):
    """The admin's view: public information plus the runtime's state."""

    events: int
    actions: int
    last_action: float | None
    prompts: list[int] = Field(description="table places that must act now")
    connections: int
    spectators_connected: int
    banks: list[float] = Field(description="time bank left per table place, seconds")
    standins: list[int] = Field(
        default_factory=list, description="places a bot plays while their player is away"
    )
    between_hands: bool = Field(
        False, description="the next hand waits for the players' OK (hand_pause)"
    )


class PlayerAdmin(BaseModel):
    player_id: str
    name: str
    role: str
    has_password: bool
    sessions: int  # open (not expired) sessions
    created: str
    last_seen: str | None
    # sockets open at tables now (seats and spectators), on every instance of a cluster
    connections: int = 0


class RulesetOut(BaseModel):
    id: str
    version: str | None = None
    names: dict[str, str] | None = None
    playable: bool = False
    options_schema: dict[str, Any] | None = None
    seats: int | None = Field(None, description="seats at its table with default options (3 or 4)")
    error: str | None = None
    leaderboard: dict[str, str] | None = Field(
        None,
        description="what its leaderboards rank by: measure (table points | raw score | "
        "uma/oka result) and tie_break (total raw score | average rank), as a board names "
        "them",
    )
    statistics: list[str] | None = Field(
        None, description="the optional player statistics its records support"
    )
    log_exports: list[str] | None = Field(
        None, description="the log formats a finished match exports to (tenhou6, mjai, …)"
    )
    refused_exports: dict[str, str] | None = Field(
        None,
        description="the log formats its game cannot have, each with the reason "
        "(409 format_refused)",
    )
    plays_mjai: bool | None = Field(None, description="its tables can seat external mjai bots")
    words: dict[str, dict[str, str]] | None = Field(
        None,
        description="its own words for what the client otherwise names generically "
        "(win_on_discard, hand_value, match_points), each in en, zh and ja",
    )
    wall_after_deal: int | None = Field(
        None, description="live-wall tiles after the deal under its default options"
    )


class ErrorBody(BaseModel):
    code: str = Field(description="stable machine-readable code, e.g. table_not_found")
    message: str
    field: str | None = Field(None, description="the offending field (422)")


class ErrorOut(BaseModel):
    """Every REST error: ``{"error": {"code", "message"[, "field"]}}`` (server/domain/errors.py)."""

    error: ErrorBody


class Credentials(BaseModel):
    player_id: str
    name: str
    role: str
    token: str = Field(description="bearer token of this session only; shown once")
    session_id: str = Field(description="public handle of the session (not a credential)")
    expires: datetime
