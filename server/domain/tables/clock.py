"""Per-table timers: a move (or claim) allowance plus a per-seat time bank.

A prompt's allowance is its base time (``move`` for a turn, ``claim`` for a claim window)
plus what is left of the seat's bank; a prompt with base 0 and an empty bank is untimed.
Answering later than the base time spends the difference from the bank; letting the
allowance run out empties it and the server plays for the seat (``fallback``)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, DeclareFlower, Discard, Pass
from engine.state import MatchState, Phase


@dataclass(frozen=True, slots=True)
class Timers:
    move: float
    claim: float
    bank: float

    def allowance(self, claim: bool, bank_left: float) -> float | None:
        base = self.claim if claim else self.move
        if base <= 0 and bank_left <= 0:
            return None
        return base + max(bank_left, 0.0)

    def spent(self, claim: bool, used: float, bank_left: float) -> float:
        """The bank left after answering in ``used`` seconds."""
        base = self.claim if claim else self.move
        return max(0.0, bank_left - max(0.0, used - base))


def fallback(state: MatchState, seat: int, legal: tuple[Action, ...]) -> Action | None:
    """What the server plays for a seat whose time ran out: pass a claim window; on a turn
    discard the tile just drawn (or, after a call, the last tile offered). Never a win,
    a call or a kong."""
    hand = state.hand
    if hand is None or not legal:
        return None
    if hand.phase is Phase.CLAIM:
        return next((a for a in legal if isinstance(a, Pass)), None)
    plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
    if hand.drawn is not None:
        for a in plain:
            if a.tile == hand.drawn:
                return a
    if plain:
        return plain[-1]
    return next((a for a in legal if isinstance(a, DeclareFlower)), None)
