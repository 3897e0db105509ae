"""A tournament on a cluster of three instances: created and registered through one, its
rounds started through another (the tables spread over the instances), played by
protocol bots connected at random instances; round 2 paused, resumed and ended at its
time limit through an instance that serves none of its tables; the standings and their
CSV, read from a third, agree with every match's own standings."""

from __future__ import annotations

import asyncio
import csv
import io
import random
import time
from typing import Any

import httpx

from server.adapters.cluster.local import LocalCluster, LocalInstance
from server.cli.client import SeatClient
from tests.server.adapters.cluster.conftest import H, check_log, guest, owners, stored

PLAYERS = 12  # three tables


def ok(r: httpx.Response, status: int = 200) -> Any:
    assert r.status_code == status, r.text
    return r.json()


def clients(
    instances: list[LocalInstance], rng: random.Random, tid: str, tokens: dict[str, str]
) -> list[SeatClient]:
    """Each player asks a random instance for their seat and connects at another."""
    out = []
    urls = [i.url for i in instances]
    for pid, token in tokens.items():
        auth = {"Authorization": f"Bearer {token}"}
        me = ok(httpx.get(f"{rng.choice(urls)}/api/tournaments/{tid}/me", headers=auth))
        assert me["match_id"] and not me["bye"], (pid, me)
        rng.shuffle(urls)
        out.append(SeatClient(urls[0], me["match_id"], token, reconnect_for=30, also=urls[1:]))
    return out


def wait_round(base: str, tid: str, number: int, timeout: float = 30) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        t: dict[str, Any] = ok(httpx.get(f"{base}/api/tournaments/{tid}", timeout=10))
        if t["round_list"][number - 1]["status"] == "finished":
            return t
        assert time.monotonic() < deadline, f"round {number} did not finish"
        time.sleep(0.2)


def spread_over(base: str, match_ids: list[str]) -> dict[str, str]:
    """match -> the instance serving it; each of the three instances serves one (as the
    registry says once every instance has beaten since)."""
    for _ in range(50):
        where = owners(base)
        found = {m: where.get(m, "") for m in match_ids}
        if all(found.values()):
            break
        time.sleep(0.1)
    assert sorted(found.values()) == ["a", "b", "c"], found
    return found


def settled(base: str) -> None:
    """Until every instance's heartbeat says it has no live table (placement reads the
    loads the instances last announced)."""
    for _ in range(50):
        body = httpx.get(f"{base}/api/admin/cluster", headers=H, timeout=10).json()
        if len(body["instances"]) == 3 and not any(i["tables"] for i in body["instances"]):
            return
        time.sleep(0.1)
    raise AssertionError(f"the instances still announce tables: {body['instances']}")


def expected(base: str, t: dict[str, Any]) -> list[tuple[str, float, int]]:
    """(player, points, raw score) summed from the matches' own standings, ordered by
    points then raw score (MCR, seed 000)."""
    acc: dict[str, list[float]] = {p["player_id"]: [0.0, 0] for p in t["players"]}
    for r in t["round_list"]:
        for table in r["tables"]:
            sheet = ok(httpx.get(f"{base}/api/matches/{table['match_id']}", timeout=10))
            for s in sheet["standings"]:
                a = acc[table["seats"][s["place"]]["occupant"]]
                a[0] += s["points"]
                a[1] += s["score"]
    order = sorted(acc, key=lambda p: (-acc[p][0], -acc[p][1], p))
    return [(p, round(acc[p][0], 4), int(acc[p][1])) for p in order]


def test_a_tournament_round_across_three_instances(cluster: LocalCluster, pg: str) -> None:
    rng = random.Random(21)
    a, b, c = cluster.start_many("a", "b", "c")
    instances = [a, b, c]
    created = ok(
        httpx.post(
            f"{a.url}/api/tournaments",
            json={"name": "Cluster cup", "ruleset": "mcr", "rounds": 2, "hands": 2},
            headers=H,
        ),
        201,
    )
    tid = created["tournament_id"]
    tokens: dict[str, str] = {}
    for k in range(PLAYERS):
        pid, token = guest(rng.choice(instances).url, f"c{k}")
        auth = {"Authorization": f"Bearer {token}"}
        ok(httpx.post(f"{a.url}/api/tournaments/{tid}/players", headers=auth))
        tokens[pid] = token

    # round 1: started through b, played to the end
    rnd = ok(httpx.post(f"{b.url}/api/tournaments/{tid}/rounds", headers=H, timeout=60), 201)
    spread_over(c.url, [x["match_id"] for x in rnd["tables"]])
    players = clients(instances, rng, tid, tokens)

    async def play(seats: list[SeatClient]) -> None:
        await asyncio.wait_for(asyncio.gather(*(s.play() for s in seats)), 60)

    asyncio.run(play(players))
    wait_round(c.url, tid, 1)
    settled(c.url)

    # round 2: started through c; paused and resumed, then ended, through an instance
    # that does not serve the table
    rnd = ok(httpx.post(f"{c.url}/api/tournaments/{tid}/rounds", headers=H, timeout=60), 201)
    second = [x["match_id"] for x in rnd["tables"]]
    where = spread_over(a.url, second)
    players = clients(instances, rng, tid, tokens)

    async def round_two() -> None:
        game = asyncio.ensure_future(play(players))
        async with httpx.AsyncClient(timeout=30) as http:
            for _ in range(150):  # until every table is in its first hand
                await asyncio.sleep(0.2)
                live = (await http.get(f"{b.url}/api/admin/tables", headers=H)).json()
                going = [x for x in live if x["table_id"] in second and x["events"] >= 8]
                if len(going) == len(second):
                    break
            else:
                raise AssertionError("round 2 did not get going")
            m = second[0]
            other = next(i for i in instances if i.name != where[m])
            url = f"{other.url}/api/tournaments/{tid}/tables/{m}"
            assert ok(await http.post(f"{url}/pause", headers=H))["status"] == "paused"
            assert ok(await http.post(f"{url}/resume", headers=H))["status"] == "playing"
            # each instance serves one table: two of the three are elsewhere
            ended = ok(await http.post(f"{b.url}/api/tournaments/{tid}/rounds/2/end", headers=H))
            assert ended["ended_by"]
        await game

    asyncio.run(round_two())
    t = wait_round(a.url, tid, 2)
    assert t["status"] == "finished"
    logs = stored(pg, second)
    for m in second:
        check_log(logs[m])
        assert any(e.event["type"] == "time_called" for e in logs[m].events), m
        assert logs[m].record.hands_played <= 2

    # the standings agree wherever they are read, and with the matches themselves
    want = expected(rng.choice(instances).url, t)
    standings = ok(httpx.get(f"{c.url}/api/tournaments/{tid}/standings"))
    assert standings["rounds_finished"] == 2
    got = [(r["player_id"], round(r["points"], 4), r["score"]) for r in standings["players"]]
    assert got == want
    assert ok(httpx.get(f"{a.url}/api/tournaments/{tid}/standings")) == standings
    text = httpx.get(f"{c.url}/api/tournaments/{tid}/standings.csv").text
    sheet = list(csv.DictReader(io.StringIO(text)))
    assert [(r["player id"], int(r["raw score"])) for r in sheet] == [(p, s) for p, _, s in want]
