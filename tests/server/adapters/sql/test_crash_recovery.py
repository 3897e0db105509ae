"""Crash recovery with a real ``jantaku serve`` process: four players play an MCR match
over WebSockets; the server is killed with SIGKILL in the middle of a hand and again in
the middle of a claim window that one seat has already answered; each time it restarts on
the same database, the players reconnect with their tokens and play on. The stored log,
scoresheet and standings must be exactly those of an uninterrupted replay of the same seed
and the same accepted actions."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from engine.actions import action_from_json, unprompted
from engine.bots.greedy import GreedyBot
from engine.events import event_to_json
from engine.replay import replay
from engine.views import VIEW_ADAPTER, TableView
from server.cli.client import auth_frame, ws_url
from server.domain.registry import build_table
from tests.server.conftest import free_port

ADMIN = "crash-admin-token"
OPTIONS = {"hands_per_session": 2}
ROOT = Path(__file__).resolve().parents[4]


class Server:
    def __init__(self, tmp: Path, database_url: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.tmp = tmp
        self.env = {
            **os.environ,
            "JANTAKU_DATABASE_URL": database_url,
            "JANTAKU_ADMIN_TOKEN": ADMIN,
            "JANTAKU_ADMIN_TOKEN_FILE": str(tmp / "admin.sha256"),
            "JANTAKU_BOT_DELAY": "0",
            # every poll and socket of the test comes from 127.0.0.1
            "JANTAKU_API_READ_RATE_PER_ADDRESS": "100000/second",
            "JANTAKU_WS_CONNECTIONS_PER_ADDRESS": "100000",
            "JANTAKU_MOVE_TIME": "0",
            "JANTAKU_CLAIM_TIME": "0",
            "JANTAKU_TIME_BANK": "0",
            "PYTHONPATH": str(ROOT),
        }
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, timeout=10)
        self.admin = {"Authorization": f"Bearer {ADMIN}"}
        self.starts = 0

    def start(self) -> None:
        command = [sys.executable, "-m", "server.cli", "serve", "--port", str(self.port)]
        log = (self.tmp / f"serve-{self.starts}.log").open("wb")
        self.proc = subprocess.Popen(
            [*command, "--log-level", "warning"],
            cwd=self.tmp,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        self.starts += 1
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (self.tmp / f"serve-{self.starts - 1}.log").read_text()
            try:
                if self.http.get("/api/health").status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError("jantaku serve did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def live(self, table_id: str) -> dict[str, Any]:
        r = self.http.get(f"/api/admin/tables/{table_id}", headers=self.admin)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out


class Seat:
    """One player's socket: the newest view and the newest unanswered prompt."""

    def __init__(self, server: Server, table_id: str, token: str, bot: GreedyBot) -> None:
        url = ws_url(server.base, table_id, state_on_prompt="true", auth="frame")
        self.ws: ClientConnection = connect(url, max_size=2**22, open_timeout=10).__enter__()
        self.ws.send(auth_frame(token))
        self.bot = bot
        self.view: TableView | None = None
        self.prompt: dict[str, Any] | None = None
        self.last_seq = 0
        self.ended: dict[str, Any] | None = None

    def take(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "state":
            self.view = VIEW_ADAPTER.validate_python(frame["view"])
            self.last_seq = max(self.last_seq, frame["seq"])
        elif kind == "prompt":
            self.prompt = frame
        elif kind == "event":
            self.last_seq = max(self.last_seq, frame["seq"])
        elif kind == "match_end":
            self.ended = frame

    def read(self, timeout: float) -> dict[str, Any] | None:
        try:
            frame: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        except TimeoutError:
            return None
        self.take(frame)
        return frame

    def drain(self) -> None:
        while self.read(0.001) is not None:
            pass

    def wait_prompt(self) -> dict[str, Any]:
        deadline = time.monotonic() + 10
        while self.prompt is None:
            assert time.monotonic() < deadline, "no prompt came"
            self.read(0.5)
        return self.prompt

    def choose(self, prompt: dict[str, Any]) -> dict[str, Any]:
        offered = prompt["actions"]
        view = self.view
        if view is not None and view.prompt == prompt["prompt_id"]:
            wanted = self.bot.act(view)
            for frame in offered:
                if action_from_json(frame["action"]) == wanted:
                    return dict(frame)
        return dict(offered[0])

    def act(self, frame: dict[str, Any]) -> bool:
        """Send ``frame``; True once the table acknowledged it with an event."""
        before = self.last_seq
        self.prompt = None
        self.ws.send(json.dumps(frame))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            reply = self.read(0.5)
            if reply is None:
                continue
            if reply["type"] == "error":
                assert reply["code"] == "stale_prompt", reply
                return False
            if reply["type"] == "event" and reply["seq"] > before:
                return True
        raise AssertionError("the action was neither accepted nor refused")

    def close(self) -> None:
        self.ws.close()


class Match:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.players = []
        for i in range(4):
            r = server.http.post("/api/players", json={"name": f"p{i}"})
            assert r.status_code == 201, r.text
            self.players.append((r.json()["player_id"], r.json()["token"]))
        body = {"ruleset": "mcr", "options": OPTIONS, "seats": [p for p, _ in self.players]}
        r = server.http.post("/api/tables", json=body, headers=server.admin)
        assert r.status_code == 201, r.text
        self.table_id: str = r.json()["table_id"]
        self.rules = build_table("mcr", OPTIONS).rules
        self.actions: list[dict[str, Any]] = []  # every accepted action, in order
        self.seats: list[Seat] = []

    def connect(self) -> None:
        self.seats = [
            Seat(self.server, self.table_id, token, GreedyBot(self.rules))
            for _, token in self.players
        ]

    def disconnect(self) -> None:
        for s in self.seats:
            s.close()

    def send(self, seat: Seat, frame: dict[str, Any]) -> bool:
        if seat.act(frame):
            self.actions.append(frame["action"])
            return True
        return False

    def play_until(self, stop: Any) -> bool:
        """Play until ``stop(match, places, seat, prompt)`` says so (True) or the match ends
        (False); ``places`` are the prompted table places, ``prompt`` the lowest one's."""
        for _ in range(5000):
            live = self.server.live(self.table_id)
            if live["status"] == "finished":
                return False
            places = live["prompts"]
            assert places, live
            seat = self.seats[places[0]]
            seat.drain()
            prompt = seat.wait_prompt()
            if stop(self, places, seat, prompt):
                return True
            self.send(seat, seat.choose(prompt))
        raise AssertionError("the match did not end")


def is_claim(prompt: dict[str, Any]) -> bool:
    return any(a["action"]["type"] == "pass" for a in prompt["actions"])


def after_actions(n: int) -> Any:
    """Stop at the first turn (not a claim window) after ``n`` actions."""

    def stop(m: Match, places: list[int], seat: Seat, prompt: dict[str, Any]) -> bool:
        return len(m.actions) >= n and not is_claim(prompt)

    return stop


class InsideClaimWindow:
    """Stop in a claim window: preferably one with two or more seats asked, one of which
    has just answered; if none comes within ``patience`` actions, any open window."""

    def __init__(self, patience: int) -> None:
        self.patience = patience
        self.start: int | None = None
        self.answered = False

    def __call__(self, m: Match, places: list[int], seat: Seat, prompt: dict[str, Any]) -> bool:
        if self.start is None:
            self.start = len(m.actions)
        if not is_claim(prompt):
            return False
        if len(places) >= 2:
            passing = next(a for a in prompt["actions"] if a["action"]["type"] == "pass")
            assert m.send(seat, passing), "the pass was refused"
            assert m.server.live(m.table_id)["prompts"]  # the window is still open
            self.answered = True
            return True
        return len(m.actions) - self.start >= self.patience


def check_against_replay(server: Server, m: Match) -> None:
    events = server.http.get(f"/api/matches/{m.table_id}/events").json()
    assert events["status"] == "finished"
    seed = events["seed"]
    stored = [e["event"] for e in events["events"]]
    assert [e["seq"] for e in events["events"]] == list(range(1, len(stored) + 1))
    table = build_table("mcr", OPTIONS)
    # the prompt ids the clients sent are their own seats' numbers (docs/protocol.md), not
    # the engine's: the actions replay without them
    moves = [unprompted(action_from_json(a)) for a in m.actions]
    state, expected = replay(table, seed, moves)
    assert stored == [event_to_json(e) for e in expected]  # identical history
    sheet = server.http.get(f"/api/matches/{m.table_id}").json()
    settled = [e for e in stored if e["type"] == "settled"]
    assert [h["scores"] for h in sheet["hands"]] == [s["scores"] for s in settled]
    assert sheet["final_totals"] == list(state.scores)
    ended = stored[-1]
    assert ended["type"] == "match_ended"
    got = sorted((s["place"], s["rank"], s["score"], s["points"]) for s in sheet["standings"])
    want = sorted((s["player"], s["rank"], s["score"], s["points"]) for s in ended["standings"])
    assert got == want
    assert {s["player"] for s in sheet["standings"]} == {p for p, _ in m.players}


def test_sigkill_mid_hand_and_mid_claim_window_loses_nothing(db_url: str, tmp_path: Path) -> None:
    server = Server(tmp_path, db_url)
    server.start()
    try:
        m = Match(server)
        m.connect()
        assert m.play_until(after_actions(25)), "the match ended too early"
        acted = len(m.actions)
        server.kill()  # 1: in the middle of the first hand, at a turn
        m.disconnect()
        server.start()
        m.connect()
        live = server.live(m.table_id)
        assert live["status"] == "playing" and live["prompts"]
        window = InsideClaimWindow(patience=60)
        assert m.play_until(window), "no claim window came"
        print(f"claim window kill: answered by one seat first = {window.answered}")
        assert len(m.actions) > acted
        server.kill()  # 2: a claim window that one seat has answered, the others not yet
        m.disconnect()
        server.start()
        m.connect()
        assert server.live(m.table_id)["prompts"]
        assert not m.play_until(lambda *_: False)  # to the end
        m.disconnect()
        check_against_replay(server, m)
        assert server.starts == 3
    finally:
        server.stop()
