"""A running match's records while claim pacing holds its newest events (issue 23,
docs/fair-play.md): the store already has the held hand end and match end, the players
do not; the sheet, its exports, the log and the match list show the match as the players
were sent it until the release."""

from __future__ import annotations

from typing import Any, cast

from fastapi.testclient import TestClient

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.config import Settings
from server.domain.tables.actor import TableActor
from server.domain.tables.numbering import Entry
from tests.server.adapters.sql.played import logged, played

ADMIN = {"Authorization": "Bearer pacing-admin"}


def test_rest_shows_no_held_hand_end_until_the_release() -> None:
    store = MemoryStore()
    settings = Settings(admin_token="pacing-admin", claim_min_seconds=5.0)
    app = create_app(settings, store)
    with TestClient(app) as http:
        manager = app.state.services.manager
        body = {"ruleset": "mcr", "seats": ["open"] * 4, "options": {"hands_per_session": 1}}
        r = http.post("/api/tables", json=body, headers=ADMIN)
        assert r.status_code == 201, r.text
        table_id = r.json()["table_id"]
        actor: TableActor = manager.actors[table_id]
        # the whole one-hand match is stored (the held events are stored before they are
        # sent); the players were sent everything before its hand's end
        rows = [e for batch in logged(table_id, played(1)) for e in batch]
        assert http.portal is not None
        for k in range(0, len(rows), 50):
            http.portal.call(store.events.append, rows[k : k + 50])
        end = next(e.seq for e in rows if e.event["type"] == "hand_ended")
        # (the actor's own log stays that of an open table: only its length counts here)
        actor.log = cast(list[Entry], [None] * len(rows))
        actor.pacer.held = cast(list[Entry], [None] * (len(rows) - end + 1))

        def sheet() -> dict[str, Any]:
            r = http.get(f"/api/matches/{table_id}")
            assert r.status_code == 200, r.text
            return dict(r.json())

        held = sheet()
        assert held["hands"] == [] and held["standings"] == [], held
        assert held["match"]["status"] == "waiting" and held["match"]["seed"] is None
        assert http.get(f"/api/matches/{table_id}/scoresheet.csv").text.count("\n") == 1
        r = http.get(f"/api/matches/{table_id}/events")  # running: the admin's only
        assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"
        assert http.get(f"/api/matches/{table_id}/events", headers=ADMIN).status_code == 200
        listed = {m["match_id"]: m for m in http.get("/api/matches").json()}
        assert listed[table_id]["status"] == "waiting"
        assert http.get("/api/matches", params={"status": "finished"}).json() == []

        actor.pacer.held = []  # released
        shown = sheet()
        assert len(shown["hands"]) == 1 and shown["hands"][0]["hand_number"] == 0
        assert shown["match"]["status"] == "finished" and len(shown["standings"]) == 4
        assert http.get(f"/api/matches/{table_id}/events").status_code == 200
        actor.log = []
