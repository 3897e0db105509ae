"""Every kind of bad frame gets a precise error and changes nothing; repeated garbage
closes that connection (and only it); tokens only open their own seat."""

from __future__ import annotations

import json
from typing import Any

from tests.server.conftest import LiveServer, Socket


def seated(server: LiveServer, **extra: Any) -> tuple[str, str, Socket, dict[str, Any]]:
    """A table with us at place 0 (the first dealer) and three bots; our first prompt."""
    pid, token = server.player("tester")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"], **extra)["table_id"]
    ws = server.ws(tid, token)
    assert ws.recv()["type"] == "welcome"
    prompt = ws.until_type("prompt")
    return tid, token, ws, prompt


def test_bad_frames_get_errors_and_change_nothing(server: LiveServer) -> None:
    tid, _, ws, prompt = seated(server)
    pid = prompt["prompt_id"]
    before = server.live(tid)
    offered = prompt["actions"][0]
    seat = offered["action"]["seat"]
    cases: list[tuple[Any, str]] = [
        ("this is not json", "malformed_json"),
        (b"\x00\x01binary", "binary_frame"),
        ("x" * (17 * 1024), "frame_too_large"),
        (json.dumps({"type": "action", "pad": "y" * 17000}), "frame_too_large"),
        ("[1, 2, 3]", "invalid_message"),
        ({"no": "type"}, "invalid_message"),
        ({"type": "dance"}, "unknown_type"),
        ({"type": "action"}, "invalid_message"),
        (
            {"type": "action", "prompt_id": pid, "action": {"type": "fly", "seat": 0}},
            "invalid_message",
        ),
        ({"type": "resync", "last_seq": -1}, "invalid_message"),
        ({"type": "action", "prompt_id": pid - 1, "action": offered["action"]}, "stale_prompt"),
        (
            {
                "type": "action",
                "prompt_id": pid,
                "action": {"type": "discard", "seat": seat, "tile": 44},
            },
            "not_offered",
        ),
        (
            {"type": "action", "prompt_id": pid, "action": {"type": "pass", "seat": seat}},
            "not_offered",
        ),
        (
            {
                "type": "action",
                "prompt_id": pid,
                "action": offered["action"] | {"seat": (seat + 1) % 4},
            },
            "wrong_seat",
        ),
        (
            {"type": "action", "prompt_id": pid, "action": offered["action"] | {"prompt": pid + 7}},
            "stale_prompt",
        ),
        ({"type": "resync", "last_seq": 10**9}, "bad_seq"),
        ({"type": "chat", "text": "z" * 400}, "chat_too_long"),
    ]
    for frame, code in cases:
        ws.send(frame)
        err = ws.until_type("error")
        assert err["code"] == code, (frame if not isinstance(frame, str) else frame[:40], err)
        assert err["message"]
        ws.send({"type": "ping"})  # a good frame resets the garbage count
        ws.until_type("pong")
    ws.send({"type": "ping", "nonce": 7})
    assert ws.until_type("pong")["nonce"] == 7
    for i in range(3):
        ws.send({"type": "chat", "text": f"hello {i}"})
        assert ws.until_type("chat")["text"] == f"hello {i}"
    ws.send({"type": "chat", "text": "one too many"})
    assert ws.until_type("error")["code"] == "rate_limited"
    for _ in range(server.settings.resync_per_10s - 1):  # one was among the cases
        ws.send({"type": "resync", "last_seq": 10**6})  # refused, but counted
        assert ws.until_type("error")["code"] == "bad_seq"
    ws.send({"type": "resync", "last_seq": 0})
    assert ws.until_type("error")["code"] == "rate_limited"
    after = server.live(tid)
    assert after["events"] == before["events"] and after["prompts"] == [0]
    # the offered action still works after all that
    ws.send(offered)
    event = ws.until_type("event")
    assert event["event"]["seat"] == seat
    ws.close()
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_repeated_garbage_closes_only_that_connection(server: LiveServer) -> None:
    tid, token, ws, _ = seated(server, spectators={"allowed": True})
    watcher = server.ws(tid)
    assert watcher.recv()["role"] == "spectator"
    for _ in range(server.settings.garbage_limit):
        ws.send("}{")
    assert ws.close_code() == 4400
    watcher.send({"type": "ping"})
    assert watcher.until_type("pong")
    again = server.ws(tid, token)  # the seat is kept: the player comes back
    assert again.recv()["seat"] == 0
    assert again.until_type("prompt")
    assert server.http.get("/api/admin/health", headers=server.admin).json()["status"] == "ok"
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_tokens_open_only_their_own_seat(server: LiveServer) -> None:
    a, token_a = server.player("a")
    b, token_b = server.player("b")
    _, outsider = server.player("c")
    tid = server.table([a, b, "bot:greedy", "bot:greedy"], spectators=False)["table_id"]
    ws = server.ws(tid, token_a, seat="1")  # a's token on b's seat
    err = ws.recv()
    assert err["type"] == "error" and err["code"] == "wrong_seat"
    assert ws.close_code() == 4403
    ws = server.ws(tid, token_b, seat="1")
    assert ws.recv()["seat"] == 1
    ws.close()
    ws = server.ws(tid, outsider)
    assert ws.recv()["code"] == "forbidden" and ws.close_code() == 4403
    ws = server.ws(tid, "forged-token")
    assert ws.recv()["code"] == "unauthorized" and ws.close_code() == 4401
    ws = server.ws(tid, token_b, seat="north")
    assert ws.recv()["code"] == "invalid_query" and ws.close_code() == 4403
    ws = server.ws(tid, token_b, protocol="2")
    assert ws.recv()["code"] == "unsupported_protocol" and ws.close_code() == 4406
    ws = server.ws(tid, token_b, protocol="1")
    assert ws.recv()["protocol"] == 1
    ws.close()
    ws = server.ws("no-such-table", token_a)
    assert ws.recv()["code"] == "table_not_found" and ws.close_code() == 4404
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)
