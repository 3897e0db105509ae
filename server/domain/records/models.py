"""The shape of a hand's scoresheet row, shared by the REST records and the WebSocket
``hand_end`` frame (documentation models; the records layer builds plain dicts). Places
are table places 0..3."""

from __future__ import annotations

from pydantic import BaseModel, Field


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


class HandRowOut(BaseModel):
    """A hand's scoresheet row (server.domain.records.sheet.row_json): the ``hand_end`` frame's
    ``sheet`` and each row of ``GET /api/matches/{id}``."""

    hand_number: int = Field(description="0-based, in playing order")
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
    deposits: list[int] = Field(description="per place: riichi deposits paid into the pot")
    deltas: list[int] = Field(description="per place: payments received - paid - deposits")
    pot_before: int = Field(description="deposits on the table when the hand began (as played)")
    pot_after: int = Field(description="and after its settlement (as played)")
    scores: list[int] = Field(description="each place's score after the hand, as played")
    riichi: list[int] = Field(description="places whose riichi was accepted")
    tenpai: list[int] = Field(description="places ready at an exhaustive draw")
    called: list[int] = Field(description="places that claimed a discard")
