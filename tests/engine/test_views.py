"""Views show a viewer exactly what it may know. The strongest check: shuffle everything
the viewer may not see (other hands, the unrevealed wall, the dead wall and ura
indicators) and the view must not change."""

from __future__ import annotations

import hashlib

import pytest

from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.events import Dealt, DoraRevealed, Drew, HandStarted
from engine.rng import SeededStream
from engine.simulate import acting_seat
from engine.state import MatchState, Phase, update
from engine.table_rules import TableRules
from engine.views import redact, view_for, view_to_json
from engine.wall import Wall
from tests.engine.conftest import Helpers


def perturb(state: MatchState, viewer: int | None, stream: SeededStream) -> MatchState:
    hand = state.hand
    assert hand is not None
    wall = hand.wall
    n = len(wall.tiles)
    seen = set(range(hand.front))
    for i in range(hand.replacements):
        seen.add(update(hand, replacements=i).replacement_index())
    for i in range(hand.dora_revealed):
        seen.add(wall.dead_index(wall.spec.dora_positions[i]))
    hidden = [i for i in range(n) if i not in seen]
    others = [s for s in range(4) if s != viewer]
    pool = [wall.tiles[i] for i in hidden]
    for s in others:
        pool += hand.seats[s].hand
    stream.shuffle(pool)
    tiles = list(wall.tiles)
    for i in hidden:
        tiles[i] = pool.pop()
    seats = list(hand.seats)
    for s in others:
        size = len(seats[s].hand)
        seats[s] = update(seats[s], hand=tuple(sorted(pool[:size])))
        del pool[:size]
    assert not pool
    new_hand = update(hand, wall=Wall(wall.spec, tuple(tiles)), seats=tuple(seats))
    return update(state, hand=new_hand)


@pytest.mark.parametrize(
    "config", ["RIICHI_LIKE", "MCR_LIKE", "THREE_KINGDOMS_LIKE", "FLOWERS_ON_TURN"]
)
def test_views_do_not_depend_on_hidden_tiles(h: Helpers, config: str) -> None:
    table = h.make_table(getattr(h, config), hands=2)
    state, _ = start(table, f"views-{config}")
    bots = [RandomBot(f"views-{config}", s) for s in range(4)]
    stream = SeededStream(hashlib.sha256(config.encode()).digest())
    checked = 0
    while not state.over:
        hand = state.hand
        assert hand is not None
        if hand.phase is not Phase.ENDED and checked % 3 == 0:
            for viewer in (0, 1, 2, 3, None):
                shaken = perturb(state, viewer, stream)
                assert view_for(shaken, viewer) == view_for(state, viewer)
        checked += 1
        seat = acting_seat(state)
        assert seat is not None
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
    assert checked > 100


def test_a_view_serialises_and_hides_other_hands(h: Helpers) -> None:
    table = h.make_table(h.MCR_LIKE)
    state, events = start(table, "json")
    for viewer in (0, 2, None):
        view = view_for(state, viewer)
        data = view_to_json(view)
        assert data["viewer"] == viewer
        hands = [s["hand"] for s in data["hand"]["seats"]]
        assert [x is not None for x in hands] == [viewer == i for i in range(4)]
        assert "wall" not in str(data.keys())
    spectator = view_for(state, None)
    assert spectator.legal == () and spectator.hand is not None and spectator.hand.drawn is None
    for ev in events:
        if isinstance(ev, Dealt | Drew):
            seen = redact(ev, None)
            assert isinstance(seen, Dealt | Drew)
            assert (seen.tiles if isinstance(seen, Dealt) else seen.tile) is None


@pytest.mark.parametrize(
    "config", ["RIICHI_LIKE", "MCR_LIKE", "THREE_KINGDOMS_LIKE", "ZUNG_JUNG_LIKE"]
)
def test_views_count_the_live_and_dead_wall_and_show_logged_indicators(
    h: Helpers, config: str
) -> None:
    """Every tile is drawn, still drawable, or in the dead wall; the indicators a view shows
    are exactly the ones the public log revealed, the first one at the hand's start."""
    rules: TableRules = getattr(h, config)
    table = h.make_table(rules, hands=1)
    state, events = start(table, f"walls-{config}")
    bots = [RandomBot(f"walls-{config}", s) for s in range(4)]
    shown: list[int] = []
    while not state.over:
        for e in events:
            if isinstance(e, HandStarted):
                shown = []
            elif isinstance(e, DoraRevealed):
                shown.append(e.indicator)
        hand = state.hand
        assert hand is not None
        for viewer in (0, None):
            view = view_for(state, viewer).hand
            assert view is not None
            drawn = hand.front + hand.replacements
            assert drawn + view.wall_remaining + view.dead_wall_remaining == len(hand.wall.tiles)
            assert rules.wall.dead_wall or not view.dead_wall_remaining
            assert list(view.dora_indicators) == shown
        seat = acting_seat(state)
        assert seat is not None
        state, events = step(state, bots[seat].act(view_for(state, seat)))
    if rules.wall.dora_positions:
        assert shown
