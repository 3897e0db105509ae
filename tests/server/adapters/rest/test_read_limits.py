"""Issue 35: REST reads had no limit (500 parallel ``GET /api/matches`` all answered),
WebSocket connections no cap per address, and guest tokens lived a year."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from fastapi.testclient import TestClient

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.config import Settings
from tests.server.conftest import running, suite_settings


def test_reads_are_limited_per_address() -> None:
    api = create_app(
        Settings(admin_token="adm", api_read_rate_per_address="5/minute"), MemoryStore()
    )
    with TestClient(api) as client:
        codes = [client.get("/api/matches").status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        r = client.get("/api/rulesets")
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        assert int(r.headers["Retry-After"]) >= 1
        assert r.headers["x-content-type-options"] == "nosniff"  # refusals get the headers too
        assert client.get("/api/health").status_code == 200  # probes are not counted
        assert client.get("/").status_code == 200  # nor the page and its files
        assert client.post("/api/players", json={"name": "writer"}).status_code == 201
        other = TestClient(api, client=("192.0.2.9", 4000))
        assert other.get("/api/matches").status_code == 200


def test_the_defaults_are_sane() -> None:
    settings = Settings()
    assert settings.api_read_rate_per_address == "30/second;600/minute"
    assert settings.ws_connections_per_address == 32
    assert settings.guest_session_ttl_hours == 24 * 30


def test_a_guest_session_lives_thirty_days() -> None:
    with TestClient(create_app(Settings(admin_token="adm"), MemoryStore())) as client:
        guest = client.post("/api/players", json={"name": "brief"}).json()
        auth = {"Authorization": f"Bearer {guest['token']}"}
        (session,) = client.get("/api/accounts/sessions", headers=auth).json()
        expires = datetime.fromisoformat(session["expires"])
        assert expires - datetime.now(UTC) < timedelta(days=30, minutes=1)


def test_websocket_connections_are_capped_per_address(tmp_path: Path) -> None:
    with running(suite_settings(tmp_path, ws_connections_per_address=2)) as server:
        pid, _ = server.player("capped")
        tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
        first, second = server.ws(tid, auth="frame"), server.ws(tid, auth="frame")
        third = server.ws(tid, auth="frame")
        err = third.recv()
        assert err["code"] == "too_many_connections" and third.close_code() == 1013
        first.close()
        assert first.close_code() is not None
        fourth = server.ws(tid, auth="frame")  # one left: room again (it waits for auth)
        fourth.send({"type": "auth", "token": "nobody"})
        assert fourth.recv()["code"] == "unauthorized"
        second.close()
