"""WebSocket authentication without a secret in the URL: the ``auth`` first frame, what a
bad or missing one gets, the disabled ``?token=``, and ended sessions closing sockets."""

from __future__ import annotations

from fastapi.testclient import TestClient
from websockets.sync.client import connect

from server.adapters.memory.store import MemoryStore
from server.app import create_app
from server.cli.client import ws_url
from server.config import Settings
from tests.server.conftest import LiveServer, Socket


def test_the_first_frame_authenticates(server: LiveServer) -> None:
    pid, token = server.player("framed")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, token)  # ?auth=frame, then {"type": "auth", "token": …}
    welcome = ws.until_type("welcome")
    assert welcome["role"] == "player" and welcome["player_id"] == pid
    ws.send({"type": "auth", "token": token})
    err = ws.until_type("error")
    assert err["code"] == "already_authenticated"
    ws.close()
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_bad_first_frames_and_url_tokens_are_refused(server: LiveServer) -> None:
    pid, token = server.player("refused")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    for first in ('{"type": "ping"}', "[[[[", '{"type": "auth", "token": 7}', b"\x00"):
        ws = server.ws(tid, auth="frame")
        ws.send(first)
        err = ws.recv()
        assert err["code"] == "auth_required" and ws.close_code() == 4401
        assert "ping" not in err["message"] and "7" not in err["message"]
    ws = server.ws(tid, auth="frame")
    ws.send({"type": "auth", "token": "forged-" + token})
    err = ws.recv()
    assert err["code"] == "unauthorized" and token not in str(err)
    assert ws.close_code() == 4401
    ws = server.ws(tid, auth="nope")
    assert ws.recv()["code"] == "invalid_query"
    # the pre-accounts ?token= is off by default
    url = ws_url(server.base_url, tid, token=token)
    ws = Socket(connect(url, open_timeout=5).__enter__())
    assert ws.recv()["code"] == "token_in_url" and ws.close_code() == 4401
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_ending_a_session_closes_its_sockets_only(server: LiveServer) -> None:
    pid, guest_token = server.player("two tabs")
    r = server.http.put(
        "/api/accounts/password",
        json={"password": "long enough pw"},
        headers={"Authorization": f"Bearer {guest_token}"},
    )
    assert r.status_code == 200
    login = server.http.post(
        "/api/accounts/login", json={"name": "two tabs", "password": "long enough pw"}
    ).json()
    tables = [
        server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"] for _ in range(2)
    ]
    one: Socket = server.ws(tables[0], guest_token)  # one seat: one connection
    one.until_type("welcome")
    two: Socket = server.ws(tables[1], login["token"])
    two.until_type("welcome")
    r = server.http.delete(
        f"/api/accounts/sessions/{login['session_id']}",
        headers={"Authorization": f"Bearer {guest_token}"},
    )
    assert r.status_code == 200 and r.json()["connections_closed"] == 1
    assert two.close_code() == 4401
    one.send({"type": "ping", "nonce": 1})
    assert one.until_type("pong")["nonce"] == 1
    one.close()
    for table_id in tables:
        server.http.post(f"/api/admin/tables/{table_id}/abort", headers=server.admin)


def test_url_tokens_work_while_the_setting_is_on(tmp_path: object) -> None:
    settings = Settings(admin_token="adm", bot_delay=0, ws_query_token=True)
    with TestClient(create_app(settings, store=MemoryStore())) as client:
        guest = client.post("/api/players", json={"name": "legacy"}).json()
        body = {"ruleset": "mcr", "seats": [guest["player_id"], "bot:greedy", "open", "open"]}
        tid = client.post("/api/tables", json=body, headers={"Authorization": "Bearer adm"}).json()[
            "table_id"
        ]
        with client.websocket_connect(f"/ws/tables/{tid}?token={guest['token']}") as ws:
            welcome = ws.receive_json()
            assert welcome["type"] == "welcome" and welcome["role"] == "player"
