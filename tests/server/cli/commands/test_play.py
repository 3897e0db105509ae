"""``jantaku play`` plays a seat over the real protocol; ``jantaku serve`` serves."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
from typer.testing import CliRunner

from server.cli import app
from tests.server.conftest import LiveServer, free_port


def test_play_command_finishes_a_match(server: LiveServer) -> None:
    pid, token = server.player("cli")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )["table_id"]
    args = ["play", "--url", server.base_url, "--table", tid, "--token", token]
    result = CliRunner().invoke(app, [*args, "--bot", "defensive"])
    assert result.exit_code == 0, result.output
    assert "match over" in result.output and "seed" in result.output


def test_play_command_reports_a_dead_server() -> None:
    result = CliRunner().invoke(
        app, ["play", "--url", f"http://127.0.0.1:{free_port()}", "--table", "x", "--token", "y"]
    )
    assert result.exit_code == 2 and "cannot connect" in result.output


def test_serve_command_starts_the_server(tmp_path: Path) -> None:
    """Run in an empty directory: the embedded default database appears there."""
    port = free_port()
    root = str(Path(__file__).resolve().parents[4])
    env = dict(os.environ, JANTAKU_ADMIN_TOKEN="serve-test", PYTHONPATH=root)
    env.pop("JANTAKU_DATABASE_URL", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "server.cli",
            "serve",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        assert r.json() == {"status": "ok"}
        r = httpx.get(
            f"http://127.0.0.1:{port}/api/admin/stats",
            headers={"Authorization": "Bearer serve-test"},
        )
        assert r.status_code == 200
        assert (tmp_path / "jantaku.db").is_file()
    finally:
        proc.terminate()
        proc.wait(10)


def test_play_command_seats_a_person(server: LiveServer) -> None:
    pid, token = server.player("person")
    tid = server.table(
        [pid, "bot:greedy", "bot:greedy", "bot:greedy"], options={"hands_per_session": 1}
    )["table_id"]
    result = CliRunner().invoke(
        app,
        ["play", "--url", server.base_url, "--table", tid, "--token", token, "--bot", "human"],
        input="x\n" + "0\n" * 400,  # one bad answer, then always the first offered action
    )
    assert result.exit_code == 0, result.output
    assert "your hand:" in result.output and "[0] discard" in result.output
    assert "type a number" in result.output and "match over" in result.output
