"""Admin endpoints: 401 without a token, 403 with a wrong one, and what they do."""

from __future__ import annotations

import time

import pytest

from tests.server.conftest import LiveServer

ADMIN_CALLS = [
    ("GET", "/api/admin/tables"),
    ("GET", "/api/admin/tables/x"),
    ("POST", "/api/admin/tables/x/pause"),
    ("POST", "/api/admin/tables/x/resume"),
    ("POST", "/api/admin/tables/x/abort"),
    ("PUT", "/api/admin/tables/x/seats/0"),
    ("POST", "/api/admin/tables/x/seats/0/kick"),
    ("GET", "/api/admin/players"),
    ("DELETE", "/api/admin/players/x/token"),
    ("GET", "/api/admin/health"),
    ("GET", "/api/admin/stats"),
]


@pytest.mark.parametrize(("method", "path"), ADMIN_CALLS)
def test_admin_needs_the_admin_token(server: LiveServer, method: str, path: str) -> None:
    r = server.http.request(method, path)
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "unauthorized"
    _, player_token = server.player("mallory")
    r = server.http.request(method, path, headers={"Authorization": f"Bearer {player_token}"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    r = server.http.request(method, path, headers={"Authorization": "Bearer not-a-token"})
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthorized"


def test_health_and_stats(server: LiveServer) -> None:
    assert server.http.get("/api/health").json() == {"status": "ok"}
    h = server.http.get("/api/admin/health", headers=server.admin).json()
    assert h["status"] == "ok"
    stats = server.http.get("/api/admin/stats", headers=server.admin).json()
    assert {"tables", "connections", "actions", "events", "uptime"} <= set(stats)


def test_pause_resume_abort_replace_and_kick(server: LiveServer) -> None:
    pid, token = server.player("sitter")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    adm = server.admin
    base = f"/api/admin/tables/{tid}"
    ws = server.ws(tid, token)
    prompt = ws.until_type("prompt")
    assert server.http.post(f"{base}/pause", headers=adm).json()["status"] == "paused"
    assert ws.until_type("status")["status"] == "paused"
    ws.send(prompt["actions"][0])  # nothing moves while paused
    assert ws.until_type("error")["code"] == "paused"
    r = server.http.post(f"{base}/pause", headers=adm)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_playing"
    assert server.http.post(f"{base}/resume", headers=adm).json()["status"] == "playing"
    ws.until(lambda f: f["type"] == "status" and f["status"] == "playing")
    ws.until_type("prompt")  # the prompt is reopened with a fresh clock
    rows = server.http.get("/api/admin/tables", headers=adm).json()
    row = next(t for t in rows if t["table_id"] == tid)
    assert row["connections"] == 1 and row["prompts"] == [0]
    # kick: the connection closes, the seat stays
    r = server.http.post(f"{base}/seats/0/kick", headers=adm)
    assert r.status_code == 200
    assert ws.close_code() == 4410
    r = server.http.post(f"{base}/seats/0/kick", headers=adm)
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_connected"
    # replace the human by a bot: the match moves on without them
    before = server.live(tid)["events"]
    r = server.http.put(f"{base}/seats/0", json={"occupant": "bot:greedy"}, headers=adm)
    assert r.status_code == 200 and r.json()["seats"][0]["kind"] == "bot"
    r = server.http.put(f"{base}/seats/9", json={"occupant": "bot:greedy"}, headers=adm)
    assert r.status_code == 422
    r = server.http.put(f"{base}/seats/1", json={"occupant": "ghost"}, headers=adm)
    assert r.status_code == 422
    deadline = time.monotonic() + 10  # the bot's first move is committed, then sent
    live = server.live(tid)
    while live["events"] <= before and live["status"] != "finished":
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.02)
        live = server.live(tid)
    if live["status"] != "finished":
        r = server.http.post(f"{base}/abort", json={"reason": "test"}, headers=adm)
        assert r.status_code == 200 and r.json()["status"] == "aborted"
        r = server.http.post(f"{base}/abort", headers=adm)
        assert r.status_code == 409


def test_revoking_a_token_closes_its_connections(server: LiveServer) -> None:
    pid, token = server.player("revokee")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, token)
    ws.until_type("welcome")
    r = server.http.delete(f"/api/admin/players/{pid}/token", headers=server.admin)
    assert r.status_code == 200 and r.json()["connections_closed"] == 1
    assert ws.close_code() == 4401
    r = server.http.get("/api/players/me", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401
    r = server.http.delete("/api/admin/players/nobody/token", headers=server.admin)
    assert r.status_code == 404
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_a_seat_can_be_given_to_another_player(server: LiveServer) -> None:
    old, old_token = server.player("leaving")
    new, new_token = server.player("arriving")
    tid = server.table([old, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, old_token)
    prompt = ws.until_type("prompt")
    r = server.http.put(
        f"/api/admin/tables/{tid}/seats/0", json={"occupant": new}, headers=server.admin
    )
    assert r.status_code == 200 and r.json()["seats"][0]["name"] == "arriving"
    assert ws.close_code() == 4410
    gone = server.ws(tid, old_token)  # the old token no longer opens the seat
    assert gone.recv()["role"] == "spectator"
    gone.close()
    arrived = server.ws(tid, new_token)
    assert arrived.recv()["seat"] == 0
    assert arrived.until_type("prompt")["prompt_id"] == prompt["prompt_id"]
    r = server.http.put(
        f"/api/admin/tables/{tid}/seats/1", json={"occupant": new}, headers=server.admin
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "already_seated"
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)
