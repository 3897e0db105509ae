"""Response models of the match records (they document /docs; the records layer builds
plain dicts). Places are table places 0..3, the engine's player indexes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class MatchSummary(BaseModel):
    match_id: str
    ruleset: str
    ruleset_version: str
    options: dict[str, Any] = Field(description="the exact options the match was played with")
    status: str
    voided: bool
    seats: list[str] = Field(description="occupant per place: a player id or a bot")
    commitment: str | None = Field(description="SHA-256 of the seed, published at the start")
    seed: str | None = Field(description="revealed once the match is finished")
    hands_played: int
    scores: list[int]
    created: str
    started: str | None
    ended: str | None


class PatternOut(BaseModel):
    id: str
    en: str
    zh: str
    ja: str
    value: int
    count: int
    points: int = Field(description="value × count")


class WinOut(BaseModel):
    place: int
    from_: int | None = Field(alias="from", description="the discarder's place; null: self-drawn")
    tile: int | None
    self_draw: bool
    robbed_kong: bool
    patterns: list[PatternOut]
    total: int


class PaymentOut(BaseModel):
    payer: int | None = Field(description="place, or null for the table (deposits)")
    payee: int | None
    amount: int
    reason: str


class HandOut(BaseModel):
    hand_number: int
    label: str
    prevailing_wind: str | int
    round_wind: int
    dealer: int
    honba: int
    result: str = Field(description="win | exhaustive_draw | abortive_draw")
    abort: str | None
    winners: list[int]
    discarder: int | None
    wins: list[WinOut]
    hand_total: int
    payments: list[PaymentOut]
    deltas: list[int]
    scores: list[int] = Field(description="each place's score after the hand, as played")
    running_totals: list[int] = Field(description="after corrections (voided hands left out)")
    voided: bool


class AdjustmentOut(BaseModel):
    id: int
    place: int
    amount: int
    reason: str
    by: str
    at: str
    running_totals: list[int]


class StandingOut(BaseModel):
    place: int
    player: str
    rank: int
    score: int = Field(description="raw score")
    points: float = Field(description="table points, or the uma/oka-adjusted result")


class SeatName(BaseModel):
    place: int
    occupant: str
    name: str


class Scoresheet(BaseModel):
    match: MatchSummary
    players: list[SeatName]
    start_scores: list[int]
    hands: list[HandOut]
    adjustments: list[AdjustmentOut]
    final_totals: list[int]
    standings: list[StandingOut]


class LoggedEventOut(BaseModel):
    seq: int
    hand_number: int | None
    event: dict[str, Any] = Field(description="the engine's unredacted event JSON")


class EventLogOut(BaseModel):
    match_id: str
    status: str
    seed: str | None
    events: list[LoggedEventOut]


class HistoryMatch(BaseModel):
    match_id: str
    ruleset: str
    ended: str | None
    place: int
    rank: int
    score: int
    points: float


class HistoryOut(BaseModel):
    player_id: str
    name: str
    matches: list[HistoryMatch]


class LeaderOut(BaseModel):
    player_id: str
    name: str
    matches: int
    points: float = Field(description="total table points (or uma-adjusted results)")
    average_rank: float


class LeaderboardOut(BaseModel):
    ruleset: str | None
    players: list[LeaderOut]


class AuditOut(BaseModel):
    id: int
    action: str = Field(description="void_hand | void_match | adjust_score")
    by: str
    at: str
    reason: str
    detail: dict[str, Any]
