"""At an exhaustive draw the tenpai seats' hands are shown to everyone, a noten seat's never
(riichi.md §12.1, §15): engine.views.shown_at_end and view_for once the hand has ended, and
the ``revealed`` hands of every viewer's ``hand_end`` frame, rebuilt from the log; the
event log itself is unchanged (the reveal is redaction, not an event)."""

from __future__ import annotations

import json
from typing import Any

from engine.events import HandEnded, HandStarted, event_to_json
from engine.evolve import evolve
from engine.simulate import greedy_bots, play_match
from engine.state import ENDED, MatchState
from engine.views import shown_at_end, view_for
from server.domain.registry import build_table
from server.domain.tables.frames import Match, event_frames
from server.domain.tables.numbering import Entry

SEED = "b"  # a riichi match of greedy bots with several draws, one with a noten seat


def test_only_tenpai_hands_are_shown_and_only_once_the_hand_is_over() -> None:
    table = build_table("riichi", {})
    record = play_match(table, SEED, greedy_bots)
    state = MatchState(table=table, seed=SEED)
    truths: list[tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]]] = []
    for ev in record.events:
        before = state
        state = evolve(state, ev)
        hand = state.hand
        if hand is None:
            continue
        if not isinstance(ev, HandEnded):
            if hand.phase is ENDED:  # the settlement after the end
                continue
            for viewer in (0, 1, 2, 3, None):  # before the end: only your own hand
                seen = view_for(state, viewer).hand
                assert seen is not None
                assert all(s.hand is None for i, s in enumerate(seen.seats) if i != viewer)
            continue
        assert shown_at_end(before) == (None,) * 4
        shown = shown_at_end(state)
        if ev.result.outcome != "exhaustive_draw":
            assert shown == (None,) * 4
            continue
        tenpai = ev.result.tenpai
        hands = tuple(s.hand for s in hand.seats)
        truths.append((tenpai, hands))
        assert shown == tuple(h if t else None for h, t in zip(hands, tenpai, strict=True))
        for viewer in (0, 1, 2, 3, None):
            seen = view_for(state, viewer).hand
            assert seen is not None
            for i, s in enumerate(seen.seats):
                assert s.hand == (hands[i] if tenpai[i] or i == viewer else None)
    assert any(not all(t) for t, _ in truths), "the seed should have a draw with a noten seat"
    assert any(any(t) for t, _ in truths)

    # the frames every seat and the spectators get, rebuilt from the log as the table does
    log: list[Entry] = []
    seating: tuple[int, ...] = (0, 1, 2, 3)
    ends: dict[int | None, list[dict[str, Any]]] = {v: [] for v in (0, 1, 2, 3, None)}
    for ev in record.events:
        if isinstance(ev, HandStarted):
            seating = ev.seating
        entry = Entry(len(log) + 1, ev, seating, 0.0, event_to_json(ev))
        log.append(entry)
        cache: dict[Any, Any] = {}
        for place in (0, 1, 2, 3, None):
            viewer = None if place is None else seating.index(place)
            for frame in event_frames(entry, viewer, log, False, cache, Match(table, SEED)):
                f = json.loads(frame)
                ev_json = f.get("event", {})
                # never another seat's concealed tile (only hand_end reveals any)
                if ev_json.get("type") in ("dealt", "drew") and ev_json["seat"] != viewer:
                    assert ev_json.get("tiles") is None and ev_json.get("tile") is None
                if f["type"] == "hand_end" and f["result"]["outcome"] == "exhaustive_draw":
                    ends[place].append(f)
    for frames in ends.values():
        assert len(frames) == len(truths)
        for f, (tenpai, hands) in zip(frames, truths, strict=True):
            assert f["revealed"] == [
                list(h) if t else None for h, t in zip(hands, tenpai, strict=True)
            ]
    # the event log is what the engine wrote: no reveal event, no extra field
    assert [e.json for e in log] == [event_to_json(ev) for ev in record.events]
