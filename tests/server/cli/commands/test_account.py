"""``jantaku register`` / ``login`` / ``logout`` get and keep a token that ``jantaku play``
then uses without ``--token``."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from typer.testing import CliRunner

from server.cli import app
from tests.server.conftest import LiveServer


def test_register_login_play_logout(server: LiveServer, tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"JANTAKU_CONFIG_DIR": str(tmp_path)}
    url = ["--url", server.base_url]
    r = runner.invoke(
        app,
        ["register", "--name", "Cli Member", "--password-stdin", *url],
        input="a long password\n",
        env=env,
    )
    assert r.exit_code == 0, r.output
    saved = tmp_path / "tokens.json"
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    entry = json.loads(saved.read_text())[server.base_url]
    assert f"token: {entry['token']}" in r.output and "a long password" not in r.output

    r = runner.invoke(
        app,
        ["login", "--name", "cli member", "--password-stdin", *url],
        input="wrong one\n",
        env=env,
    )
    assert r.exit_code == 1 and "invalid_credentials" in r.output
    r = runner.invoke(
        app,
        ["login", "--name", "cli member", "--password-stdin", *url],
        input="a long password\n",
        env=env,
    )
    assert r.exit_code == 0, r.output
    token = json.loads(saved.read_text())[server.base_url]["token"]
    assert token != entry["token"]

    tid = server.table(
        [entry["player_id"], "bot:greedy", "bot:greedy", "bot:greedy"],
        options={"hands_per_session": 1},
    )["table_id"]
    r = runner.invoke(app, ["play", "--table", tid, "--quiet", *url], env=env)
    assert r.exit_code == 0, r.output
    assert "match over" in r.output

    r = runner.invoke(app, ["logout", *url], env=env)
    assert r.exit_code == 0 and server.base_url not in json.loads(saved.read_text())
    me = server.http.get("/api/players/me", headers={"Authorization": f"Bearer {token}"})
    assert me.status_code == 401
    r = runner.invoke(app, ["play", "--table", tid, *url], env=env)
    assert r.exit_code == 2 and "no token" in r.output


def test_register_a_guest(server: LiveServer, tmp_path: Path) -> None:
    r = CliRunner().invoke(
        app,
        ["register", "--name", "Cli Guest", "--guest", "--no-save", "--url", server.base_url],
        env={"JANTAKU_CONFIG_DIR": str(tmp_path)},
    )
    assert r.exit_code == 0 and "token: " in r.output
    assert not (tmp_path / "tokens.json").exists()
