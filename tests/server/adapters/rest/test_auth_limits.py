"""Login and registration limits (per address, per name) and session lifetimes, on an
in-process app with small settings."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.config import Settings

CHEAP = {"argon2_time_cost": 1, "argon2_memory_kib": 64, "argon2_parallelism": 1}


def app(**settings: object) -> TestClient:
    return TestClient(create_app(Settings(admin_token="adm", **CHEAP, **settings), MemoryStore()))  # type: ignore[arg-type]


def test_login_is_limited_per_name_and_per_address() -> None:
    with app(login_rate_per_name="3/minute", login_rate_per_address="5/minute") as client:
        client.post("/api/accounts/register", json={"name": "target", "password": "p" * 10})
        wrong = {"name": "TARGET", "password": "guess-guess"}
        codes = [client.post("/api/accounts/login", json=wrong).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]  # the name key, whatever its case
        r = client.post("/api/accounts/login", json={"name": "target", "password": "p" * 10})
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert r.json()["error"]["code"] == "rate_limited"
        # other names from the same address: the address limit (5) is reached now
        r = client.post("/api/accounts/login", json={"name": "other", "password": "x" * 10})
        assert r.status_code == 429


def test_registration_is_limited_per_address() -> None:
    with app(register_rate_per_address="2/minute") as client:
        codes = [
            client.post("/api/players", json={"name": f"guest {i}"}).status_code for i in range(3)
        ]
        assert codes == [201, 201, 429]
        r = client.post("/api/accounts/register", json={"name": "late", "password": "p" * 10})
        assert r.status_code == 429


def test_registration_is_limited_per_name() -> None:
    with app(register_rate_per_name="2/minute") as client:
        body = {"name": "Wanted", "password": "p" * 10}
        codes = [client.post("/api/accounts/register", json=body).status_code for _ in range(2)]
        assert codes == [201, 409]
        # the same name in another case and width is the same key
        r = client.post("/api/accounts/register", json={**body, "name": "ＷＡＮＴＥＤ"})
        assert r.status_code == 429 and r.json()["error"]["code"] == "rate_limited"
        # another name from the same address is still welcome
        r = client.post("/api/accounts/register", json={**body, "name": "other"})
        assert r.status_code == 201


def test_sessions_expire() -> None:
    with app(session_ttl_hours=1e-9, guest_session_ttl_hours=1e-9) as client:
        guest = client.post("/api/players", json={"name": "mayfly"}).json()
        r = client.get("/api/players/me", headers={"Authorization": f"Bearer {guest['token']}"})
        assert r.status_code == 401
    with app() as client:
        guest = client.post("/api/players", json={"name": "tortoise"}).json()
        r = client.get("/api/players/me", headers={"Authorization": f"Bearer {guest['token']}"})
        assert r.status_code == 200


def test_guessing_from_many_addresses_slows_the_name_but_never_locks_it() -> None:
    """Issue 35: ten wrong passwords from ten addresses locked the real user out (429)
    even from a new address with the right password. The name alone is slowed down."""
    settings = Settings(
        admin_token="adm",
        **CHEAP,  # type: ignore[arg-type]
        login_rate_per_name="3/minute",
        login_slow_per_name="5/minute",
        login_slowdown_seconds=0.3,
    )
    api = create_app(settings, MemoryStore())
    with TestClient(api) as home:
        home.post("/api/accounts/register", json={"name": "victim", "password": "p" * 10})
        wrong = {"name": "victim", "password": "guess-guess"}
        for k in range(10):
            guesser = TestClient(api, client=(f"10.0.0.{k}", 4000))
            assert guesser.post("/api/accounts/login", json=wrong).status_code == 401
        elsewhere = TestClient(api, client=("192.0.2.7", 4000))
        started = time.monotonic()
        r = elsewhere.post("/api/accounts/login", json={"name": "victim", "password": "p" * 10})
        assert r.status_code == 200, r.text
        assert time.monotonic() - started >= 0.3  # slowed down, not refused
        # one address guessing on and on is still refused (per name and address)
        codes = [home.post("/api/accounts/login", json=wrong).status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]
