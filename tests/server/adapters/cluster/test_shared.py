"""What two instances share besides the tables (docs/cluster.md, What is shared): the
rate limits, the open-table quota, revocations (with the sockets they close on the other
instance) and presence. One cluster of two instances serves the whole module."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from server.adapters.cluster.local import LocalCluster, LocalInstance
from server.adapters.cluster.routing import FORWARDED
from server.cli.client import auth_frame, ws_url
from server.domain.protocol.messages import PROTOCOL_VERSION, CloseCode
from tests.server.adapters.cluster.conftest import H, guest, make_cluster, owners
from tests.server.adapters.sql.conftest import fresh_postgres

LIMITS = {
    "login_rate_per_name": "3/minute",
    "max_open_tables_per_player": "2",
    "table_create_rate": "4/minute",
    "argon2_time_cost": "1",  # cheap hashes
    "argon2_memory_kib": "64",
    "argon2_parallelism": "1",
}


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[LocalInstance]]:
    for pg in fresh_postgres():
        cluster: LocalCluster = make_cluster(pg, Path(tmp_path_factory.mktemp("shared")))
        cluster.env |= {f"JANTAKU_{k.upper()}": v for k, v in LIMITS.items()}
        try:
            yield cluster.start_many("a", "b")
        finally:
            cluster.stop()


HERE = {FORWARDED: "test"}  # the asked instance answers itself (no placement, no forwarding)
BEAT = 0.6  # a little over one heartbeat of the test cluster (lease 1.5 s: every 0.375 s)


def test_login_attempts_are_counted_across_instances(two: list[LocalInstance]) -> None:
    a, b = two
    name = f"acct-{uuid.uuid4().hex[:6]}"
    r = httpx.post(f"{a.url}/api/accounts/register", json={"name": name, "password": "pw-123456"})
    assert r.status_code == 201, r.text
    codes = []
    for k in range(4):  # 3/minute per name: a, b, a pass; b refuses the 4th
        base = (a, b)[k % 2].url
        r = httpx.post(f"{base}/api/accounts/login", json={"name": name, "password": "wrong-pw"})
        codes.append(r.status_code)
    assert codes == [401, 401, 401, 429], codes
    assert r.json()["error"]["code"] == "rate_limited" and int(r.headers["Retry-After"]) >= 1


def test_the_table_quota_and_rate_count_every_instance(two: list[LocalInstance]) -> None:
    a, b = two
    _, token = guest(a.url, "q")
    me = {"Authorization": f"Bearer {token}"}

    def create(at: LocalInstance) -> httpx.Response:
        return httpx.post(f"{at.url}/api/tables", json={}, headers=me | HERE, timeout=10)

    first = create(a)
    assert first.status_code == 201, first.text

    async def both() -> list[httpx.Response]:  # at once, one on each instance
        async with httpx.AsyncClient(timeout=10) as http:
            return list(
                await asyncio.gather(
                    *(http.post(f"{i.url}/api/tables", json={}, headers=me | HERE) for i in two)
                )
            )

    # quota 2: counted per instance, both would pass (each holds at most one table)
    answers = sorted(r.status_code for r in asyncio.run(both()))
    assert answers == [201, 409], answers
    mine = [t["table_id"] for t in httpx.get(f"{a.url}/api/tables").json()]
    assert len(mine) == 2

    def abort_one() -> None:
        table = mine.pop()
        r = httpx.post(f"{b.url}/api/admin/tables/{table}/abort", headers=H, timeout=10)
        assert r.status_code == 200, r.text

    abort_one()
    third = create(b)  # the create rate's 3rd of 4/minute
    assert third.status_code == 201, third.text
    mine.append(third.json()["table_id"])
    abort_one()
    fourth = create(a)
    assert fourth.status_code == 201, fourth.text
    mine.append(fourth.json()["table_id"])
    abort_one()
    refused = create(b)
    assert refused.status_code == 429, refused.text
    assert refused.json()["error"]["code"] == "rate_limited"


async def _seated(base: str, table: str, token: str) -> Any:
    ws = await websockets.connect(
        ws_url(base, table, auth="frame", protocol=str(PROTOCOL_VERSION)), open_timeout=5
    )
    await ws.send(auth_frame(token))
    while json.loads(await asyncio.wait_for(ws.recv(), 5))["type"] != "welcome":
        pass
    return ws


async def _closed_with(ws: Any, timeout: float = 3.0) -> int:
    """The close code the socket gets within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    with pytest.raises(websockets.ConnectionClosed) as closed:
        while True:
            await asyncio.wait_for(ws.recv(), max(deadline - time.monotonic(), 0.01))
    assert closed.value.rcvd is not None
    return int(closed.value.rcvd.code)


def _table_at(at: LocalInstance, seats: list[str]) -> str:
    """A waiting table created (and so owned) at ``at``, spectators allowed."""
    body = {"seats": seats, "spectators": True}
    r = httpx.post(f"{at.url}/api/tables", json=body, headers=H | HERE, timeout=10)
    assert r.status_code == 201, r.text
    table: str = r.json()["table_id"]
    for _ in range(30):  # the registry lists it from the owner's next heartbeat
        if table in (held := owners(at.url)):
            assert held[table] == at.name
            return table
        time.sleep(0.1)
    raise AssertionError(f"table {table} is not listed")


def test_a_logout_closes_the_sessions_sockets_on_every_instance(
    two: list[LocalInstance],
) -> None:
    a, b = two
    player, token = guest(a.url, "p")
    other, other_token = guest(a.url, "o")
    table = _table_at(b, [player, other, "open", "open"])

    async def scenario() -> tuple[dict[str, Any], int, int, int | None]:
        mine = await _seated(b.url, table, token)  # served at b, directly
        bystander = await _seated(b.url, table, other_token)
        async with httpx.AsyncClient(timeout=10) as http:  # the logout arrives at a
            r = await http.post(
                f"{a.url}/api/accounts/logout", headers={"Authorization": f"Bearer {token}"}
            )
        assert r.status_code == 200, r.text
        code = await _closed_with(mine)
        # the token opens no socket anywhere any more (read through to PostgreSQL)
        again = await websockets.connect(
            ws_url(a.url, table, auth="frame", protocol=str(PROTOCOL_VERSION))
        )
        await again.send(auth_frame(token))
        refused = await _closed_with(again)
        still: int | None = None
        try:
            await asyncio.wait_for(bystander.recv(), 0.3)
        except TimeoutError:
            pass  # the other player's socket stays open
        except websockets.ConnectionClosed as exc:
            still = exc.rcvd.code if exc.rcvd else -1
        await bystander.close()
        return r.json(), code, refused, still

    body, code, refused, still = asyncio.run(scenario())
    assert body["ended"] is True
    assert code == CloseCode.UNAUTHORIZED and refused == CloseCode.UNAUTHORIZED
    assert still is None


def test_an_admin_revocation_closes_relayed_and_direct_sockets(
    two: list[LocalInstance],
) -> None:
    a, b = two
    player, token = guest(a.url, "p")
    watcher_id, watcher_token = guest(a.url, "w")
    at_a = _table_at(a, [player, "open", "open", "open"])
    at_b = _table_at(b, [player, "open", "open", "open"])

    async def scenario() -> tuple[dict[str, Any], list[int], dict[str, int], dict[str, int]]:
        relayed = await _seated(b.url, at_a, token)  # through b; its endpoint runs at a
        direct = await _seated(b.url, at_b, token)
        watcher = await _seated(b.url, at_a, watcher_token)  # a spectator, relayed
        await asyncio.sleep(BEAT)  # presence: each instance writes it every heartbeat
        async with httpx.AsyncClient(timeout=10) as http:
            listed = (await http.get(f"{a.url}/api/admin/players", headers=H)).json()
            online = {p["player_id"]: p["connections"] for p in listed}
            r = await http.delete(f"{a.url}/api/admin/players/{player}/token", headers=H)
            assert r.status_code == 200, r.text
            codes = [await _closed_with(relayed), await _closed_with(direct)]
            for _ in range(20):  # until the heartbeats have written it (a few at most)
                await asyncio.sleep(0.2)
                listed = (await http.get(f"{b.url}/api/admin/players", headers=H)).json()
                after = {p["player_id"]: p["connections"] for p in listed}
                if after[player] == 0:
                    break
        await watcher.close()
        return r.json(), codes, online, after

    body, codes, online, after = asyncio.run(scenario())
    assert codes == [CloseCode.UNAUTHORIZED, CloseCode.UNAUTHORIZED]
    assert body["connections_closed"] == 2  # one at a, one counted by b
    # presence of the whole cluster, asked at either instance
    assert online[player] == 2 and online[watcher_id] == 1
    assert after[player] == 0 and after[watcher_id] == 1


def test_a_merge_sees_the_unfinished_tables_of_every_instance(two: list[LocalInstance]) -> None:
    a, b = two
    source, _ = guest(a.url, "s")
    target, _ = guest(a.url, "t")
    table = _table_at(b, [source, "open", "open", "open"])
    body = {"source": source, "target": target}
    r = httpx.post(f"{a.url}/api/admin/players/merge", json=body, headers=H, timeout=10)
    assert r.status_code == 409, r.text
    assert r.json()["error"]["code"] == "account_busy" and table in r.json()["error"]["message"]
