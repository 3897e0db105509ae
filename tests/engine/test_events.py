"""Every event type round-trips through its JSON; samples come from real simulated play
(several mechanisms) plus the rare kinds built by hand."""

from __future__ import annotations

import json

from engine.events import EVENT_TYPES, Event, event_from_json, event_to_json
from engine.simulate import greedy_bots, play_match, random_bots
from tests.engine.conftest import Helpers


def collect(h: Helpers) -> dict[str, Event]:
    seen: dict[str, Event] = {}
    tables = [
        h.make_table(h.RIICHI_LIKE, match=h.riichi_match(rounds=1)),
        h.make_table(h.MCR_LIKE, hands=4),
        h.make_table(h.THREE_KINGDOMS_LIKE, hands=4),
        h.make_table(h.FLOWERS_ON_TURN, hands=2),
    ]
    for i, table in enumerate(tables):
        for bots in (greedy_bots, random_bots):
            record = play_match(table, f"events-{i}", bots)
            for ev in record.events:
                seen.setdefault(ev.type, ev)
                if ev.type == "hand_ended" and ev.result.wins:  # a result with a win
                    seen["hand_ended_win"] = ev
    return seen


def test_every_event_type_round_trips(h: Helpers) -> None:
    from engine.events import DoraRevealed, Furiten, KongDeclared, RiichiAccepted, TimeCalled
    from engine.melds import Meld, MeldType

    seen = collect(h)
    seen.setdefault("riichi_accepted", RiichiAccepted(seat=1, deposit=1000))
    seen.setdefault("furiten", Furiten(seat=2))
    seen.setdefault("dora_revealed", DoraRevealed(indicator=7))
    seen.setdefault("time_called", TimeCalled(hand_number=3, finish=True))
    seen.setdefault(
        "kong_declared",
        KongDeclared(seat=0, kind="concealed", tile=4, meld=Meld(MeldType.ANKAN, (4, 4, 4, 42))),
    )
    assert {t.__dataclass_fields__["type"].default for t in EVENT_TYPES} <= set(seen)
    for ev in seen.values():
        data = json.loads(json.dumps(event_to_json(ev)))
        assert data["type"] == ev.type
        assert event_from_json(data) == ev
