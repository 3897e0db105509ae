"""Three-player riichi at the table: seeded self-play of the three bot brains under the
invariants the engine checks (tiles conserved, no hidden tile in any view or event),
plus what three seats add — 108 tiles, no 2m-8m ever drawn, scores and deposits summing to
105,000, no chow offered, kita declared — and the refusals that name their problem."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Chow, DeclareFlower, Discard
from engine.decide import start, step
from engine.errors import IllegalAction
from engine.events import ClaimWindowOpened, Drew, FlowerSetAside, HandEnded, HandStarted
from engine.legal import legal_actions
from engine.ruleset import table_for
from engine.simulate import acting_seat, defensive_bots, greedy_bots, play_match, random_bots
from engine.state import MatchState, Phase
from engine.tiles import NORTH, kind_of
from rulesets.riichi import RULESET as RIICHI
from rulesets.sanma import RULESET

BRAINS = {"random": random_bots, "greedy": greedy_bots, "defensive": defensive_bots}


@pytest.mark.parametrize("preset", ["tenhou_sanma", "mahjongsoul_sanma"])
@pytest.mark.parametrize("brain", sorted(BRAINS))
def test_self_play_keeps_the_three_seat_invariants(brain: str, preset: str) -> None:
    seen: Counter[str] = Counter()
    for i in range(2 if brain == "defensive" else 3):
        table = table_for(RULESET, {"preset": preset})
        assert table.rules.wall.total_tiles == len(table.rules.wall.tile_set()) == 108
        rec = play_match(table, f"sanma-{brain}-{i}", BRAINS[brain], check=True)
        state = rec.state
        assert state.over and len(state.scores) == 3 and len(state.standings) == 3
        assert sum(state.scores) + state.pot == 105_000
        for ev in rec.events:
            seen[ev.type] += 1
            if isinstance(ev, Drew):
                assert ev.tile is not None and not 1 <= kind_of(ev.tile) <= 7
            if isinstance(ev, HandStarted):
                assert sorted(ev.seating) == [0, 1, 2] and 0 <= ev.dealer < 3
            if isinstance(ev, ClaimWindowOpened):
                assert all(s in range(3) for s, _ in ev.options or ())
                assert not any(isinstance(a, Chow) for _, o in ev.options or () for a in o)
            if isinstance(ev, FlowerSetAside):
                assert kind_of(ev.tile) == NORTH
            if isinstance(ev, HandEnded):
                assert len(ev.result.riichi) == 3
    assert seen["flower_set_aside"] > 0, "nobody declared kita"


def _turn_state(seed: str) -> MatchState:
    state, _ = start(table_for(RULESET, {"preset": "tenhou_sanma"}), seed)
    return state


def _first_seed_where(pred: object) -> MatchState:
    for i in range(200):
        state = _turn_state(f"find-{i}")
        hand = state.hand
        assert hand is not None and hand.phase is Phase.TURN
        if pred(state):  # type: ignore[operator]
            return state
    raise AssertionError("no seed found")


def test_kita_is_offered_to_a_seat_holding_north_and_replaced() -> None:
    state = _first_seed_where(
        lambda s: NORTH in s.hand.seats[s.hand.turn].hand
    )
    hand = state.hand
    assert hand is not None
    seat = hand.turn
    kita = DeclareFlower(seat=seat, tile=NORTH)
    assert kita in legal_actions(state, seat)
    after, events = step(state, kita)
    assert any(isinstance(e, FlowerSetAside) for e in events)
    new = after.hand
    assert new is not None and new.seats[seat].flowers == (NORTH,)
    if new.phase is Phase.TURN:  # nobody could win on it: the replacement was drawn
        assert new.replacements == 1 and new.rinshan and new.turn == seat


def test_kita_by_a_seat_without_north_names_the_problem() -> None:
    state = _first_seed_where(
        lambda s: NORTH not in s.hand.seats[s.hand.turn].hand
    )
    hand = state.hand
    assert hand is not None
    with pytest.raises(IllegalAction, match=f"seat {hand.turn} holds no 4z to set aside"):
        step(state, DeclareFlower(seat=hand.turn, tile=NORTH))


def test_kita_at_a_four_player_table_names_the_problem() -> None:
    state, _ = start(table_for(RIICHI), "four")
    hand = state.hand
    assert hand is not None
    with pytest.raises(IllegalAction, match="4z cannot be set aside at this table"):
        step(state, DeclareFlower(seat=hand.turn, tile=NORTH))


def test_a_hand_passes_the_turn_among_three_seats() -> None:
    state, _ = start(table_for(RULESET), "turns")
    order: list[int] = []
    while len(order) < 7:
        hand = state.hand
        assert hand is not None
        seat = acting_seat(state)
        assert seat is not None
        if hand.phase is Phase.TURN:
            order.append(seat)
            discard = next(a for a in legal_actions(state, seat) if isinstance(a, Discard))
            state, _ = step(state, discard)
        else:
            pass_ = legal_actions(state, seat)[-1]
            state, _ = step(state, pass_)
        if state.hand is None or state.hand.phase is Phase.ENDED:
            break
    assert set(order) <= {0, 1, 2}
