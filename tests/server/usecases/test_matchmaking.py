"""Issue 23's queue test: 40 simulated players of spread ratings through REST and the
queue WebSocket. Tight rating clusters are seated at once, one table each; four spread
players only once their bands have widened; the two left over with bots after the
maximum wait; a player who leaves (REST) or disconnects (WebSocket) is never seated; and
no player sits at two tables."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from websockets.sync.client import connect

from server.cli.client import auth_frame
from server.usecases.matchmaking import Matchmaker
from tests.server.conftest import LiveServer, Socket, running, suite_settings

QUEUE = "test-mcr"
# width 1 for 1.5 s, then widening to 30 at 3 s (and no further)
CURVE = [[0.0, 1.0], [1.5, 1.0], [3.0, 30.0]]
BOT_FILL_AFTER = 5.0


def queue_ws(base: str, queue_id: str, token: str) -> Socket:
    parts = urlsplit(base)
    url = urlunsplit(("ws", parts.netloc, f"/ws/queues/{queue_id}", "auth=frame", ""))
    sock = Socket(connect(url, open_timeout=5).__enter__())
    sock.conn.send(auth_frame(token))
    return sock


def me(live: LiveServer, token: str) -> dict[str, Any]:
    r = live.http.get("/api/queues/me", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_forty_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = suite_settings(
        tmp_path,
        queue_tick=0.2,
        queue_band_curve=CURVE,
        queue_bot_fill_after=None,
        queues=[
            {
                "id": QUEUE,
                "title": "MCR test",
                "ruleset": "mcr",
                "bot": "bot:greedy",
                "bot_fill_after": BOT_FILL_AFTER,
            }
        ],
    )
    ratings: dict[str, float] = {}

    async def rating(self: Matchmaker, ruleset: str, player_id: str) -> float:
        return ratings[player_id]

    monkeypatch.setattr(Matchmaker, "rating", rating)
    with running(settings) as live:
        players = [live.player(f"q{i}") for i in range(40)]
        # 32 players in 8 clusters 10 apart (spread 0.6 within a cluster), 4 spread 10
        # apart, 2 far away, 2 who leave again
        for i, (pid, _) in enumerate(players[:32]):
            ratings[pid] = 100 + 10 * (i % 8) + 0.2 * (i // 8)
        spread = players[32:36]
        for k, (pid, _) in enumerate(spread):
            ratings[pid] = 300 + 10 * k
        far = players[36:38]
        for k, (pid, _) in enumerate(far):
            ratings[pid] = 500 + 5 * k
        leavers = players[38:40]
        for pid, _ in leavers:
            ratings[pid] = 100.1  # would fit the first cluster

        r = live.http.get("/api/queues")
        assert r.status_code == 200 and r.json()["queues"][0]["id"] == QUEUE

        # the leavers first: one over REST, one over the socket
        rest_leaver, ws_leaver = leavers
        h = {"Authorization": f"Bearer {rest_leaver[1]}"}
        r = live.http.post(f"/api/queues/{QUEUE}/join", headers=h)
        assert r.status_code == 200 and r.json()["status"] == "queued", r.text
        assert live.http.post("/api/queues/missing/join", headers=h).status_code == 404
        r = live.http.post("/api/queues/leave", headers=h)
        assert r.json()["status"] == "idle"
        sock = queue_ws(live.base_url, QUEUE, ws_leaver[1])
        assert sock.until_type("queue")["status"] == "queued"
        sock.close()
        deadline = time.monotonic() + 5
        while me(live, ws_leaver[1])["status"] != "idle":
            assert time.monotonic() < deadline, "the disconnected player is still queued"
            time.sleep(0.05)

        # half the clustered players wait on the socket, the rest poll over REST
        sockets: dict[str, Socket] = {}
        start = time.monotonic()
        for i, (pid, token) in enumerate(players[:38]):
            if i < 32 and i % 2 == 0:
                sockets[pid] = queue_ws(live.base_url, QUEUE, token)
                sockets[pid].until_type("queue")
            else:
                h = {"Authorization": f"Bearer {token}"}
                r = live.http.post(f"/api/queues/{QUEUE}/join", headers=h)
                assert r.status_code == 200, r.text
                again = live.http.post(f"/api/queues/{QUEUE}/join", headers=h)
                assert again.json()["status"] in ("queued", "matched")
        r = live.http.get("/api/queues", headers={"Authorization": f"Bearer {far[0][1]}"})
        mine = r.json()["me"]
        assert mine["status"] == "queued" and mine["position"] >= 1

        matched: dict[str, dict[str, Any]] = {}
        for pid, sock in sockets.items():
            frame = sock.until_type("matched", timeout=10)
            matched[pid] = frame
            sock.close()
        deadline = time.monotonic() + BOT_FILL_AFTER + 10
        for pid, token in players[:38]:
            if pid in matched:
                continue
            while (status := me(live, token))["status"] != "matched":
                assert time.monotonic() < deadline, f"{pid} never matched: {status}"
                time.sleep(0.1)
            matched[pid] = status
        elapsed = time.monotonic() - start

        tables: dict[str, list[str]] = {}
        for pid, m in matched.items():
            tables.setdefault(m["table_id"], []).append(pid)
        # no double seating: every seat of every formed table holds a distinct player,
        # and each player's table holds them at the seat they were told
        seen: list[str] = []
        for table_id, members in tables.items():
            t = live.http.get(f"/api/tables/{table_id}").json()
            occupants = [s["occupant"] for s in t["seats"]]
            for pid in members:
                assert occupants[matched[pid]["seat"]] == pid
            seen += [o for o in occupants if not o.startswith("bot:")]
        assert sorted(seen) == sorted(pid for pid, _ in players[:38])
        assert len(set(seen)) == len(seen)
        for pid, token in leavers:
            assert me(live, token)["status"] == "idle"
            assert pid not in seen

        # clusters: one table each, seated as soon as the last of them came (no widening)
        for c in range(8):
            cluster = {pid for i, (pid, _) in enumerate(players[:32]) if i % 8 == c}
            assert len({matched[p]["table_id"] for p in cluster}) == 1
            assert min(matched[p]["waited"] for p in cluster) < 1.5
        # the spread four: together, only once the band reached 30 (3 s)
        spread_tables = {matched[p]["table_id"] for p, _ in spread}
        assert len(spread_tables) == 1
        assert all(matched[p]["waited"] >= 2.9 for p, _ in spread)
        # the far two: with two bots after the maximum wait
        (far_table,) = {matched[p]["table_id"] for p, _ in far}
        seats = live.http.get(f"/api/tables/{far_table}").json()["seats"]
        assert sum(s["kind"] == "bot" for s in seats) == 2
        # (the longest waiting of them reached the maximum wait; the other came later)
        assert max(matched[p]["waited"] for p, _ in far) >= BOT_FILL_AFTER
        assert elapsed < BOT_FILL_AFTER + 15

        r = live.http.get("/api/queues").json()["queues"][0]
        assert r["waiting"] == 0 and r["expected_wait"] is not None
        with contextlib.suppress(Exception):
            json.dumps(r)
