"""Only a token's SHA-256 reaches the database (in its session row), never the token."""

from __future__ import annotations

import hashlib
import sqlite3

from sqlalchemy.engine import make_url

from tests.server.conftest import LiveServer


def test_the_database_holds_the_hash_not_the_token(server: LiveServer) -> None:
    pid, token = server.player("secretive")
    auth = {"Authorization": f"Bearer {token}"}
    assert server.http.get("/api/players/me", headers=auth).status_code == 200
    r = server.http.get("/api/players/me", headers=auth)  # the first call was recorded
    assert r.status_code == 200 and r.json()["last_seen"] is not None
    path = make_url(server.settings.database_url).database
    assert path
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT * FROM sessions WHERE player_id = ?", (pid,)).fetchall()
        dump = "\n".join(db.iterdump())
    assert len(rows) == 1
    assert hashlib.sha256(token.encode()).hexdigest() in rows[0]
    assert token not in dump
