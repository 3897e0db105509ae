"""A population of bots with one planted colluding pair, played in-process with the engine
and stored through the store's event log (the records path the table actor uses).

Twelve players; 200 riichi east-only matches. The two colluders arrange to sit together
(every third match) and otherwise are seated like everyone else, at random from a fixed
seed. A colluder plays like the greedy bot except that it never wins on its partner's
discard (it passes) unless the partner meant it as a feed, and, on its turn, discards a tile
its partner can win on whenever it holds one (it sees the partner's hand: the channel
colluders share off the table), which the partner then takes."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from typing import Any

from engine.actions import Action, Discard, Pass, SelfDrawWin, Win
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import event_to_json
from engine.legal import legal_actions
from engine.simulate import acting_seat
from engine.state import CLAIM, MatchState
from engine.tiles import kind_of
from engine.views import view_for
from engine.wins import is_furiten, legal_win, shape_complete_with
from server.adapters.memory.store import MemoryStore
from server.domain.registry import build_table
from server.ports.storage import PlayerRecord, Store
from tests.server.adapters.sql.played import logged, record

PLAYERS = [f"p-{i:02d}" for i in range(12)]
COLLUDERS = ("p-03", "p-08")
MATCHES = 200
OPTIONS = {"game_length": "tonpuusen"}


def colluder_action(
    state: MatchState, seat: int, partner: int, honest: Action, fed: bool
) -> tuple[Action, bool]:
    """What a colluder does instead of the honest bot's choice ``honest``, and whether it
    is a feed; ``fed``: the open window's discard was the partner's feed."""
    hand = state.hand
    assert hand is not None
    if hand.phase is CLAIM and hand.window is not None:
        if isinstance(honest, Win) and hand.window.seat == partner and not fed:
            return Pass(seat=seat), False
        return honest, False
    if isinstance(honest, SelfDrawWin):
        return honest, False
    rules = state.table.rules
    mate = hand.seats[partner]
    for a in legal_actions(state, seat):
        if not isinstance(a, Discard) or a.riichi:
            continue
        k = kind_of(a.tile)
        if (
            shape_complete_with(rules, mate, k)
            and not is_furiten(rules, mate, k)
            and legal_win(state, partner, a.tile, tsumo=False)
        ):
            return a, True
    return honest, False


def play(seats: list[str], seed: str) -> list[list[dict[str, Any]]]:
    """One match's event batches (one per accepted action, as the table actor appends)."""
    table = build_table("riichi", OPTIONS)
    bot = GreedyBot(table.rules)
    state, events = start(table, seed)
    batches = [[event_to_json(e) for e in events]]
    partner = {
        s: seats.index(next(c for c in COLLUDERS if c != seats[s]))
        for s in range(4)
        if seats[s] in COLLUDERS and all(c in seats for c in COLLUDERS)
    }
    fed = False  # the last discard was a colluder's feed
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None and state.hand is not None
        action = bot.act(view_for(state, seat))
        feeding = False
        if seat in partner:
            action, feeding = colluder_action(state, seat, partner[seat], action, fed)
        if isinstance(action, Discard):
            fed = feeding
        state, events = step(state, action)
        batches.append([event_to_json(e) for e in events])
    return batches


def seatings() -> list[list[str]]:
    rng = random.Random(23)
    out = []
    for n in range(MATCHES):
        if n % 3 == 0:
            others = rng.sample([p for p in PLAYERS if p not in COLLUDERS], 2)
            four = [*COLLUDERS, *others]
        else:
            four = rng.sample(PLAYERS, 4)
        rng.shuffle(four)
        out.append(four)
    return out


async def stored(tables: list[list[str]], store: Store | None = None) -> Store:
    """A store (a new memory store by default) holding the players (named "Player NN")
    and one played match per seating of ``tables`` (ids m000, m001 …)."""
    store = store if store is not None else MemoryStore()
    now = datetime.now(UTC)
    for pid in sorted({p for four in tables for p in four}):
        name = f"Player {pid[2:]}"
        await store.players.add(PlayerRecord(pid, name, name.lower(), now))
    for n, seats in enumerate(tables):
        table_id = f"m{n:03d}"
        stored = replace(record(table_id), ruleset="riichi", options=dict(OPTIONS), seats=seats)
        await store.tables.add(stored)
        batches = tuple(tuple(b) for b in play(seats, f"collusion-{n}"))
        for rows in logged(table_id, batches):
            await store.events.append(rows)
    return store


@cache
def planted_store() -> Store:
    """The stored population (built once per test session)."""
    return asyncio.run(stored(seatings()))


def small_store(matches: int = 4) -> Store:
    """A few matches of the two colluders with two honest players (for the API and page)."""
    return asyncio.run(stored([[COLLUDERS[0], "p-01", COLLUDERS[1], "p-02"]] * matches))
