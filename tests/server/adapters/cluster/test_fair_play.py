"""Fair play and queues on a cluster of two instances (issue 23): the assist-off check sees
a table another instance runs; a duplicate round unsealed by its last table on one
instance is unsealed for the actor another instance holds; players queued through two
instances are matched into one table, each seated once, and leaving or disconnecting
through either instance takes them out. One cluster serves the module's tests (each
cleans its tables up), so its start-up is paid once."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from server.adapters.cluster.local import LocalCluster, LocalInstance
from server.cli.client import SeatClient, auth_frame, ws_url
from tests.server.adapters.cluster.conftest import H, guest, make_cluster, owners
from tests.server.adapters.sql.conftest import fresh_postgres

QUEUE = "c-mcr"
QUEUES = [
    {
        "id": QUEUE,
        "title": "MCR, one hand",
        "ruleset": "mcr",
        "options": {"hands_per_session": 1},
        "ranked": True,
        "bot_fill_after": 3600,
    }
]
HAND = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]  # any 14 tiles: a hint query


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LocalInstance, ...]]:
    for pg in fresh_postgres():
        cluster: LocalCluster = make_cluster(pg, Path(tmp_path_factory.mktemp("fair")))
        cluster.env |= {"JANTAKU_QUEUES": json.dumps(QUEUES), "JANTAKU_QUEUE_TICK": "0.2"}
        try:
            yield tuple(cluster.start_many("a", "b"))
        finally:
            cluster.stop()


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def owner_of(base: str, table_id: str) -> str:
    deadline = time.monotonic() + 10
    while (where := owners(base).get(table_id)) is None:  # listed from the next heartbeat
        assert time.monotonic() < deadline, f"nobody announces {table_id}"
        time.sleep(0.1)
    return where


def pick(instances: tuple[LocalInstance, ...], name: str) -> tuple[LocalInstance, LocalInstance]:
    """(the instance called ``name``, the other one)."""
    this = next(i for i in instances if i.name == name)
    return this, next(i for i in instances if i.name != name)


def clean_up(base: str, table_ids: list[str]) -> None:
    """Abort what is still live, then wait until no instance announces a live table (the
    next test's placement reads the announced loads)."""
    for t in table_ids:
        httpx.post(f"{base}/api/admin/tables/{t}/abort", headers=H, timeout=10)
    deadline = time.monotonic() + 10
    while True:
        body = httpx.get(f"{base}/api/admin/cluster", headers=H, timeout=10).json()
        if len(body["instances"]) == 2 and not any(i["tables"] for i in body["instances"]):
            return
        assert time.monotonic() < deadline, body["instances"]
        time.sleep(0.1)


def hints(base: str, token: str) -> httpx.Response:
    body = {"ruleset": "mcr", "hand": HAND}
    return httpx.post(f"{base}/api/analysis/discards", json=body, headers=auth(token), timeout=10)


def test_the_assist_check_sees_a_table_on_another_instance(
    pair: tuple[LocalInstance, ...],
) -> None:
    a, _ = pair
    strict_id, strict_token = guest(a.url, "strict")
    casual_id, casual_token = guest(a.url, "casual")
    opened = []
    for player, assist in ((strict_id, False), (casual_id, True)):
        body = {
            "ruleset": "mcr",
            "seats": [player, "bot:greedy", "bot:greedy", "bot:greedy"],
            "options": {"hands_per_session": 1},
            "assist": assist,
        }
        opened.append(ok(httpx.post(f"{a.url}/api/tables", json=body, headers=H), 201)["table_id"])
    strict_table = opened[0]
    here, elsewhere = pick(pair, owner_of(a.url, strict_table))
    for base in (here.url, elsewhere.url):  # the owner, and the instance that has no actor
        r = hints(base, strict_token)
        assert r.status_code == 403 and r.json()["error"]["code"] == "assist_disabled", r.text
        assert strict_table in r.json()["error"]["message"]
        assert ok(hints(base, casual_token))["options"]  # an assisted table: hints
        # seated at a table of the other instance: no queue either
        r = httpx.post(f"{base}/api/queues/{QUEUE}/join", headers=auth(strict_token))
        assert r.status_code == 409 and r.json()["error"]["code"] == "already_playing", r.text
    clean_up(a.url, opened)
    assert ok(hints(elsewhere.url, strict_token))["options"]  # over: hints again


async def replayed(base: str, table_id: str, token: str) -> list[dict[str, Any]]:
    """A connection's frames up to ``match_end`` after a resync from 0 (or its error)."""
    frames: list[dict[str, Any]] = []
    async with connect(ws_url(base, table_id, auth="frame")) as ws:
        await ws.send(auth_frame(token))
        async for raw in ws:
            frame = json.loads(raw)
            frames.append(frame)
            if frame["type"] == "welcome":
                await ws.send(json.dumps({"type": "resync", "last_seq": 0}))
            if frame["type"] in ("match_end", "error"):
                break
    return frames


def test_a_duplicate_round_unsealed_on_one_instance_is_unsealed_on_the_other(
    pair: tuple[LocalInstance, ...],
) -> None:
    a, _ = pair
    tokens = dict(guest(a.url, f"dup{k}") for k in range(8))
    body = {"name": "Duplicate cup", "rounds": 1, "hands": 1, "players": list(tokens)}
    tid = ok(httpx.post(f"{a.url}/api/tournaments", json=body, headers=H), 201)["tournament_id"]
    url = f"{a.url}/api/tournaments/{tid}/rounds"
    rnd = ok(httpx.post(url, json={"duplicate": True}, headers=H, timeout=60), 201)
    first, last = (t["match_id"] for t in rnd["tables"])
    x, y = pick(pair, owner_of(a.url, first))
    assert owner_of(a.url, last) == y.name  # one table on each instance
    seated = {t["match_id"]: [tokens[s["occupant"]] for s in t["seats"]] for t in rnd["tables"]}
    seat0 = {t: s[0] for t, s in seated.items()}

    async def play(table_id: str) -> None:  # protocol bots, connected through y
        bots = [SeatClient(y.url, table_id, token).play() for token in seated[table_id]]
        await asyncio.wait_for(asyncio.gather(*bots), 60)

    def public(table_id: str) -> Any:
        return ok(httpx.get(f"{x.url}/api/tables/{table_id}"))

    asyncio.run(play(first))
    deadline = time.monotonic() + 20
    while public(first)["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert public(first)["sealed"] and public(first)["seed"] is None
    stranger = guest(a.url, "watcher")[1]
    refused = asyncio.run(replayed(x.url, first, stranger))[-1]
    assert refused["type"] == "error" and refused["code"] == "sealed"

    asyncio.run(play(last))  # the round's last table ends on y, which unseals the store
    deadline = time.monotonic() + 20
    while ok(httpx.get(f"{y.url}/api/tournaments/{tid}"))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    # x still holds the first table's actor (finished tables stay for the grace period)
    assert owner_of(a.url, first) == x.name
    shown = public(first)
    assert not shown["sealed"] and shown["seed"], shown
    end = asyncio.run(replayed(x.url, first, seat0[first]))[-1]
    assert end["type"] == "match_end" and end["seed"] == shown["seed"], end
    watched = asyncio.run(replayed(y.url, first, stranger))  # relayed to x
    assert not any(f["type"] == "error" and f["code"] == "sealed" for f in watched), watched
    clean_up(a.url, [])


async def queue_socket(base: str, token: str, frames: list[dict[str, Any]]) -> None:
    """Wait in the queue over a WebSocket until matched (the frames into ``frames``)."""
    url = ws_url(base, "x", auth="frame").replace("/ws/tables/x", f"/ws/queues/{QUEUE}")
    async with connect(url) as ws:
        await ws.send(auth_frame(token))
        async for raw in ws:
            frames.append(json.loads(raw))
            if frames[-1]["type"] == "matched":
                return


def test_a_queue_across_two_instances(pair: tuple[LocalInstance, ...]) -> None:
    a, b = pair
    players = [guest(a.url, f"q{k}") for k in range(6)]
    bases = [a.url, b.url] * 3

    def me(k: int, base: str | None = None) -> Any:
        return ok(httpx.get(f"{base or bases[k]}/api/queues/me", headers=auth(players[k][1])))

    # a leaver through the other instance than the one they joined through
    ok(httpx.post(f"{a.url}/api/queues/{QUEUE}/join", headers=auth(players[5][1])))
    assert me(5, b.url)["status"] == "queued"
    assert ok(httpx.post(f"{b.url}/api/queues/leave", headers=auth(players[5][1])))["status"] == (
        "idle"
    )

    # one waits over a socket at b and disconnects: out of the queue everywhere
    async def disconnects() -> None:
        frames: list[dict[str, Any]] = []
        task = asyncio.ensure_future(queue_socket(b.url, players[4][1], frames))
        for _ in range(50):
            await asyncio.sleep(0.1)
            if frames:
                break
        assert frames and frames[0]["type"] == "queue", frames
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(disconnects())
    deadline = time.monotonic() + 5
    while me(4, a.url)["status"] != "idle":
        assert time.monotonic() < deadline, "a disconnected player stayed queued"
        time.sleep(0.1)

    # four players, two through each instance (two over sockets, two over REST); both
    # instances' matchmakers run: one table, each player seated once
    async def four() -> list[list[dict[str, Any]]]:
        frames: list[list[dict[str, Any]]] = [[], []]
        sockets = [queue_socket(bases[k], players[k][1], frames[k]) for k in range(2)]
        for k in (2, 3):
            r = httpx.post(f"{bases[k]}/api/queues/{QUEUE}/join", headers=auth(players[k][1]))
            ok(r)
        await asyncio.wait_for(asyncio.gather(*sockets), 20)
        return frames

    frames = asyncio.run(four())
    matched = [f[-1] for f in frames] + [me(k) for k in (2, 3)]
    deadline = time.monotonic() + 10
    while any(m["status"] != "matched" for m in matched[2:]):
        assert time.monotonic() < deadline, matched
        time.sleep(0.2)
        matched = matched[:2] + [me(k) for k in (2, 3)]
    tables = {m["table_id"] for m in matched}
    assert len(tables) == 1, matched
    assert sorted(m["seat"] for m in matched) == [0, 1, 2, 3]
    (table_id,) = tables
    seats = ok(httpx.get(f"{b.url}/api/tables/{table_id}"))["seats"]
    assert sorted(s["occupant"] for s in seats) == sorted(p for p, _ in players[:4])
    listed = ok(httpx.get(f"{a.url}/api/tables", timeout=10))
    seated = [s["occupant"] for t in listed for s in t["seats"]]
    assert all(seated.count(p) == 1 for p, _ in players[:4]), listed  # one table each
    for k in range(4):  # seated: neither instance queues them again
        r = httpx.post(f"{bases[k + 1]}/api/queues/{QUEUE}/join", headers=auth(players[k][1]))
        assert r.status_code == 409 and r.json()["error"]["code"] == "already_playing", r.text
    assert ok(httpx.get(f"{a.url}/api/queues"))["queues"][0]["waiting"] == 0
    clean_up(a.url, [table_id])
