"""No token, password or session secret in a log line, an error body or an export: the
log filter on its own, and a whole match against a real ``jantaku serve`` (info-level
access log on) whose output, error bodies and exports are then searched for every secret
the test used — good ones, wrong ones and one sent the old way in a URL."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner
from websockets.sync.client import connect

from server.cli import app
from server.cli.client import SeatClient, auth_frame, ws_url
from server.domain import logscrub
from tests.server.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
ADMIN = "admin-secret-0123456789"
PASSWORD = "hunter2-is-a-long-password"
WRONG_PASSWORD = "wrong-password-9f8e7d"


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def test_the_filter_redacts_access_lines() -> None:
    # A handler on the loggers themselves: an earlier test (or uvicorn's own config) may
    # have set propagate=False on them, so the root logger (caplog) would see nothing.
    logscrub.install()
    collect = _Collect()
    loggers = [logging.getLogger("uvicorn.access"), logging.getLogger("uvicorn.error")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(collect)
        logger.setLevel(logging.INFO)
    try:
        loggers[0].info(
            '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5", "GET", "/x?a=1&token=s3cr3t", "1.1", 200
        )
        loggers[1].info(
            '%s - "WebSocket %s" [accepted]', "127.0.0.1:5", "/ws/tables/t?token=s3cr3t&seat=0"
        )
        loggers[1].warning(
            "body %s", '{"name": "a", "password": "s3cr3t"} Authorization: Bearer s3cr3t'
        )
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.removeHandler(collect)
            logger.setLevel(level)
    text = "\n".join(collect.lines)
    assert len(collect.lines) == 3
    assert "s3cr3t" not in text
    assert text.count("[redacted]") == 4 and "seat=0" in text


def test_a_secret_parameter_is_redacted_however_it_is_spelled() -> None:
    """Starlette decodes query keys, so ``%74oken=`` is a token parameter as ``token=``
    is; the log must not show it either (nor ``TOKEN``, ``token[]`` or a hidden ``=``)."""
    for url in (
        "/ws/t?%74oken=s3cr3t",
        "/ws/t?auth=frame&TOKEN=s3cr3t",
        "/ws/t?token%3Ds3cr3t",
        "/ws/t?seat=0&token[]=s3cr3t&flow=1",
        "/ws/t?a=1;Pass%77ord=s3cr3t",
        "/ws/t?+token=s3cr3t#x",
    ):
        scrubbed = logscrub.scrub(f'127.0.0.1:5 - "WebSocket {url}" [accepted]')
        assert "s3cr3t" not in scrubbed and "[redacted]" in scrubbed, scrubbed
    kept = '"WebSocket /ws/t?auth=frame&seat=0&flow=1" what? fine'
    assert logscrub.scrub(kept) == kept


def _wait(base: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while True:
        assert proc.poll() is None, "server exited"
        try:
            httpx.get(f"{base}/api/health", timeout=1)
            return
        except httpx.HTTPError:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)


def test_no_secret_in_logs_errors_or_exports_after_a_match(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = f"sqlite+aiosqlite:///{tmp_path / 'jantaku.db'}"
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        JANTAKU_DATABASE_URL=db,
        JANTAKU_ADMIN_TOKEN=ADMIN,
        JANTAKU_BOT_DELAY="0",
        JANTAKU_MOVE_TIME="0",
        JANTAKU_CLAIM_TIME="0",
        JANTAKU_TIME_BANK="0",
        JANTAKU_ARGON2_TIME_COST="1",
        JANTAKU_ARGON2_MEMORY_KIB="64",
        JANTAKU_ARGON2_PARALLELISM="1",
    )
    out = (tmp_path / "serve.log").open("wb")
    command = [sys.executable, "-m", "server.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--log-level", "info"], cwd=tmp_path, env=env, stdout=out, stderr=out
    )
    secrets = [ADMIN, PASSWORD, WRONG_PASSWORD, "forged-token-abcdef", "url-token-123456"]
    secrets.append("disguised-token-778899")
    bodies: list[str] = []
    http = httpx.Client(base_url=base, timeout=30)
    try:
        _wait(base, proc)
        admin = {"Authorization": f"Bearer {ADMIN}"}
        r = http.post("/api/accounts/register", json={"name": "Secretive", "password": PASSWORD})
        account = r.json()
        r = http.post("/api/accounts/login", json={"name": "secretive", "password": PASSWORD})
        second = r.json()
        guest = http.post("/api/players", json={"name": "Guest"}).json()
        secrets += [account["token"], second["token"], guest["token"]]
        secrets += [hashlib.sha256(t.encode()).hexdigest() for t in secrets[-3:]]

        # wrong things, each answered with an error body
        attempts = [
            http.post(
                "/api/accounts/login", json={"name": "Secretive", "password": WRONG_PASSWORD}
            ),
            http.get("/api/players/me", headers={"Authorization": "Bearer forged-token-abcdef"}),
            http.get("/api/players/me?token=url-token-123456"),
            http.post(
                "/api/accounts/register",
                content=b'{"name": "x", "password": "' + PASSWORD.encode() + b'"',
                headers={"Content-Type": "application/json"},
            ),
            http.post("/api/accounts/register", json={"name": "y", "password": WRONG_PASSWORD[:5]}),
            http.put(
                "/api/accounts/password",
                json={"password": WRONG_PASSWORD, "current_password": WRONG_PASSWORD},
                headers={"Authorization": f"Bearer {second['token']}"},
            ),
        ]
        assert all(a.status_code >= 400 for a in attempts)
        bodies += [a.text for a in attempts]

        seats = [account["player_id"], "bot:greedy", "bot:greedy", "bot:greedy"]
        table = {"ruleset": "mcr", "seats": seats, "options": {"hands_per_session": 1}}
        tid = http.post("/api/tables", json=table, headers=admin).json()["table_id"]
        for url, first in (
            (ws_url(base, tid, token="url-token-123456"), None),  # the old way: refused
            (ws_url(base, tid) + "?%74oken=disguised-token-778899", None),  # read as token
            (ws_url(base, tid, auth="frame"), auth_frame("forged-token-abcdef")),
        ):
            with connect(url, open_timeout=10) as ws:
                if first is not None:
                    ws.send(first)
                bodies.append(str(ws.recv(timeout=10)))
        end = asyncio.run(asyncio.wait_for(SeatClient(base, tid, account["token"]).play(), 120))
        assert end is not None

        for path in (
            f"/api/matches/{tid}",
            f"/api/matches/{tid}/scoresheet.csv",
            f"/api/matches/{tid}/scoresheet.json",
            f"/api/matches/{tid}/events",
            f"/api/players/{account['player_id']}/history",
            "/api/leaderboard?ruleset=mcr",
            "/api/matches",
            f"/api/tables/{tid}",
        ):
            r = http.get(path)
            assert r.status_code == 200, path
            bodies.append(r.text)
        for path in ("/api/admin/players", f"/api/admin/tables/{tid}", "/api/admin/stats"):
            bodies.append(http.get(path, headers=admin).text)
        bodies.append(
            http.get(
                "/api/accounts/sessions", headers={"Authorization": f"Bearer {second['token']}"}
            ).text
        )
        for fmt in ("json", "csv", "events"):
            result = CliRunner().invoke(
                app, ["export", "--match", tid, "--format", fmt, "--url", db]
            )
            assert result.exit_code == 0, result.output
            bodies.append(result.output)
    finally:
        http.close()
        proc.terminate()
        proc.wait(20)
        out.close()
    logs = (tmp_path / "serve.log").read_text()
    assert "WebSocket /ws/tables/" in logs and "GET /api/matches" in logs  # access log was on
    assert "token=[redacted]" in logs
    everything = "\n".join([logs, *bodies])
    for secret in secrets:
        assert secret not in everything, secret[:6]
    # the exports were really searched: they hold the match
    assert any(tid in b and "standings" in b for b in bodies)
    json.loads(bodies[-3])  # the JSON export parsed
