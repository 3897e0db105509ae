"""Accounts over REST: registration rules, login on a second device, sessions listed and
ended, a guest that sets a password, roles, password resets and merges (history follows)."""

from __future__ import annotations

import asyncio
from typing import Any

from server.cli.client import SeatClient
from tests.server.conftest import LiveServer

PASSWORD = "correct horse battery"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def register(server: LiveServer, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = server.http.post("/api/accounts/register", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def login(server: LiveServer, name: str, password: str = PASSWORD) -> Any:
    return server.http.post(
        "/api/accounts/login", json={"name": name, "password": password, "label": "phone"}
    )


def test_names_are_unique_normalised_and_checked(server: LiveServer) -> None:
    first = register(server, "Kōji Ｋ")  # full-width K: NFKC keeps "Kōji K"
    assert first["name"] == "Kōji K" and first["role"] == "player"
    for taken in ("kōji k", "KŌJI K", "  Kōji Ｋ  ", "Ko\u0304ji K"):  # case, width, NFD
        r = server.http.post("/api/players", json={"name": taken})
        assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken", taken
    for bad in ("   ", "\u3000", "tab\there", "bell\x07", "rtl\u202eoverride", "x" * 41):
        r = server.http.post("/api/accounts/register", json={"name": bad, "password": PASSWORD})
        assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_name", bad
    r = server.http.post("/api/accounts/register", json={"name": "Short Pw", "password": "abc"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "weak_password"


def test_login_on_a_second_device_and_end_sessions(server: LiveServer) -> None:
    first = register(server, "Two Devices")
    r = login(server, "two devices")  # the name as typed on the phone
    assert r.status_code == 200
    second = r.json()
    assert second["player_id"] == first["player_id"] and second["token"] != first["token"]
    listed = server.http.get("/api/accounts/sessions", headers=bearer(second["token"])).json()
    assert [s["session_id"] for s in listed] == [first["session_id"], second["session_id"]]
    assert [s["current"] for s in listed] == [False, True] and listed[1]["label"] == "phone"
    assert all(first["token"] not in str(s) for s in listed)
    r = server.http.delete(
        f"/api/accounts/sessions/{first['session_id']}", headers=bearer(second["token"])
    )
    assert r.status_code == 200
    assert server.http.get("/api/players/me", headers=bearer(first["token"])).status_code == 401
    r = server.http.post("/api/accounts/logout", headers=bearer(second["token"]))
    assert r.status_code == 200
    assert server.http.get("/api/players/me", headers=bearer(second["token"])).status_code == 401


def test_wrong_passwords_and_unknown_names_look_alike(server: LiveServer) -> None:
    register(server, "Careful")
    wrong = login(server, "Careful", "not the password")
    unknown = login(server, "Nobody At All")
    guest_pid, _ = server.player("Guest Without Password")
    guest = login(server, "Guest Without Password")
    for r in (wrong, unknown, guest):
        assert r.status_code == 401 and r.json()["error"] == {
            "code": "invalid_credentials",
            "message": "wrong name or password",
        }
    assert guest_pid


def test_a_guest_sets_a_password_and_keeps_its_history(server: LiveServer) -> None:
    pid, token = server.player("Guest Turned Member")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )["table_id"]
    end = asyncio.run(asyncio.wait_for(SeatClient(server.base_url, tid, token).play(), 120))
    assert end is not None
    me = server.http.get("/api/players/me", headers=bearer(token)).json()
    assert me["has_password"] is False
    r = server.http.put(
        "/api/accounts/password", json={"password": PASSWORD}, headers=bearer(token)
    )
    assert r.status_code == 200 and r.json()["player_id"] == pid
    r = login(server, "guest turned member")
    assert r.status_code == 200 and r.json()["player_id"] == pid
    history = server.http.get(f"/api/players/{pid}/history").json()
    assert [m["match_id"] for m in history["matches"]] == [tid]
    # from now on a new password needs the current one
    again = {"password": "another long one"}
    r = server.http.put("/api/accounts/password", json=again, headers=bearer(token))
    assert r.status_code == 403 and r.json()["error"]["code"] == "wrong_password"
    again["current_password"] = PASSWORD
    r = server.http.put("/api/accounts/password", json=again, headers=bearer(token))
    assert r.status_code == 200 and r.json()["sessions_ended"] == 1  # the login above


def test_roles_promotion_and_what_they_open(server: LiveServer) -> None:
    org = register(server, "Organiser")
    boss = register(server, "Boss")
    pid = org["player_id"]
    r = server.http.put(
        f"/api/admin/players/{pid}/role", json={"role": "organizer"}, headers=bearer(org["token"])
    )
    assert r.status_code == 403  # a player cannot promote itself
    r = server.http.put(
        f"/api/admin/players/{pid}/role", json={"role": "organizer"}, headers=server.admin
    )
    assert r.status_code == 200 and r.json()["role"] == "organizer"
    r = server.http.put(
        f"/api/admin/players/{pid}/role", json={"role": "emperor"}, headers=server.admin
    )
    assert r.status_code == 422
    tid = server.table(["open", "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    assert (
        server.http.get(f"/api/admin/tables/{tid}", headers=bearer(org["token"])).status_code == 200
    )
    assert server.http.get("/api/admin/players", headers=bearer(org["token"])).status_code == 403
    server.http.put(
        f"/api/admin/players/{boss['player_id']}/role", json={"role": "admin"}, headers=server.admin
    )
    r = server.http.get("/api/admin/players", headers=bearer(boss["token"]))
    assert r.status_code == 200
    assert {"role": "organizer", "has_password": True}.items() <= next(
        p for p in r.json() if p["player_id"] == pid
    ).items()
    r = server.http.post(f"/api/admin/tables/{tid}/abort", headers=bearer(org["token"]))
    assert r.status_code == 200 and r.json()["status"] == "aborted"


def test_admin_resets_a_password(server: LiveServer) -> None:
    acc = register(server, "Forgetful")
    r = server.http.put(
        f"/api/admin/players/{acc['player_id']}/password",
        json={"password": "a brand new secret"},
        headers=server.admin,
    )
    assert r.status_code == 200 and r.json()["sessions_ended"] == 1
    assert server.http.get("/api/players/me", headers=bearer(acc["token"])).status_code == 401
    assert login(server, "Forgetful").status_code == 401
    assert login(server, "Forgetful", "a brand new secret").status_code == 200
    r = server.http.put(
        "/api/admin/players/nobody/password", json={"password": "whatever1"}, headers=server.admin
    )
    assert r.status_code == 404


def test_merge_moves_history_and_refuses_what_it_cannot_merge(server: LiveServer) -> None:
    old_pid, old_token = server.player("Old Me")
    new = register(server, "New Me")
    tid = server.table(
        [old_pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )["table_id"]
    assert asyncio.run(asyncio.wait_for(SeatClient(server.base_url, tid, old_token).play(), 120))
    before = server.http.get(f"/api/players/{old_pid}/history").json()["matches"]

    merge = {"source": old_pid, "target": new["player_id"]}
    r = server.http.post("/api/admin/players/merge", json=merge, headers=bearer(new["token"]))
    assert r.status_code == 403
    waiting = server.table([new["player_id"], "open", "bot:greedy", "bot:greedy"])["table_id"]
    r = server.http.post("/api/admin/players/merge", json=merge, headers=server.admin)
    assert r.status_code == 409 and r.json()["error"]["code"] == "account_busy"
    server.http.post(f"/api/admin/tables/{waiting}/abort", headers=server.admin)
    r = server.http.post("/api/admin/players/merge", json=merge, headers=server.admin)
    assert r.status_code == 200, r.text
    assert r.json()["matches"] >= 1 and r.json()["standings"] == 1

    assert server.http.get(f"/api/players/{old_pid}/history").status_code == 404
    after = server.http.get(f"/api/players/{new['player_id']}/history").json()["matches"]
    assert [m["match_id"] for m in after if m["match_id"] == tid] == [tid]
    assert len(after) == len(before)
    seats = server.http.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[0]["occupant"] == new["player_id"] and seats[0]["name"] == "New Me"
    assert server.http.get("/api/players/me", headers=bearer(old_token)).status_code == 401

    met, met_token = server.player("Opponent")
    other, other_token = server.player("Other")
    both = server.table([met, other, "bot:greedy", "bot:greedy"])["table_id"]
    server.http.post(f"/api/admin/tables/{both}/abort", headers=server.admin)
    r = server.http.post(
        "/api/admin/players/merge", json={"source": met, "target": other}, headers=server.admin
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "accounts_met"
    r = server.http.post(
        "/api/admin/players/merge", json={"source": met, "target": met}, headers=server.admin
    )
    assert r.status_code == 422
    assert met_token and other_token


def test_an_account_entered_in_a_tournament_is_not_merged(server: LiveServer) -> None:
    entrant, _ = server.player("Entrant")
    other, _ = server.player("Other Entrant")
    body = {"name": "Cup", "ruleset": "mcr", "rounds": 1, "hands": 1, "players": [entrant]}
    r = server.http.post("/api/tournaments", json=body, headers=server.admin)
    assert r.status_code == 201, r.text
    merge = {"source": entrant, "target": other}
    r = server.http.post("/api/admin/players/merge", json=merge, headers=server.admin)
    assert r.status_code == 409 and r.json()["error"]["code"] == "account_in_tournament"
