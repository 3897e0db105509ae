"""Issue 35: the docs said nobody, admin included, sees a hidden tile during play, while
the bootstrap admin token reads every seat's tiles from a running match's event log. That
read is now an explicit, audited capability: the bootstrap token alone, each use written
to the ``jantaku.audit`` log; everyone else gets nothing until the match ends."""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.config import Settings

CHEAP = {"argon2_time_cost": 1, "argon2_memory_kib": 64, "argon2_parallelism": 1}
ADMIN = {"Authorization": "Bearer adm"}


def test_reading_a_running_log_is_the_admins_and_audited(caplog: pytest.LogCaptureFixture) -> None:
    settings = Settings(admin_token="adm", bot_delay=30, **CHEAP)  # type: ignore[arg-type]
    with TestClient(create_app(settings, MemoryStore())) as client:
        guest = client.post("/api/players", json={"name": "seated"}).json()
        seats = [guest["player_id"], "bot:greedy", "bot:greedy", "bot:greedy"]
        r = client.post("/api/tables", json={"ruleset": "mcr", "seats": seats}, headers=ADMIN)
        tid = r.json()["table_id"]
        path = f"/api/matches/{tid}/events"
        with caplog.at_level(logging.INFO, logger="jantaku.audit"):
            own = {"Authorization": f"Bearer {guest['token']}"}
            assert client.get(path).status_code == 401
            assert client.get(path, headers=own).status_code == 403  # a seat: its own tiles only
            assert not [r for r in caplog.records if r.name == "jantaku.audit"]
            r = client.get(path, headers=ADMIN)
            assert r.status_code == 200 and r.json()["status"] == "playing"
            assert any(e["event"]["type"] == "dealt" for e in r.json()["events"])
        audited = [r for r in caplog.records if r.name == "jantaku.audit"]
        assert len(audited) == 1 and tid in audited[0].getMessage()
        assert "hidden tiles" in audited[0].getMessage()
        client.post(f"/api/admin/tables/{tid}/abort", headers=ADMIN)
