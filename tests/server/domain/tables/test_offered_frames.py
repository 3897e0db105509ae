"""An action frame sent back exactly as the prompt offered it is not parsed again
(server.adapters.ws.endpoint): ``offered_frames`` must give what parsing and validating that text
gives, for every action offered in whole matches, and the prompt frame stays the text the
frame's dict encodes to."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.legal import legal_actions
from engine.views import view_for
from server.domain.protocol.messages import ActionMsg
from server.domain.protocol.parse import JsonLimits, client_message
from server.domain.registry import build_table
from server.domain.tables.connection import dumps
from server.domain.tables.frames import Prompt, action_json, offered_frames, prompt_frame

MATCHES = [("mcr", {"hands_per_session": 2}), ("riichi", {"game_length": "tonpuusen"})]


@pytest.mark.parametrize(("ruleset", "options"), MATCHES)
def test_offered_frames_are_what_parsing_gives(
    ruleset: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("server.domain.tables.frames.time.time", lambda: 1796155571.076)
    table = build_table(ruleset, options)
    bots = [RandomBot("offered", seat) for seat in range(4)]
    state, _ = start(table, "offered")
    checked = 0
    while True:
        seat = next((s for s in range(4) if legal_actions(state, s)), None)
        if seat is None:
            break
        p = Prompt(seat, seat, state.prompt, legal_actions(state, seat), False, 0.0, None)
        offered = offered_frames(p)
        assert len(offered) == len(p.actions)
        for text, action in offered.items():
            msg = client_message({"text": text}, 1 << 16, JsonLimits())
            assert isinstance(msg, ActionMsg)
            assert msg.prompt_id == action.prompt == p.prompt_id
            assert msg.action == action and repr(msg.action) == repr(action)
            checked += 1
        pid = p.prompt_id
        before = {  # the frame as a dict, as it was encoded before
            "type": "prompt",
            "prompt_id": pid,
            "deadline": None,
            "bank": None,
            "actions": [
                {"type": "action", "prompt_id": pid, "action": action_json(a) | {"prompt": pid}}
                for a in p.actions
            ],
        }
        assert prompt_frame(p, 0.0, 0.0) == dumps(before)
        timed = Prompt(seat, seat, pid, p.actions, False, 0.0, 12.5)
        before |= {"deadline": 1796155583.576, "bank": 7.25}
        assert prompt_frame(timed, 7.25, 0.0) == dumps(before)
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
    assert checked > 200
