"""Assist off (issue 23, docs/fair-play.md): a table without assistance sends no furiten
frame and its state frames never flag furiten; a table with it does both."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.decide import start
from engine.events import Furiten, event_to_json
from server.domain.registry import build_table
from server.domain.tables.frames import event_frames, state_frame
from server.domain.tables.numbering import Entry


def test_furiten_is_not_shown_without_assistance() -> None:
    ev = Furiten(seat=1)
    entry = Entry(7, ev, (0, 1, 2, 3), 0.0, event_to_json(ev))
    shown = event_frames(entry, 1, [entry], False, {})
    assert [json.loads(f)["event"]["type"] for f in shown] == ["furiten"]
    assert event_frames(entry, 1, [entry], False, {}, None, False) == []
    assert event_frames(entry, 0, [entry], False, {}) == []  # private to its seat anyway


def test_the_state_frame_hides_furiten_without_assistance() -> None:
    table = build_table("riichi", {})
    state, _ = start(table, "assist-seed")
    assert state.hand is not None
    seats = list(state.hand.seats)
    seats[0] = replace(seats[0], furiten_temp=True)
    state = replace(state, hand=replace(state.hand, seats=tuple(seats)))
    assert state_frame(state, 0, 1)["view"]["hand"]["furiten"] is True
    assert state_frame(state, 0, 1, assist=False)["view"]["hand"]["furiten"] is False
