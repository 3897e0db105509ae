"""Three-player riichi over the real protocol: a table of three, its seat count checked
against the ruleset, and a whole match played by three protocol clients."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from server.cli.client import SeatClient
from server.domain.protocol.messages import SERVER_ADAPTER
from tests.server.conftest import LiveServer


def test_a_sanma_table_has_three_seats_and_refuses_four(server: LiveServer) -> None:
    r = server.http.post(
        "/api/tables", json={"ruleset": "sanma", "seats": ["open"] * 4}, headers=server.admin
    )
    assert r.status_code == 422, r.text
    assert r.json()["error"]["message"] == "seats: sanma tables have 3 seats, got 4"
    r = server.http.post(
        "/api/tables", json={"ruleset": "riichi", "seats": ["open"] * 3}, headers=server.admin
    )
    assert r.status_code == 422, r.text
    assert r.json()["error"]["message"] == "seats: riichi tables have 4 seats, got 3"
    # without seats, the ruleset's count of open seats
    r = server.http.post("/api/tables", json={"ruleset": "sanma"}, headers=server.admin)
    assert r.status_code == 201, r.text
    tid = r.json()["table_id"]
    assert len(server.http.get(f"/api/tables/{tid}").json()["seats"]) == 3
    _, token = server.player("late")
    r = server.http.post(
        f"/api/tables/{tid}/join", json={"seat": 3}, headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 422, r.text
    assert r.json()["error"]["message"] == "seat: 3 is not a seat of this table (0..2)"


def test_a_sanma_match_by_three_protocol_clients(server: LiveServer) -> None:
    players = [server.player(f"sanma{i}") for i in range(3)]
    tid = server.table(
        [p for p, _ in players], ruleset="sanma", options={"preset": "tenhou_sanma"}
    )["table_id"]
    frames: list[list[dict[str, Any]]] = [[] for _ in players]

    async def everyone() -> list[SeatClient]:
        clients = [
            SeatClient(server.base_url, tid, tok, "greedy", on_frame=frames[i].append)
            for i, (_, tok) in enumerate(players)
        ]
        await asyncio.wait_for(asyncio.gather(*(c.play() for c in clients)), 240)
        return clients

    clients = asyncio.run(everyone())
    assert all(c.errors == [] and c.match_end is not None for c in clients)
    end = clients[0].match_end
    assert end is not None
    assert hashlib.sha256(end["seed"].encode()).hexdigest() == end["commitment"]
    assert len(end["scores"]) == 3 and len(end["standings"]) == 3
    assert len(clients[0].hands) >= 6  # East and South, at least one hand each
    assert sum(end["scores"]) <= 105000  # riichi sticks left on the table stay there
    kita = 0
    for i, seen in enumerate(frames):
        for f in seen:
            SERVER_ADAPTER.validate_python(f)
            if f["type"] == "event":
                ev = f["event"]
                if ev["type"] == "hand_started":
                    assert len(ev["seating"]) == 3
                if ev["type"] == "claim_window_opened":
                    assert all(o["type"] != "chow" for _, opts in ev["options"] for o in opts)
                if ev["type"] == "flower_set_aside" and i == 0:
                    kita += 1
    assert kita, "nobody declared a North in a whole match"
    public = server.http.get(f"/api/tables/{tid}").json()
    assert public["status"] == "finished" and public["ruleset"] == "sanma"
    assert len(public["seats"]) == 3 and public["scores"] == end["scores"]
    record = server.http.get(f"/api/matches/{tid}", headers=server.admin)
    assert record.status_code == 200, record.text
    sheet = server.http.get(f"/api/matches/{tid}/scoresheet.json", headers=server.admin)
    assert sheet.status_code == 200, sheet.text
    standings = server.http.get(f"/api/matches/{tid}/standings.csv", headers=server.admin)
    assert standings.status_code == 200, standings.text
    assert len(standings.text.strip().splitlines()) == 1 + 3, standings.text
    six = server.http.get(f"/api/matches/{tid}/tenhou6", headers=server.admin)
    assert six.status_code == 200 and six.json()["name"][3] == "", six.text[:200]  # 三麻 form
    mjai = server.http.get(f"/api/matches/{tid}/mjai", headers=server.admin)
    assert mjai.status_code == 409 and "three-player" in mjai.json()["error"]["message"], mjai.text


def kita_refusal(server: LiveServer, ruleset: str, seats: list[str]) -> dict[str, Any]:
    """Our first prompt at a table of ``ruleset``; the error frame for a North set aside
    whether or not it is offered (the seat may not hold one)."""
    pid, token = server.player(f"kita-{ruleset}")
    tid = server.table([pid, *seats], ruleset=ruleset)["table_id"]
    ws = server.ws(tid, token)
    assert ws.recv()["type"] == "welcome"
    prompt = ws.until_type("prompt")
    seat = prompt["actions"][0]["action"]["seat"]
    north = 30  # engine tile id of 4z
    if any(
        a["action"]["type"] == "declare_flower" and a["action"].get("tile") == north
        for a in prompt["actions"]
    ):
        return {}  # offered: the seat holds a North
    before = server.live(tid)["actions"]
    action = {"type": "declare_flower", "seat": seat, "tile": north}
    ws.send({"type": "action", "prompt_id": prompt["prompt_id"], "action": action})
    error = ws.until_type("error")
    assert server.live(tid)["actions"] == before  # nothing changed
    ws.close()
    return error


def test_kita_refused_precisely(server: LiveServer) -> None:
    four = kita_refusal(server, "riichi", ["bot:greedy"] * 3)
    assert four["code"] == "not_offered"
    assert four["message"] == (
        "'declare_flower' with these fields was not offered: 4z cannot be set aside at this "
        "table (it sets aside no tile of an ordinary kind)"
    ), four
    three = kita_refusal(server, "sanma", ["bot:greedy"] * 2)
    if three:  # the dealt hand had no North
        assert three["code"] == "not_offered"
        # on its turn the seat is told it holds none; in a claim window, not offered
        generic = "'declare_flower' with these fields was not offered"
        assert three["message"].endswith("holds no 4z to set aside") or (
            three["message"] == generic
        ), three
