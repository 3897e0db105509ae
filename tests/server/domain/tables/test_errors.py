"""The engine judges every answer and the actor maps its refusals to protocol codes
(server.domain.tables.errors): every engine code has one, every one is in docs/protocol.md's
error table, and on whole matches the code a refused answer gets is the one the actor's
own checks gave before the engine judged alone (``not_offered`` for an action not among
the prompt's, ``stale_prompt`` for a closed prompt)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.actions import Action, Chow, Discard, Kong, Pass, Pung, SelfDrawWin, Win, unprompted
from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.errors import ErrorCode, IllegalAction
from engine.legal import legal_actions
from engine.state import MatchState
from engine.views import view_for
from server.domain.registry import build_table
from server.domain.tables.errors import PROTOCOL_CODES, protocol_error
from server.domain.tables.frames import Prompt

PROTOCOL = Path(__file__).parents[4] / "docs" / "protocol.md"


def documented_codes() -> set[str]:
    """The codes of docs/protocol.md's "Error codes" table (a contract with clients)."""
    text = PROTOCOL.read_text()
    table = text.split("### Error codes", 1)[1].strip().split("\n\n", 1)[0]
    codes: set[str] = set()
    for line in table.splitlines():
        cells = line.split("|")
        if len(cells) > 2:
            codes |= set(re.findall(r"`([a-z_]+)`", cells[1]))
    return codes


def test_every_engine_code_maps_to_a_documented_protocol_code() -> None:
    assert set(PROTOCOL_CODES) == set(ErrorCode)
    assert set(PROTOCOL_CODES.values()) <= documented_codes()


def refusal(state: MatchState, action: Action) -> str | None:
    """The protocol code the engine's judgement of ``action`` gives (None: accepted)."""
    try:
        step(state, action)
    except IllegalAction as exc:
        return protocol_error(exc, action)[0]
    return None


def candidates(state: MatchState, seat: int, offered: tuple[Action, ...]) -> list[Action]:
    """Answers a client could send: the offered ones, and near misses of every kind."""
    hand = state.hand
    assert hand is not None
    out: list[Action] = list(offered)
    held = sorted(set(hand.seats[seat].hand))
    out += [Discard(seat=seat, tile=t, riichi=r) for t in (*held, 200) for r in (False, True)]
    out += [Pass(seat=seat), Win(seat=seat), Kong(seat=seat), SelfDrawWin(seat=seat)]
    if len(held) >= 2:
        out += [
            Chow(seat=seat, tiles=(held[0], held[1])),
            Pung(seat=seat, tiles=(held[0], held[1])),
        ]
    return out


MATCHES = [("mcr", {"hands_per_session": 1}), ("riichi", {"game_length": "tonpuusen"})]


@pytest.mark.parametrize(("ruleset", "options"), MATCHES)
def test_refused_answers_get_the_codes_the_actor_gave(
    ruleset: str, options: dict[str, Any]
) -> None:
    table = build_table(ruleset, options)
    state, _ = start(table, "errors")
    bots = [RandomBot("errors", seat) for seat in range(4)]
    checked = 0
    for _ in range(300):
        seat = next((s for s in range(4) if legal_actions(state, s)), None)
        if seat is None:
            break
        legal = legal_actions(state, seat)
        wire = 1 + state.prompt // 2  # some per-viewer number: never the engine's version
        p = Prompt(seat, seat, wire, legal, False, 0.0, None, state.prompt)
        for action in candidates(state, seat, legal):
            answer = p.engine_action(p.wire_action(action))
            assert answer.prompt == state.prompt
            before = None if unprompted(action) in p.actions else "not_offered"
            assert refusal(state, answer) == before, action
            checked += 1
        # an answer naming a closed engine prompt is stale
        closed = replace(legal[0], prompt=state.prompt - 1)
        assert refusal(state, closed) == "stale_prompt"
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
    assert checked > 500


def test_a_second_answer_to_a_claim_window_is_stale() -> None:
    table = build_table("riichi", {"game_length": "tonpuusen"})
    state, _ = start(table, "errors")
    bots = [RandomBot("errors", seat) for seat in range(4)]
    for _ in range(2000):
        hand = state.hand
        assert hand is not None
        window = hand.window
        if window is not None and len(window.options) >= 2:
            seat = window.options[0][0]
            answered, _ = step(state, Pass(seat=seat))
            code = refusal(answered, Pass(seat=seat))
            assert code == "stale_prompt"
            return
        seat = next(s for s in range(4) if legal_actions(state, s))
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
    pytest.fail("no claim window with two seats in 2000 moves")
