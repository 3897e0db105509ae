"""Disconnection keeps the seat; reconnecting restores welcome + state + the pending
prompt (here in the middle of a claim window), resync resends missed events, and a
second connection with the same token replaces the first."""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import LiveServer, Socket


def play_until_claim(ws: Socket, limit: int = 400) -> dict[str, Any]:
    """Answer turn prompts with the first offered action until a claim prompt comes."""
    for _ in range(limit):
        prompt = ws.until_type("prompt")
        if any(a["action"]["type"] == "pass" for a in prompt["actions"]):
            return prompt
        ws.send(prompt["actions"][0])
    raise AssertionError("no claim window came")


def test_reconnect_in_the_middle_of_a_claim_window(server: LiveServer) -> None:
    pid, token = server.player("flaky")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 4}
    )["table_id"]
    ws = server.ws(tid, token)
    prompt = play_until_claim(ws)
    last_seq = max(f["seq"] for f in ws.frames if f["type"] == "event")
    ws.close()
    live = server.live(tid)
    deadline = time.monotonic() + 5  # the server notices the close a moment later
    while live["connections"] and time.monotonic() < deadline:
        time.sleep(0.02)
        live = server.live(tid)
    assert live["connections"] == 0 and live["prompts"] == [0]  # the window waits for us
    assert live["status"] == "playing"

    again = server.ws(tid, token)
    welcome = again.recv()
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    # Nothing but the bots' answers to the same window (they may land after our prompt).
    assert welcome["last_seq"] >= last_seq
    last_seq = welcome["last_seq"]
    state = again.recv()
    assert state["type"] == "state" and state["seq"] == last_seq
    window = state["view"]["hand"]["window"]
    assert state["view"]["hand"]["phase"] == "claim" and window["options"]
    restored = again.recv()
    assert restored["type"] == "prompt" and restored["prompt_id"] == prompt["prompt_id"]
    assert restored["actions"] == prompt["actions"]
    # resync from an earlier point resends what we saw, then the prompt again
    again.send({"type": "resync", "last_seq": last_seq - 3})
    resent: list[dict[str, Any]] = []
    while not resent or resent[-1]["type"] != "prompt":
        resent.append(again.recv())
    # Other seats' answers are not ours to see, so the resent seqs may have gaps; every
    # event the first connection saw after that point must come again, in order.
    seqs = [f["seq"] for f in resent if f["type"] == "event"]
    seen_before = [f["seq"] for f in ws.frames if f["type"] == "event" and f["seq"] > last_seq - 3]
    assert seqs == sorted(seqs) and all(s > last_seq - 3 for s in seqs)
    assert set(seen_before) <= set(seqs)
    assert resent[-1]["prompt_id"] == prompt["prompt_id"]
    # answering the restored prompt moves the table on
    passing = next(a for a in restored["actions"] if a["action"]["type"] == "pass")
    again.send(passing)
    answered = again.until_type("event")
    assert answered["seq"] > last_seq  # after any bot answer that landed meanwhile
    ev = answered["event"]
    assert ev["type"] == "answered" and ev["action"]["type"] == "pass"
    assert ev["seat"] == passing["action"]["seat"]
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_a_second_connection_replaces_the_first(server: LiveServer) -> None:
    pid, token = server.player("twice")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    first = server.ws(tid, token)
    prompt = first.until_type("prompt")
    second = server.ws(tid, token)
    assert second.recv()["type"] == "welcome"
    assert first.close_code() == 4409
    assert second.until_type("prompt")["prompt_id"] == prompt["prompt_id"]
    second.send(prompt["actions"][0])
    assert second.until_type("event")["event"]["type"] == "discarded"
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_resync_from_zero_replays_the_whole_match_redacted(server: LiveServer) -> None:
    pid, token = server.player("historian")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, token)
    ws.recv()
    state = ws.recv()
    ws.until_type("prompt")
    latest = max([state["seq"], *(f["seq"] for f in ws.frames if f["type"] == "event")])
    ws.send({"type": "resync", "last_seq": 0})
    events = []
    while True:
        f = ws.recv()
        if f["type"] == "prompt":
            break
        events.append(f)
    assert events[0]["event"]["type"] == "match_started"
    assert events[-1]["seq"] == latest  # the bots may have played on before our prompt
    for f in events:
        ev = f["event"]
        if ev["type"] == "dealt" and ev["seat"] != 0:
            assert ev["tiles"] is None
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)
