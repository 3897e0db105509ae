"""The fast frame encoder (orjson, server.domain.tables.connection.dumps) writes exactly the text
the standard library's ``json`` wrote before it: every frame every viewer gets in whole
played matches (each seat's and the spectators' redacted events, hand and match ends,
states, prompts), for MCR and riichi, compared byte for byte and as parsed JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.events import HandStarted, event_to_json
from engine.legal import legal_actions
from engine.views import view_for
from server.domain.registry import build_table
from server.domain.tables import connection
from server.domain.tables.frames import Prompt, event_frames, prompt_frame, state_frame
from server.domain.tables.numbering import Entry

MATCHES = [("mcr", {"hands_per_session": 2}), ("riichi", {"game_length": "tonpuusen"})]


def frames_of_a_match(ruleset: str, options: dict[str, Any]) -> list[dict[str, Any] | str]:
    """Every frame a table of random bots sends its four seats and its spectators."""
    table = build_table(ruleset, options)
    face_down = table.rules.concealed_kong_face_down
    bots = [RandomBot("encoding", seat) for seat in range(4)]
    state, events = start(table, "encoding")
    log: list[Entry] = []
    seating: tuple[int, ...] = (0, 1, 2, 3)
    out: list[dict[str, Any] | str] = []
    while True:
        for ev in events:
            if isinstance(ev, HandStarted):
                seating = ev.seating
            entry = Entry(len(log) + 1, ev, seating, 0.0, event_to_json(ev))
            log.append(entry)
            for viewer in (0, 1, 2, 3, None):
                out += event_frames(entry, viewer, log, face_down, {})
        for viewer in (0, 1, 2, 3, None):
            out.append(state_frame(state, viewer, len(log)))
        seat = next((s for s in range(4) if legal_actions(state, s)), None)
        if seat is None:
            return out
        legal = tuple(legal_actions(state, seat))
        p = Prompt(seating[seat], seat, state.prompt, legal, False, 0.0, 12.5)
        out.append(prompt_frame(p, 7.25, 0.0))
        state, events = step(state, bots[seat].act(view_for(state, seat)))


@pytest.mark.parametrize(("ruleset", "options"), MATCHES)
def test_frames_are_the_text_json_wrote(
    ruleset: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # prompt deadlines
    monkeypatch.setattr("server.domain.tables.frames.time.time", lambda: 1796155571.076)
    fast = [
        f if isinstance(f, str) else connection.dumps(f)
        for f in frames_of_a_match(ruleset, options)
    ]
    # every frame through json
    monkeypatch.setattr("server.domain.tables.connection.orjson.dumps", _refuse)
    slow = [
        f if isinstance(f, str) else connection.dumps(f)
        for f in frames_of_a_match(ruleset, options)
    ]
    assert len(fast) == len(slow) > 100
    for a, b in zip(fast, slow, strict=True):
        assert json.loads(a) == json.loads(b)
        assert a == b


def _refuse(*_: Any, **__: Any) -> bytes:
    raise TypeError("orjson disabled for this test")


def test_what_orjson_refuses_goes_through_json() -> None:
    frame = {"type": "chat", "n": 2**70, "text": "東南西北"}
    assert connection.dumps(frame) == '{"type":"chat","n":1180591620717411303424,"text":"東南西北"}'
