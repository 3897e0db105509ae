"""Fencing end to end: the owner of a bot table is SIGSTOPped past its lease, another
instance takes the table over and plays on, the old owner is SIGCONTed: it stops its
actor (its append refused, or its lease found lost), and the log has one history."""

from __future__ import annotations

import signal
import time

import httpx

from engine.events import event_from_json
from engine.replay import rebuild
from server.adapters.cluster.local import LocalCluster
from server.domain.registry import build_table
from tests.server.adapters.cluster.conftest import H, check_log, owners, stored


def test_a_paused_owner_is_fenced_off(cluster: LocalCluster, pg: str) -> None:
    a = cluster.start("a", bot_delay="0.05")
    b = cluster.start("b", bot_delay="0.05")
    body = {"ruleset": "mcr", "seats": ["bot:greedy"] * 4, "options": {"hands_per_session": 1}}
    r = httpx.post(f"{a.url}/api/tables", json=body, headers=H, timeout=10)
    assert r.status_code == 201, r.text
    table_id = r.json()["table_id"]
    deadline = time.monotonic() + 5
    while table_id not in owners(a.url):  # listed from the next heartbeat on
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert owners(a.url)[table_id] == "a"  # a tie goes to the instance asked
    time.sleep(0.3)
    a.signal(signal.SIGSTOP)
    try:
        deadline = time.monotonic() + 10
        while owners(b.url).get(table_id) != "b":
            assert time.monotonic() < deadline, "b never took the table"
            time.sleep(0.1)

        def events_at_b() -> int | None:
            """The table's event count at b, None once b has finished and freed it."""
            r = httpx.get(f"{b.url}/api/admin/tables/{table_id}", headers=H, timeout=10)
            return int(r.json()["events"]) if r.status_code == 200 else None

        taken = events_at_b()
        deadline = time.monotonic() + 20
        while taken is not None:  # b plays on (a one-hand bot table may already be over)
            now = events_at_b()
            if now is None or now > taken:
                break
            assert time.monotonic() < deadline, "b took the table but did not play on"
            time.sleep(0.05)
    finally:
        a.signal(signal.SIGCONT)
    deadline = time.monotonic() + 30
    while stored(pg, [table_id])[table_id].record.status != "finished":
        assert time.monotonic() < deadline, "the table did not finish"
        time.sleep(0.3)
    time.sleep(1.0)
    s = stored(pg, [table_id])[table_id]
    check_log(s)
    table = build_table(s.record.ruleset, s.record.options)
    assert s.record.seed is not None
    rebuild(table, s.record.seed, [event_from_json(e.event) for e in s.events])  # one history
    assert table_id not in owners(a.url) or owners(a.url)[table_id] != "a"
    log = a.log.read_text()
    assert "fenced" in log or "lease lost" in log, log[-2000:]
