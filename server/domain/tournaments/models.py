"""A tournament as the database keeps it: one JSON document per tournament (the event's
settings, players and rounds with the match of each table), written with a version so
that two writers never overwrite each other. Scores live in the match records only."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field


class TableRef(BaseModel):
    table_no: int  # 1-based within the round
    match_id: str
    seats: list[str]  # per table place: a player id or a substitute bot


class Round(BaseModel):
    number: int
    status: Literal["playing", "finished"] = "playing"
    tables: list[TableRef] = Field(default_factory=list)
    byes: list[str] = Field(default_factory=list)
    ended_by: str | None = None  # set when the organizer ended the round at its time limit
    ended_at: datetime | None = None
    duplicate: bool = False  # every table plays the round's one wall seed, seats rotated
    # per table, as planned when the round was claimed (seats already rotated for a
    # duplicate round): what an instance asked to open one of the tables reads
    seating: list[list[str]] = Field(default_factory=list)


class ScoreLine(BaseModel):
    """A penalty (negative) or bonus on a player's overall tournament score, in the
    ruleset's measure, after uma (the WRC kind): the match results stay as they are."""

    id: int
    player_id: str
    amount: float
    reason: str
    by: str
    at: datetime
    round: int | None = None  # the round it concerns, if the organizer names one


class Tournament(BaseModel):
    id: str
    name: str
    ruleset: str
    options: dict[str, Any]  # resolved (exactly what every table plays)
    rounds: int
    timers: dict[str, float]
    spectators: dict[str, Any]
    registration: Literal["open", "closed"] = "open"
    fill: Literal["bots", "byes"] = "bots"
    seed: str  # revealed when the tournament is finished
    commitment: str  # SHA-256 of the seed, public from the start
    created_by: str
    created: datetime
    status: Literal["registration", "running", "finished"] = "registration"
    players: list[str] = Field(default_factory=list)
    round_list: list[Round] = Field(default_factory=list)
    # per player: ema_id, country, first_name, last_name for the EMA results file
    federation: dict[str, dict[str, str]] = Field(default_factory=dict)
    # penalties and bonuses on the overall score (append-only: a correction is a new line)
    score_lines: list[ScoreLine] = Field(default_factory=list)

    def current(self) -> Round | None:
        return self.round_list[-1] if self.round_list else None

    def match_ids(self) -> list[str]:
        return [t.match_id for r in self.round_list for t in r.tables]

    def overall_lines(self) -> dict[str, float]:
        """Per player, the sum of their overall-score lines."""
        out: dict[str, float] = {}
        for line in self.score_lines:
            out[line.player_id] = out.get(line.player_id, 0.0) + line.amount
        return out
