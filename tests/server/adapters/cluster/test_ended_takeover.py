"""Issue 35: after a failover, a table that had ended on the dead instance (and was
still within its grace time there) was taken over by nobody: a client's last resync got
4411 ``table_freed`` well inside the grace time. A table that ended within its grace is
now taken over read-only, and freed when its grace is over."""

from __future__ import annotations

import json
import signal
import time

import httpx
from websockets.sync.client import connect

from server.adapters.cluster.local import LocalCluster
from server.adapters.cluster.routing import FORWARDED
from server.cli.client import ws_url
from tests.server.adapters.cluster.conftest import H, owners


def test_an_ended_table_is_taken_over_within_its_grace(cluster: LocalCluster) -> None:
    a, b = cluster.start_many("a", "b")
    body = {
        "ruleset": "mcr",
        "seats": ["bot:greedy"] * 4,
        "options": {"hands_per_session": 1},
        "spectators": True,
    }
    r = httpx.post(f"{a.url}/api/tables", json=body, headers=H | {FORWARDED: "test"}, timeout=10)
    assert r.status_code == 201, r.text
    table = r.json()["table_id"]
    deadline = time.monotonic() + 90
    while True:  # the bots play it to its end at a
        status = httpx.get(f"{a.url}/api/matches/{table}", timeout=10).json()["match"]["status"]
        if status == "finished":
            break
        assert time.monotonic() < deadline, status
        time.sleep(0.2)
    assert owners(a.url).get(table) == "a"
    a.signal(signal.SIGKILL)
    a.process.wait(10)
    time.sleep(2.5)  # its lease (1.5 s) runs out; the table's grace (30 s) does not
    with connect(ws_url(b.url, table), open_timeout=10) as ws:
        first = json.loads(ws.recv(timeout=15))
    assert first["type"] == "welcome", first  # before: error table_freed, close 4411
    assert first["status"] == "finished" and first["last_seq"] > 0
