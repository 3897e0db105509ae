"""Bot brains: they see only a seat's ``TableView`` and answer with one of its legal actions."""

from __future__ import annotations

from typing import Protocol

from engine.actions import Action
from engine.views import TableView


class Bot(Protocol):
    def act(self, view: TableView) -> Action: ...
