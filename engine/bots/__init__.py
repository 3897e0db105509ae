"""Bot brains: they see only a seat's ``TableView`` and answer with one of its legal actions.

``BRAINS`` names the built-in ones (a table seat ``bot:<brain>``, ``jantaku simulate
--bots``, ``jantaku play --bot``); ``make_bot`` builds one for a seat of a table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.actions import Action
from engine.views import TableView

if TYPE_CHECKING:
    from engine.state import Table

BRAINS = ("random", "greedy", "defensive")


class Bot(Protocol):
    def act(self, view: TableView) -> Action: ...


def make_bot(brain: str, table: Table, seed: str, seat: int) -> Bot:
    """The built-in brain ``brain`` for ``seat`` (``seed`` feeds the random one)."""
    from engine.bots.defensive import DefensiveBot
    from engine.bots.greedy import GreedyBot
    from engine.bots.random_bot import RandomBot

    if brain == "random":
        return RandomBot(seed, seat)
    if brain == "greedy":
        return GreedyBot(table.rules)
    if brain == "defensive":
        return DefensiveBot(table.rules)
    raise ValueError(f"unknown bot '{brain}' (choose {', '.join(BRAINS)})")
