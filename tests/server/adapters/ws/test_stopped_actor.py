"""Issue 35: a connection whose table's actor stopped (lease lost, fenced, drained)
between the connection's start and its ``auth`` frame waited for ever, with no welcome,
no error and no close. It now gets ``table_moving`` and a 1001 close, so the client
reconnects (wherever the table lives now) and resyncs."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server.cli.client import auth_frame
from server.domain.tables.actor import TableActor
from tests.server.conftest import running, suite_settings


def test_a_join_on_a_stopped_actor_is_closed_1001(tmp_path: Path) -> None:
    with running(suite_settings(tmp_path)) as server:
        pid, token = server.player("stopped")
        tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
        ws = server.ws(tid, auth="frame")  # the endpoint holds the actor, waits for auth
        actor: TableActor = server.app.state.services.manager.actors[tid]
        assert actor._task is not None
        loop = actor._task.get_loop()
        asyncio.run_coroutine_threadsafe(actor.stop(), loop).result(5)
        ws.conn.send(auth_frame(token))
        err = ws.recv()
        assert err["type"] == "error" and err["code"] == "table_moving"
        assert ws.close_code() == 1001
