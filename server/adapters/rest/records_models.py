"""Response models of the match records (they document /docs; the records layer builds
plain dicts). Places are table places 0..3, the engine's player indexes."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from server.adapters.rest.models import ErrorBody as ErrorBody  # one error body for every route
from server.adapters.rest.models import ErrorOut as ErrorOut
from server.domain.records.models import HandRowOut


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
    scores: list[int] = Field(description="the corrected sheet's totals")
    pot: int = Field(0, description="deposits left on the table")
    created: str
    started: str | None
    ended: str | None


class CorrectionOut(BaseModel):
    id: int
    kind: str = Field(description="adjust | void_hand | void_match")
    place: int | None
    amount: int
    hand_number: int | None
    reason: str
    by: str
    at: str


class HandOut(HandRowOut):
    running_totals: list[int] = Field(description="after corrections (voided hands left out)")
    pot: int = Field(description="the pot after the hand, after corrections")
    voided: bool
    void: CorrectionOut | None


class LineOut(BaseModel):
    kind: str = Field(description="leftover (deposits left at the end) | adjustment")
    deltas: list[int]
    running_totals: list[int]
    correction: CorrectionOut | None


class AdjustmentOut(CorrectionOut):
    running_totals: list[int]


class MatchStandingOut(BaseModel):
    place: int
    player: str
    name: str = ""
    rank: int
    score: int = Field(description="raw score")
    points: float = Field(description="table points, or the uma/oka-adjusted result")


class SeatName(BaseModel):
    place: int
    occupant: str
    player_id: str | None
    name: str = Field(description="display name (bots: e.g. 'Greedy bot (East)')")
    seat_wind: str = Field(description="the place's seat wind in the first hand")
    standin_hands: list[int] = Field(
        default_factory=list,
        description="hand numbers in which a stand-in bot played the absent player's seat",
    )


class Scoresheet(BaseModel):
    match: MatchSummary
    players: list[SeatName]
    start_scores: list[int]
    hands: list[HandOut]
    lines: list[LineOut]
    adjustments: list[AdjustmentOut]
    corrections: list[CorrectionOut]
    final_totals: list[int]
    pot_left: int = Field(description="deposits still on the table (running or forfeit)")
    standings: list[MatchStandingOut] = Field(description="corrected; empty until finished")


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
    position: int
    player_id: str
    name: str
    matches: int
    value: float = Field(description="the ruleset's measure (see the board's 'measure')")
    points: float = Field(description="total table points (or uma/oka results)")
    score: int = Field(description="total raw score")
    average_rank: float


class LeaderboardOut(BaseModel):
    ruleset: str
    measure: str
    tie_break: str
    from_: str | None = Field(alias="from")
    to: str | None
    min_matches: int
    tournament: str | None = None
    total: int = Field(description="players on the board (all pages)")
    limit: int
    offset: int
    players: list[LeaderOut]


class StatsOut(BaseModel):
    player_id: str
    name: str
    ruleset: str
    matches: int
    hands: int
    rank_distribution: list[int] = Field(description="matches finished 1st, 2nd, 3rd, 4th")
    average_rank: float | None
    total_points: float
    total_score: int
    win_rate: float | None = Field(description="hands won / hands played")
    deal_in_rate: float | None = Field(description="hands dealt into / hands played")
    self_draw_share: float | None = Field(description="self-drawn wins / wins")
    average_win_value: float | None = Field(description="mean hand value of the wins")
    call_rate: float | None = Field(description="hands with a claimed discard / hands")
    draw_rate: float | None = Field(description="exhaustive draws / hands")
    tenpai_at_draw_rate: float | None = Field(
        description="ready at a draw / draws (riichi only; null elsewhere)"
    )
    riichi_rate: float | None = Field(None, description="riichi hands / hands")
    riichi_win_rate: float | None = Field(None, description="riichi hands won / riichi hands")
    largest_hand: dict[str, Any] | None
    patterns: dict[str, int] = Field(description="pattern id -> times scored in own wins")
    counts: dict[str, int]


class ArchiveMatch(BaseModel):
    scoresheet: Scoresheet
    events: list[LoggedEventOut]


class ArchiveOut(BaseModel):
    from_: str = Field(alias="from")
    to: str
    ruleset: str | None
    count: int
    matches: list[ArchiveMatch]


class AuditOut(BaseModel):
    id: int
    action: str = Field(description="void_hand | void_match | adjust_score")
    # detail: the correction and the sheet before and after (final totals, pot, standings)
    by: str
    at: str
    reason: str
    detail: dict[str, Any]
