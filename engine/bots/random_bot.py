"""Uniform choice over the legal actions, from a seeded stream (never the global random)."""

from __future__ import annotations

import hashlib

from engine.actions import Action
from engine.rng import SeededStream
from engine.views import TableView


class RandomBot:
    def __init__(self, seed: str, seat: int) -> None:
        self._stream = SeededStream(hashlib.sha256(f"{seed}/bot/{seat}".encode()).digest())

    def act(self, view: TableView) -> Action:
        if not view.legal:
            raise ValueError("the bot was asked to act without a legal action")
        return self._stream.choice(view.legal)
