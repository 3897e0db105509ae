"""The queues a server offers (``JANTAKU_QUEUES``), and the default catalogue: one queue per
ruleset, preset and match length. A queue's table size is its ruleset's (three seats for
sanma; ``server.usecases.matchmaking.Matchmaker.seats``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

# Data, like the default queues below: the ruleset a table, a tournament or ``jantaku
# simulate`` plays when the request names none.
DEFAULT_RULESET = "mcr"


class QueueSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,47}$", description="the queue's URL name")
    title: str = Field(description="what the web client shows on its button")
    ruleset: str
    options: dict[str, Any] = Field(
        default_factory=dict, description='table options, e.g. {"preset": "tenhou", …}'
    )
    length: str = Field("", description="the match length, as the title says it")
    room: str = Field(
        "general", description="the ladder's room level (riichi: general, upper, special, phoenix)"
    )
    ranked: bool = Field(True, description="its matches count on the ladder")
    bot: str = Field("bot:greedy", description="the bot that fills seats after the wait")
    bot_fill_after: float | None = Field(
        None, ge=0, description="seconds before bots fill (None: the server's setting)"
    )


DEFAULT_QUEUES: tuple[QueueSpec, ...] = (
    QueueSpec(
        id="riichi-tenhou-hanchan",
        title="Riichi · Tenhou rules · hanchan",
        ruleset="riichi",
        options={"preset": "tenhou", "game_length": "hanchan"},
        length="hanchan",
    ),
    QueueSpec(
        id="riichi-tenhou-tonpuu",
        title="Riichi · Tenhou rules · east only",
        ruleset="riichi",
        options={"preset": "tenhou", "game_length": "tonpuusen"},
        length="tonpuusen",
    ),
    QueueSpec(
        id="sanma-tenhou-hanchan",
        title="Sanma · Tenhou rules · hanchan",
        ruleset="sanma",
        options={"preset": "tenhou_sanma", "game_length": "hanchan"},
        length="hanchan",
    ),
    QueueSpec(id="mcr", title="MCR · full match", ruleset="mcr", length="full"),
    QueueSpec(id="zung-jung", title="Zung Jung · full match", ruleset="zung_jung", length="full"),
)
