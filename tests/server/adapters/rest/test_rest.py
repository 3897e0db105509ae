"""REST over a real socket: players, rulesets, tables, error bodies and admin."""

from __future__ import annotations

from typing import Any

import pytest

from server.domain import registry
from server.domain.registry import NotPlayable, build_table
from server.domain.tables import manager
from tests.server.conftest import LiveServer


def error(r: Any) -> dict[str, Any]:
    body: dict[str, Any] = r.json()
    assert set(body) == {"error"}, body
    assert {"code", "message"} <= set(body["error"])
    out: dict[str, Any] = body["error"]
    return out


def test_register_gives_a_token_and_only_its_hash_is_kept(server: LiveServer) -> None:
    pid, token = server.player("Ann")
    me = server.http.get("/api/players/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 200 and me.json()["player_id"] == pid
    listed = server.http.get("/api/admin/players", headers=server.admin).json()
    row = next(p for p in listed if p["player_id"] == pid)
    assert row["sessions"] == 1 and not row["has_password"] and token not in str(listed)


def test_bad_bodies_are_422_naming_the_field(server: LiveServer) -> None:
    r = server.http.post("/api/players", json={"name": ""})
    assert r.status_code == 422 and error(r)["field"] == "name"
    r = server.http.post("/api/players", json={"nom": "x"})
    assert r.status_code == 422 and error(r)["code"] == "invalid_field"
    r = server.http.post(
        "/api/players", content=b"{nope", headers={"Content-Type": "application/json"}
    )
    assert r.status_code in (400, 422) and error(r)["code"] in ("malformed_json", "invalid_field")
    admin = server.admin
    r = server.http.post("/api/tables", json={"seats": ["open"] * 3}, headers=admin)
    assert r.status_code == 422 and error(r)["field"] == "seats"
    r = server.http.post("/api/tables", json={"options": {"hands_per_session": 0}}, headers=admin)
    assert r.status_code == 422 and "options.hands_per_session" in error(r)["message"]
    r = server.http.post("/api/tables", json={"options": {"colour": "red"}}, headers=admin)
    assert r.status_code == 422 and "options.colour: unknown option" in error(r)["message"]
    r = server.http.post("/api/tables", json={"ruleset": "nope"}, headers=admin)
    assert r.status_code == 422 and error(r)["message"].startswith("ruleset")
    r = server.http.post("/api/tables", json={"seats": ["bot:chess"] + ["open"] * 3}, headers=admin)
    assert r.status_code == 422 and error(r)["field"] == "seats"
    r = server.http.post("/api/tables", json={"seats": ["nobody"] + ["open"] * 3}, headers=admin)
    assert r.status_code == 422 and "seats.0" in error(r)["message"]
    r = server.http.post("/api/tables", json={"timers": {"move": -1}}, headers=admin)
    assert r.status_code == 422 and error(r)["field"] == "timers.move"


def test_creating_a_table_needs_a_token(server: LiveServer) -> None:
    r = server.http.post("/api/tables", json={})
    assert r.status_code == 401 and error(r)["code"] == "unauthorized"
    r = server.http.post("/api/tables", json={}, headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 401


def test_rulesets_list_versions_names_and_schemas(server: LiveServer) -> None:
    rows = {r["id"]: r for r in server.http.get("/api/rulesets").json()}
    assert rows["mcr"]["playable"] and rows["mcr"]["names"]["zh"] == "国标麻将"
    assert "hands_per_session" in rows["mcr"]["options_schema"]["properties"]
    assert rows["riichi"]["playable"] and rows["riichi"]["version"]


def test_a_ruleset_without_table_rules_is_refused(
    server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(ruleset_id: str, options: object) -> object:
        raise NotPlayable(f"ruleset '{ruleset_id}' cannot be played at a table yet")

    monkeypatch.setattr(manager, "build_table", refuse)  # the server runs in this process
    r = server.http.post("/api/tables", json={"ruleset": "mcr"}, headers=server.admin)
    assert r.status_code == 422 and error(r)["code"] == "ruleset_not_playable"


def test_build_table_needs_table_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    class ScoringOnly:
        id = "scoring-only"

    monkeypatch.setattr(registry, "load", lambda ruleset_id: ScoringOnly())
    with pytest.raises(NotPlayable):
        build_table("scoring-only", {})


def test_join_fills_seats_and_starts_the_match(server: LiveServer) -> None:
    _pid, token = server.player("host")
    auth = {"Authorization": f"Bearer {token}"}
    r = server.http.post(
        "/api/tables", json={"seats": ["open", "bot:greedy", "bot:random", "open"]}, headers=auth
    )
    assert r.status_code == 201
    table = r.json()
    tid = table["table_id"]
    assert table["status"] == "waiting"
    r = server.http.post(f"/api/tables/{tid}/join", json={"seat": 3}, headers=auth)
    assert r.status_code == 200 and r.json()["seat"] == 3
    r = server.http.post(f"/api/tables/{tid}/join", json={}, headers=auth)
    assert r.status_code == 409 and error(r)["code"] == "already_seated"
    r = server.http.post(f"/api/tables/{tid}/join", json={"seat": 1}, headers=auth)
    assert r.status_code == 409
    _other, other_token = server.player("guest")
    r = server.http.post(
        f"/api/tables/{tid}/join",
        json={"seat": 1},
        headers={"Authorization": f"Bearer {other_token}"},
    )
    assert r.status_code == 409 and error(r)["code"] == "seat_taken"
    r = server.http.post(
        f"/api/tables/{tid}/join", headers={"Authorization": f"Bearer {other_token}"}
    )
    assert r.status_code == 200 and r.json()["seat"] == 0
    public = server.http.get(f"/api/tables/{tid}").json()
    assert public["status"] == "playing" and public["commitment"]
    assert public["seed"] is None
    text = str({k: v for k, v in public.items() if k != "options"})  # option names aside
    assert "hand'" not in text.replace("'hand':", "") and "tiles" not in text
    assert any(t["table_id"] == tid for t in server.http.get("/api/tables").json())
    r = server.http.post(
        f"/api/tables/{tid}/join", headers={"Authorization": f"Bearer {server.player('late')[1]}"}
    )
    assert r.status_code == 409 and error(r)["code"] == "table_started"


def test_unknown_table_is_404(server: LiveServer) -> None:
    r = server.http.get("/api/tables/nope")
    assert r.status_code == 404 and error(r)["code"] == "table_not_found"
    r = server.http.get("/api/nowhere")
    assert r.status_code == 404 and error(r)["code"] == "not_found"


def test_openapi_is_served(server: LiveServer) -> None:
    assert server.http.get("/docs").status_code == 200
    paths = server.http.get("/openapi.json").json()["paths"]
    assert "/api/tables" in paths and "/api/admin/tables/{table_id}/pause" in paths
