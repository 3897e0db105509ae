"""``evolve`` is the only way state changes, and it refuses events that do not fit."""

from __future__ import annotations

import pytest

from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.errors import BadEvent
from engine.events import Answered, Drew, HandEnded
from engine.evolve import evolve
from engine.simulate import acting_seat, play_match, random_bots
from engine.state import MatchState
from engine.views import view_for
from tests.engine.conftest import Helpers


def test_folding_the_events_gives_the_stepped_state(h: Helpers) -> None:
    table = h.make_table(h.RIICHI_LIKE, hands=2)
    state, events = start(table, "fold")
    folded = MatchState(table=table, seed="fold")
    for ev in events:
        folded = evolve(folded, ev)
    assert folded == state
    bot = [RandomBot("fold", s) for s in range(4)]
    for _ in range(200):
        seat = acting_seat(state)
        if seat is None:
            break
        new, events = step(state, bot[seat].act(view_for(state, seat)))
        for ev in events:
            folded = evolve(folded, ev)
        assert folded == new and new.version == state.version + len(events)
        state = new


def test_a_drawn_tile_that_is_not_the_walls_is_refused(h: Helpers) -> None:
    table = h.make_table(h.PLAIN)
    state, events = start(table, "bad")
    drew = next(e for e in reversed(events) if isinstance(e, Drew))
    wrong = Drew(seat=1, tile=(drew.tile or 0) + 1 if (drew.tile or 0) < 33 else 0)
    with pytest.raises(BadEvent):
        evolve(state, wrong)
    with pytest.raises(BadEvent):
        evolve(state, Answered(seat=1, action=None))  # type: ignore[arg-type]


def test_prompt_changes_except_for_private_answers(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, hands=1)
    record = play_match(table, "prompt", random_bots)
    state = MatchState(table=table, seed="prompt")
    for ev in record.events:
        before = state.prompt
        state = evolve(state, ev)
        if ev.type in ("answered", "furiten"):
            assert state.prompt == before
        else:
            assert state.prompt == state.version
    assert any(isinstance(e, HandEnded) for e in record.events)
