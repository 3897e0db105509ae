"""Between hands: a ``flow=true`` client's next hand waits for its ``ready`` (the log is
the same either way); absent players are reported and, after the grace period, played by
a bot until they return."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import LiveServer, Socket


def answer(ws: Socket, prompt: dict[str, Any]) -> None:
    """Play the first offered action (a discard, or pass in a claim window)."""
    acts = prompt["actions"]
    passes = [a for a in acts if a["action"]["type"] == "pass"]
    ws.send(passes[0] if passes else acts[0])


def play_to_intermission(ws: Socket) -> dict[str, Any]:
    """Answer prompts until the hand ends; the ``intermission`` frame."""
    while True:
        f = ws.recv(10)
        if f["type"] == "prompt":
            answer(ws, f)
        elif f["type"] == "intermission" and f["open"]:
            return f


def test_next_hand_waits_for_ready(server: LiveServer) -> None:
    pid, token = server.player("ok")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, token, flow="true")
    hold = play_to_intermission(ws)
    assert hold["waiting"] == [0] and hold["deadline"] > 0
    assert server.live(tid)["between_hands"] is True
    # the next hand is dealt (its events arrive) but nobody is asked anything meanwhile
    assert server.live(tid)["prompts"] == []
    ws.send({"type": "ready"})
    done = ws.until_type("intermission")
    assert done == {"type": "intermission", "open": False, "deadline": None, "waiting": []}
    ws.until_type("prompt")
    assert server.live(tid)["between_hands"] is False
    ws.close()


def test_plain_clients_are_not_waited_for(server: LiveServer) -> None:
    pid, token = server.player("plain")
    tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
    ws = server.ws(tid, token)
    hands = 0
    while hands < 2:
        f = ws.recv(10)
        assert f["type"] not in ("intermission", "presence")
        if f["type"] == "prompt":
            answer(ws, f)
        if f["type"] == "hand_end":
            hands += 1
    ws.close()


def test_presence_frames(server: LiveServer) -> None:
    a, ta = server.player("a")
    b, tb = server.player("b")
    tid = server.table([a, b, "bot:greedy", "bot:greedy"])["table_id"]
    wa = server.ws(tid, ta, flow="true")
    seen = wa.until_type("presence")
    assert seen["connected"] == [True, False, True, True]
    assert seen["standin"] == [False] * 4
    wb = server.ws(tid, tb, flow="true")
    assert wa.until(lambda f: f["type"] == "presence" and all(f["connected"]))
    wb.close()
    gone = wa.until(lambda f: f["type"] == "presence" and not f["connected"][1])
    assert gone["standin"][1] is False  # the grace period has not run out
    table = server.http.get(f"/api/tables/{tid}").json()
    assert [s["connected"] for s in table["seats"]] == [True, False, True, True]
    wa.close()
