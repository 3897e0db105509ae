"""A round's tables go where the placement port says (server.ports.placement): the use
cases open a table here or ask the instance chosen, and call time here or ask the
table's owner — never knowing how the instances talk. The other instance is played by
the port itself, opening its table through the same use case the REST route calls."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.accounts.tokens import Caller
from server.domain.tables.manager import TableManager
from server.ports.placement import ALONE
from server.usecases import rounds, tournaments
from server.usecases.accounts import new_player
from server.usecases.context import Services
from server.usecases.tournaments import NewTournament

OTHER = "http://other.example"
ADMIN = Caller(None, None)


class TwoInstances:
    """Every second table of a round goes to the other instance, which serves it."""

    def __init__(self, svc: Services) -> None:
        self.svc = svc
        self.opened: list[tuple[str, str, int, int]] = []
        self.elsewhere: set[str] = set()
        self.timed: list[tuple[str, str, str]] = []

    async def spread(self, n: int) -> Sequence[str | None]:
        return [OTHER if i % 2 else None for i in range(n)]

    async def open_round_table(
        self, instance: str, tournament_id: str, number: int, table_no: int
    ) -> str | None:
        self.opened.append((instance, tournament_id, number, table_no))
        table = await rounds.open_round_table(self.svc, tournament_id, number, table_no)
        self.elsewhere.add(table["table_id"])
        match_id: str = table["table_id"]
        return match_id

    async def owner(self, match_id: str) -> str | None:
        return OTHER if match_id in self.elsewhere else None

    async def call_time(self, instance: str, tournament_id: str, match_id: str) -> None:
        self.timed.append((instance, tournament_id, match_id))


async def _tournament(svc: Services, players: int) -> str:
    ids = [(await new_player(svc, f"p{i}", None)).id for i in range(players)]
    body = NewTournament(name="Spread", rounds=2, hands=1, players=ids)
    created = await tournaments.create(svc, body, ADMIN)
    tid: str = created["tournament_id"]
    return tid


def test_the_round_opens_and_ends_its_tables_where_the_placement_says() -> None:
    async def run() -> None:
        settings = Settings(admin_token="x", bot_delay=0)
        store = MemoryStore()
        svc = Services(settings, store, TableManager(store, settings), "")
        tid = await _tournament(svc, 8)
        placement = TwoInstances(svc)
        rnd = await rounds.start_round(svc, tid, False, placement)
        first, second = (t["match_id"] for t in rnd["tables"])
        assert placement.opened == [(OTHER, tid, 1, 2)]
        assert placement.elsewhere == {second} and first in svc.manager.actors
        ended = await rounds.end_round(svc, tid, 1, ADMIN, placement)
        assert placement.timed == [(OTHER, tid, second)]  # the owner calls time there
        assert ended["ended_by"] == "admin"
        await svc.manager.shutdown()

    asyncio.run(run())


def test_alone_every_table_opens_here() -> None:
    async def run() -> None:
        settings = Settings(admin_token="x", bot_delay=0)
        store = MemoryStore()
        svc = Services(settings, store, TableManager(store, settings), "")
        tid = await _tournament(svc, 8)
        rnd = await rounds.start_round(svc, tid, False, ALONE)
        assert all(t["match_id"] in svc.manager.actors for t in rnd["tables"])
        assert await ALONE.spread(3) == [None, None, None]
        await svc.manager.shutdown()

    asyncio.run(run())
