"""PostgreSQL unreachable in cluster mode: a player's move, relayed from another
instance, is refused with ``storage_unavailable`` and nothing is stored; once the
database is back the same move is played, once, and the table keeps its owner."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.engine import make_url
from websockets.asyncio.client import ClientConnection, connect

from server.adapters.cluster.local import free_port
from server.cli.client import auth_frame, ws_url
from server.domain.protocol.messages import PROTOCOL_VERSION
from tests.server.adapters.cluster.conftest import H, guest, make_cluster, owners, stored
from tests.server.viewer_seqs import shown


class Cutter:
    """A TCP proxy to PostgreSQL that the test can cut: ``down`` closes every proxied
    connection and refuses new ones until ``up``."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.cut = False
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            if self.cut:
                client.close()
                continue
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._socks += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def down(self) -> None:
        self.cut = True
        with self._lock:
            socks, self._socks = self._socks, []
        for s in socks:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def up(self) -> None:
        self.cut = False

    def close(self) -> None:
        self.down()
        self._server.close()


@pytest.fixture
def cutter(pg: str) -> Iterator[tuple[Cutter, str]]:
    url = make_url(pg)
    c = Cutter((url.host or "127.0.0.1", url.port or 5432))
    try:
        yield c, url.set(host="127.0.0.1", port=c.port).render_as_string(hide_password=False)
    finally:
        c.close()


async def next_frame(ws: ClientConnection, kind: str, timeout: float = 30) -> dict[str, Any]:
    async with asyncio.timeout(timeout):
        while True:
            frame: dict[str, Any] = json.loads(await ws.recv())
            if frame["type"] == kind:
                return frame


def test_moves_are_refused_while_postgresql_is_unreachable(
    cutter: tuple[Cutter, str], pg: str, tmp_path: Path
) -> None:
    proxy, through = cutter
    cluster = make_cluster(through, tmp_path)
    try:
        instances = [cluster.start(n, move_time="120") for n in ("a", "b")]
        player, token = guest(instances[0].url, "solo")
        body = {"ruleset": "mcr", "seats": [player] + ["bot:greedy"] * 3}
        r = httpx.post(f"{instances[0].url}/api/tables", json=body, headers=H, timeout=10)
        assert r.status_code == 201, r.text
        table_id = r.json()["table_id"]
        deadline = time.monotonic() + 10
        while table_id not in owners(instances[0].url):  # until the owner's next heartbeat
            assert time.monotonic() < deadline, "no instance lists the table"
            time.sleep(0.1)
        owner = owners(instances[0].url)[table_id]
        relay = next(i for i in instances if i.name != owner)  # the move is relayed

        async def scenario() -> tuple[int, int]:
            url = ws_url(relay.url, table_id, protocol=str(PROTOCOL_VERSION), auth="frame")
            async with connect(url) as ws:
                await ws.send(auth_frame(token))
                prompt = await next_frame(ws, "prompt")
                move = json.dumps(prompt["actions"][0])
                async with httpx.AsyncClient(timeout=10) as http:
                    live = (await http.get(f"{relay.url}/api/admin/tables", headers=H)).json()
                before = next(t["events"] for t in live if t["table_id"] == table_id)
                proxy.down()
                await ws.send(move)
                refused = await next_frame(ws, "error")
                assert refused["code"] == "storage_unavailable", refused
                proxy.up()
                deadline = time.monotonic() + 30
                while True:  # the pool may hold a dead connection or two: send again
                    await ws.send(move)
                    frame = None
                    async with asyncio.timeout(10):
                        while frame is None:
                            got = json.loads(await ws.recv())
                            if got["type"] in ("event", "error"):
                                frame = got
                    if frame["type"] == "event":
                        return before, frame["seq"]
                    assert frame["code"] == "storage_unavailable", frame
                    assert time.monotonic() < deadline, "the move never went through"
                    await asyncio.sleep(0.5)

        before, played = asyncio.run(scenario())
        log = stored(pg, [table_id])[table_id].events
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        # nothing was stored while the database was away: the move's event, the player's
        # frame ``played`` in its own numbering, is the log's next one
        at_log = [0, *(seq for seq, _ in shown(((e.seq, e.event) for e in log), 0))]
        assert at_log[played] == before + 1
        assert owners(instances[0].url)[table_id] == owner  # no takeover meanwhile
    finally:
        cluster.stop()
