"""Who organizes: an account with the organizer role creates a tournament and starts its
rounds (and is named as its creator); a plain player is refused (403) and changes
nothing; a player registers only themself."""

from __future__ import annotations

from tests.server.conftest import LiveServer


def test_the_organizer_role_organizes_and_a_player_does_not(server: LiveServer) -> None:
    org_id, org_token = server.player("Org")
    r = server.http.put(
        f"/api/admin/players/{org_id}/role", json={"role": "organizer"}, headers=server.admin
    )
    assert r.status_code == 200, r.text
    _, token = server.player("Plain")
    body = {"name": "Role cup", "ruleset": "mcr", "rounds": 1, "hands": 1}
    r = server.http.post(
        "/api/tournaments", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    before = len(server.http.get("/api/tournaments").json())
    org = {"Authorization": f"Bearer {org_token}"}
    r = server.http.post("/api/tournaments", json=body, headers=org)
    assert r.status_code == 201, r.text
    t = r.json()
    assert (
        t["created_by"] == org_id and len(server.http.get("/api/tournaments").json()) == before + 1
    )
    tid = t["tournament_id"]
    other, _ = server.player("Other")
    r = server.http.post(
        f"/api/tournaments/{tid}/players",
        json={"player_id": other},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert r.status_code == 403  # a player registers only themself
    r = server.http.post(f"/api/tournaments/{tid}/players", json={"player_id": other}, headers=org)
    assert r.status_code == 200 and [p["player_id"] for p in r.json()["players"]] == [other]
    r = server.http.post(
        f"/api/tournaments/{tid}/rounds", headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 403
    r = server.http.post(
        f"/api/tournaments/{tid}/penalties",
        json={"round": 1, "player_id": other, "amount": -5, "reason": "late"},
        headers=org,
    )
    assert r.status_code == 404 and r.json()["error"]["code"] == "round_not_found"
