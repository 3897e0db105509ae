"""A real server for the whole test session: uvicorn on a free loopback port in a thread,
driven with httpx and the websockets client."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from server.adapters.ws.transport import uvicorn_options
from server.app import create_app
from server.cli.client import auth_frame, ws_url
from server.config import Settings
from server.ports.storage import Store

ADMIN_TOKEN = "test-admin-token"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class LiveServer:
    def __init__(self, base_url: str, settings: Settings, app: Any = None) -> None:
        self.base_url = base_url
        self.settings = settings
        self.app = app  # the ASGI app served (its ``state.services`` once started)
        self.http = httpx.Client(base_url=base_url, timeout=10)
        self.admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}

    def player(self, name: str = "p") -> tuple[str, str]:
        """A new guest player: (player_id, token). Names are unique, so a name already
        taken in this session gets a number."""
        r = self.http.post("/api/players", json={"name": name})
        n = 1
        while r.status_code == 409:
            n += 1
            r = self.http.post("/api/players", json={"name": f"{name} {n}"})
        assert r.status_code == 201, r.text
        body = r.json()
        return body["player_id"], body["token"]

    def table(self, seats: list[str], **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"ruleset": "mcr", "seats": seats} | extra
        r = self.http.post("/api/tables", json=body, headers=self.admin)
        assert r.status_code == 201, r.text
        out: dict[str, Any] = r.json()
        return out

    def live(self, table_id: str) -> dict[str, Any]:
        r = self.http.get(f"/api/admin/tables/{table_id}", headers=self.admin)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def ws(self, table_id: str, token: str = "", **params: str) -> Socket:
        """A connection to the table: a player's (the token in the first frame) or, without
        a token, a spectator's."""
        if token:
            params = {"auth": "frame", **params}
        url = ws_url(self.base_url, table_id, **params)
        sock = Socket(connect(url, max_size=2**22, open_timeout=5).__enter__())
        if token:
            with contextlib.suppress(ConnectionClosed):  # refused before it was read
                sock.conn.send(auth_frame(token))
        return sock


class Socket:
    """A blocking WebSocket with helpers to wait for frames."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.frames: list[dict[str, Any]] = []

    def send(self, obj: dict[str, Any] | str | bytes) -> None:
        self.conn.send(obj if isinstance(obj, str | bytes) else json.dumps(obj))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        self.frames.append(frame)
        return frame

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching frame")
            frame = self.recv(timeout=left)
            if pred(frame):
                return frame

    def until_type(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        return self.until(lambda f: f["type"] == kind, timeout)

    def close(self) -> None:
        self.conn.close()

    def close_code(self, timeout: float = 5.0) -> int | None:
        """Read until the server closes; the close code it sent."""
        end = time.monotonic() + timeout
        try:
            while time.monotonic() < end:
                self.conn.recv(timeout=end - time.monotonic())
        except Exception:
            pass
        code: int | None = self.conn.close_code
        return code


def suite_settings(tmp: Path, **overrides: Any) -> Settings:
    """The suite's server settings (untimed, no bot delay) on a SQLite file in ``tmp``."""
    base: dict[str, Any] = {
        "admin_token": ADMIN_TOKEN,
        "admin_token_file": tmp / "admin.sha256",
        "database_url": f"sqlite+aiosqlite:///{tmp / 'jantaku.db'}",
        "bot_delay": 0,
        "move_time": 0,
        "claim_time": 0,
        "time_bank": 0,
        "garbage_limit": 5,
        "chat_per_10s": 3,
        "argon2_time_cost": 1,  # cheap hashes: the tests hash many passwords
        "argon2_memory_kib": 64,
        "argon2_parallelism": 1,
        "register_rate_per_address": "10000/minute",
        "login_rate_per_address": "10000/minute",
        # the suite's many sockets and polls all come from one address
        "api_read_rate_per_address": "100000/second",
        "ws_connections_per_address": 100000,
    }
    return Settings(**(base | overrides))


@contextlib.contextmanager
def running(settings: Settings, store: Store | None = None) -> Iterator[LiveServer]:
    """uvicorn with ``create_app(settings, store)`` on a free loopback port, in a thread."""
    port = free_port()
    app = create_app(settings, store)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **uvicorn_options(settings),
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", settings, app)
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with running(suite_settings(tmp_path_factory.mktemp("jantaku"))) as live:
        yield live
