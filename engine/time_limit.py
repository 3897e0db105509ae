"""Ending a match at a time limit: ``call_time(state)`` is the one way a match ends before
its rules say so, through the same events and ``evolve`` as every other change.

Tournament practice, which both riichi and MCR follow here:

* riichi, World Riichi Championship rules (2014 §8.1, 2015 §8.2): when the time ends the
  players finish the current hand; if the dice were not yet thrown, the game ends at
  once, and no new hand starts;
* MCR (mcr.md §2, option ``hands_per_session``): a tournament may stop a session at a
  time limit after the current hand; hands not started are not played.

A hand has *begun* once its dealer has discarded or declared a kong (``HandState.dealing``
is False) or a claim window is open: ``TimeCalled(finish=True)`` makes it the match's last
(``MatchState.final_hand``; ``decide._end`` ends the match after its settlement instead of
dealing the next). A hand only dealt (the server deals the next hand as soon as one is
settled) has not begun: ``TimeCalled(finish=False)`` and ``MatchEnded`` at once, with the
scores as they stand. Either way the match rules' standings rank the result (deposits
left on the table go where the ruleset sends them at a normal end).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.errors import ErrorCode, IllegalAction
from engine.events import Event, MatchEnded, TimeCalled
from engine.evolve import evolve
from engine.state import MatchState, Phase


@dataclass(frozen=True, slots=True, kw_only=True)
class CallTime:
    """The organizer's time call in a list of replayed actions (``engine.replay``)."""

    type: Literal["call_time"] = "call_time"


def hand_begun(state: MatchState) -> bool:
    hand = state.hand
    return hand is not None and (not hand.dealing or hand.phase is not Phase.TURN)


def call_time(state: MatchState) -> tuple[MatchState, list[Event]]:
    """The events of calling time now; ``IllegalAction`` (state untouched) when the match
    is over or time was called already."""
    if state.over:
        raise IllegalAction(ErrorCode.MATCH_OVER, "the match is over")
    hand = state.hand
    if hand is None or hand.phase is Phase.ENDED:
        raise IllegalAction(ErrorCode.WRONG_PHASE, "no hand is in play")
    if state.final_hand is not None:
        raise IllegalAction(ErrorCode.WRONG_PHASE, "time was called already")
    finish = hand_begun(state)
    called = TimeCalled(hand_number=hand.hand_number, finish=finish)
    state = evolve(state, called)
    events: list[Event] = [called]
    if not finish:
        ended = MatchEnded(standings=state.table.match_rules.standings(state), seed=state.seed)
        state = evolve(state, ended)
        events.append(ended)
    return state, events
