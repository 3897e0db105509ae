"""``jantaku cluster list|drain`` against a running server: the admin token comes from
``JANTAKU_ADMIN_TOKEN`` or a prompt that does not echo it, never from the command line.
(A drain on a real cluster is tests/server/adapters/cluster/test_drain.py.)"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from server.cli import app
from tests.server.conftest import ADMIN_TOKEN, LiveServer


def test_list_with_the_token_from_the_environment(server: LiveServer) -> None:
    runner = CliRunner()
    env = {"JANTAKU_ADMIN_TOKEN": ADMIN_TOKEN}
    r = runner.invoke(app, ["cluster", "list", "--url", server.base_url], env=env)
    assert r.exit_code == 0, r.output
    assert "not clustered" in r.output
    assert "local *" in r.output and ADMIN_TOKEN not in r.output
    r = runner.invoke(app, ["cluster", "list", "--json", "--url", server.base_url], env=env)
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["instances"][0]["id"] == "local"


def test_the_token_is_prompted_for_without_echo(server: LiveServer) -> None:
    runner = CliRunner()
    r = runner.invoke(
        app,
        ["cluster", "list", "--url", server.base_url],
        input=f"{ADMIN_TOKEN}\n",
        env={"JANTAKU_ADMIN_TOKEN": ""},
    )
    assert r.exit_code == 0, r.output
    assert "Admin token" in r.output and ADMIN_TOKEN not in r.output
    r = runner.invoke(
        app,
        ["cluster", "list", "--url", server.base_url],
        input="wrong\n",
        env={"JANTAKU_ADMIN_TOKEN": ""},
    )
    assert r.exit_code == 1 and "unauthorized" in r.output


def test_drain_answers_the_api_refusal(server: LiveServer) -> None:
    runner = CliRunner()
    env = {"JANTAKU_ADMIN_TOKEN": ADMIN_TOKEN}
    r = runner.invoke(app, ["cluster", "drain", "local", "--url", server.base_url], env=env)
    assert r.exit_code == 1 and "not_clustered" in r.output
    r = runner.invoke(app, ["cluster", "list", "--url", "http://127.0.0.1:9"], env=env)
    assert r.exit_code == 2 and "cannot reach" in r.output
