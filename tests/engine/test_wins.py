"""The shape memos of engine.wins and engine.hand_keys answer what their functions answer
without them (issue 18: a fast path behind the same function, held equal by a test).

Seat states come from seeded greedy matches of every ruleset; each is asked with the
table's ``TableCaches`` (twice: a miss, then a hit) and without, for every kind.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.hand_keys import completes, hand_key
from engine.ruleset import TableRuleset, table_for
from engine.simulate import acting_seat
from engine.state import SeatState, Table, TableCaches
from engine.tiles import NUM_KINDS
from engine.views import view_for
from engine.wins import is_furiten, shape_complete_with
from rulesets.mcr import RULESET as MCR
from rulesets.riichi import RULESET as RIICHI
from rulesets.three_kingdoms import RULESET as THREE_KINGDOMS
from rulesets.zung_jung import RULESET as ZUNG_JUNG


def _seat_states(table: Table, seed: str, actions: int) -> list[SeatState]:
    bots = [GreedyBot(table.rules) for _ in range(4)]
    state, _ = start(table, seed)
    seen: dict[int, SeatState] = {}
    for _ in range(actions):
        if state.over or (seat := acting_seat(state)) is None:
            break
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
        if state.hand is not None:
            for s in state.hand.seats:
                seen.setdefault(id(s), s)
    return list(seen.values())


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [(MCR, {}), (RIICHI, {}), (ZUNG_JUNG, {}), (THREE_KINGDOMS, {"riichi_furiten": "literal"})],
)
def test_memos_answer_as_the_functions_do(
    ruleset: TableRuleset[Any], options: dict[str, object]
) -> None:
    table = table_for(ruleset, options)
    rules = table.rules
    caches = TableCaches()
    ready = 0
    for seat in _seat_states(table, "memo-check", 60):
        for _ in range(2):
            assert is_furiten(rules, seat, None, caches) == is_furiten(rules, seat)
            for k in range(NUM_KINDS):
                slow = shape_complete_with(rules, seat, k)
                assert shape_complete_with(rules, seat, k, caches) == slow
                assert is_furiten(rules, seat, k, caches) == is_furiten(rules, seat, k)
                ready += slow
        key = hand_key(seat.hand)
        for n_melds in range(5):
            args = (key, n_melds, rules.n_sets, rules.shape_rules)
            assert completes(*args, caches.completes) == completes(*args)
    assert ready  # some seat was one tile from complete
    assert caches.ready and caches.completes
