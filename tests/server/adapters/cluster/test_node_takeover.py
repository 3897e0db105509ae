"""A connection that reaches the new owner while it is taking a table over (issue 20's
30-table failover bug): the takeover takes the lease first and rebuilds the table from
its log afterwards, and another instance that reads the lease relays the client here at
once. The connection must wait for the rebuild and get the whole table, not an empty
one nor a final close.

Two instances in one process (a real Redis, one SQLite store): ``a`` creates a table and
dies (its lease expires), ``b`` takes it over with its log read held back, and a relayed
connection for the table's player arrives at ``b`` in that moment."""

from __future__ import annotations

import asyncio
import json
import shutil
import uuid
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from server.adapters.cluster.node import ClusterNode
from server.adapters.sql.store import SqlStore
from server.adapters.ws.endpoint import table_socket
from server.cli.client import auth_frame
from server.config import Settings
from server.domain.accounts.rules import name_key
from server.domain.protocol.messages import PROTOCOL_VERSION, CloseCode
from server.domain.tables.errors import TableError
from server.domain.tables.manager import TableManager
from server.ports.storage import LoggedEvent, PlayerRecord
from server.usecases.accounts import open_session
from server.usecases.context import Services
from tests.server.viewer_seqs import shown

from .conftest import redis_url

LEASE = 0.5


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One migrated SQLite file; each test plays on a copy (migrating takes seconds)."""
    path = tmp_path_factory.mktemp("takeover") / "migrated.db"
    asyncio.run(_migrate(path))
    return path


async def _migrate(path: Path) -> None:
    store = await SqlStore.open(f"sqlite+aiosqlite:///{path}")
    await store.close()


async def open_copy(migrated: Path, tmp_path: Path) -> SqlStore:
    shutil.copy(migrated, tmp_path / "jantaku.db")
    url = f"sqlite+aiosqlite:///{tmp_path / 'jantaku.db'}"
    return await SqlStore.open(url, migrate_first=False)


class Instance:
    def __init__(self, name: str, settings: Settings, store: SqlStore) -> None:
        self.manager = TableManager(store, settings)
        app = SimpleNamespace(state=SimpleNamespace())
        self.node = ClusterNode(settings, store, self.manager, app, serve_socket=table_socket)
        self.services = Services(settings, store, self.manager, "", cluster=self.node)
        app.state.services = self.services
        self.sent: asyncio.Queue[dict[str, Any]] = asyncio.Queue()  # to the relaying side

        async def send(peer: str, message: dict[str, Any]) -> None:
            self.sent.put_nowait(message)

        vars(self.node)["send"] = send  # what the instance publishes, kept here

    async def frame(self) -> dict[str, Any]:
        """The next frame the owner wrote for the relayed client (or its close)."""
        message = await asyncio.wait_for(self.sent.get(), 5)
        if message["k"] == "close":
            return {"type": "closed", "code": message["code"]}
        assert message["k"] == "out", message
        out: dict[str, Any] = json.loads(message["t"])
        return out


async def player(services: Services) -> tuple[str, str]:
    name = f"p-{uuid.uuid4().hex[:6]}"
    record = PlayerRecord(uuid.uuid4().hex[:12], name, name_key(name), datetime.now(UTC))
    await services.store.players.add(record)
    token, _ = await open_session(services, record)
    return record.id, token


Read = Callable[[str], Awaitable[list[LoggedEvent]]]


def held(read: Read, entered: asyncio.Event, release: asyncio.Event) -> Read:
    async def slow(table_id: str) -> list[LoggedEvent]:
        entered.set()
        await release.wait()
        return await read(table_id)

    return slow


def test_a_connection_relayed_during_a_takeover_waits_for_the_rebuild(
    migrated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(
        redis_url=redis_url(),
        cluster_namespace=f"t{uuid.uuid4().hex[:10]}",
        lease_seconds=LEASE,
        bot_delay=0,
        hand_pause=0,
        absent_grace=0,
    )

    async def scenario() -> None:
        store = await open_copy(migrated, tmp_path)
        a = Instance("a", settings.model_copy(update={"instance_id": "a"}), store)
        b = Instance("b", settings.model_copy(update={"instance_id": "b"}), store)
        try:
            pid, token = await player(a.services)
            created = await a.manager.create(
                ruleset="mcr",
                ruleset_version="1",
                options={"hands_per_session": 1},
                seats=[pid, "bot:greedy", "bot:greedy", "bot:greedy"],
                names={0: "p"},
                timers={"move": 60.0, "claim": 60.0, "bank": 0.0},
                spectators={},
                created_by="admin",
            )
            table_id = created.id
            for _ in range(100):  # the bots play up to the player's first prompt
                if 0 in created.prompts:
                    break
                await asyncio.sleep(0.02)
            assert 0 in created.prompts
            # a dies: its actor is gone and nobody renews its lease
            a.manager.actors.pop(table_id)
            await created.stop()
            logged = await store.events.read(table_id)
            assert len(logged) > 2
            # the frames place 0 is shown of them, numbered 1, 2 … (its own numbering)
            stored = len(shown(((e.seq, e.event) for e in logged), 0))
            await asyncio.sleep(LEASE + 0.1)

            # b takes the table over; its rebuild waits for the log until released
            entered, release = asyncio.Event(), asyncio.Event()
            monkeypatch.setattr(store.events, "read", held(store.events.read, entered, release))
            takeover = asyncio.create_task(b.node.claim(table_id))
            for _ in range(100):
                if await b.node.leases.holder(table_id) == "b":
                    break
                await asyncio.sleep(0.01)
            assert await b.node.leases.holder(table_id) == "b"
            # what another instance now sees (lease b, b alive): the client is relayed to b,
            # before b has even read the table's record
            query = {"auth": "frame", "protocol": str(PROTOCOL_VERSION)}
            b.node._dispatch({"k": "open", "c": "c1", "from": "r", "table": table_id, "q": query})
            b.node._dispatch({"k": "in", "c": "c1", "n": 1, "t": auth_frame(token)})
            # the table is being rebuilt (its log is read): a direct connection here now is
            # told to come back, neither welcomed by the empty table nor told it is over
            await asyncio.wait_for(entered.wait(), 5)
            assert table_id not in b.manager.actors
            with pytest.raises(TableError) as moving:
                await b.manager.require(table_id)
            assert (moving.value.status, moving.value.code) == (503, "table_moving")
            await asyncio.sleep(0.1)
            assert b.sent.empty()  # the relayed connection waits for the rebuild
            release.set()
            assert await asyncio.wait_for(takeover, 5) is not None

            welcome = await b.frame()
            assert welcome["type"] == "welcome", welcome
            assert welcome["last_seq"] == stored  # the whole table, not an empty one
            assert b.manager.actors[table_id].numbers.count(0, len(logged)) == stored
            state = await b.frame()
            assert state["type"] == "state" and state["seq"] == stored
            prompt = await b.frame()
            assert prompt["type"] == "prompt"
            # its resync from an earlier seq replays the rest and offers the prompt again
            resync = json.dumps({"type": "resync", "last_seq": stored - 2})
            b.node._dispatch({"k": "in", "c": "c1", "n": 2, "t": resync})
            replayed = []
            while (frame := await b.frame())["type"] != "prompt":
                replayed.append(frame)
            seqs = [f["seq"] for f in replayed if f["type"] == "event"]
            assert seqs and seqs == sorted(seqs) and set(seqs) <= {stored - 1, stored}
            assert 0 in b.manager.actors[table_id].conns
        finally:
            for inst in (a, b):
                await inst.manager.shutdown()
                await inst.node.close()
            await store.close()

    asyncio.run(scenario())


def test_a_relayed_connection_for_a_table_not_served_here_is_sent_back(
    migrated: Path, tmp_path: Path
) -> None:
    """An owner that no longer has the table (its lease moved on after the relaying side
    read it) refuses the connection with 1001 and ``table_moving``: the client
    reconnects and finds the new owner. It used to get ``table_freed`` and 4411, after
    which a client stops for good."""

    async def scenario() -> None:
        settings = Settings(
            redis_url=redis_url(), cluster_namespace=f"t{uuid.uuid4().hex[:10]}", instance_id="b"
        )
        store = await open_copy(migrated, tmp_path)
        b = Instance("b", settings, store)
        try:
            pid, token = await player(b.services)
            created = await b.manager.create(
                ruleset="mcr",
                ruleset_version="1",
                options={"hands_per_session": 1},
                seats=[pid, "bot:greedy", "bot:greedy", "bot:greedy"],
                names={0: "p"},
                timers={"move": 60.0, "claim": 60.0, "bank": 0.0},
                spectators={},
                created_by="admin",
            )
            b.node.drop(created.id)  # its lease was lost: the table lives elsewhere now
            query = {"auth": "frame", "protocol": str(PROTOCOL_VERSION)}
            b.node._dispatch({"k": "open", "c": "c2", "from": "r", "table": created.id, "q": query})
            b.node._dispatch({"k": "in", "c": "c2", "n": 1, "t": auth_frame(token)})
            error = await b.frame()
            assert error["type"] == "error" and error["code"] == "table_moving", error
            assert await b.frame() == {"type": "closed", "code": CloseCode.GOING_AWAY}
        finally:
            await b.manager.shutdown()
            await b.node.close()
            await store.close()

    asyncio.run(scenario())
