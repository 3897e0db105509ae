"""``jantaku register`` / ``jantaku login`` / ``jantaku logout``: get a session token from a
server and keep it for ``jantaku play`` in the user's config directory (tokens.json, mode
0600, one entry per server URL). The password is prompted for (not echoed) or read from
standard input with ``--password-stdin``; it is never a command-line argument."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

URL = Annotated[str, typer.Option(help="server base URL")]
DEFAULT_URL = "http://127.0.0.1:8000"


def config_dir() -> Path:
    given = os.environ.get("JANTAKU_CONFIG_DIR")
    return Path(given) if given else Path(typer.get_app_dir("jantaku"))


def _tokens_file() -> Path:
    return config_dir() / "tokens.json"


def _load() -> dict[str, dict[str, Any]]:
    try:
        data = json.loads(_tokens_file().read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _key(url: str) -> str:
    return url.rstrip("/")


def stored_token(url: str) -> str | None:
    entry = _load().get(_key(url))
    token = entry.get("token") if isinstance(entry, dict) else None
    return token if isinstance(token, str) else None


def _save(url: str, creds: dict[str, Any]) -> Path:
    data = _load()
    data[_key(url)] = {k: creds[k] for k in ("player_id", "name", "token", "session_id")}
    path = _tokens_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as out:
        json.dump(data, out, indent=2)
    path.chmod(0o600)
    return path


def _password(from_stdin: bool, confirm: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    value: str = typer.prompt("Password", hide_input=True, confirmation_prompt=confirm)
    return value


def _post(url: str, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    return api("POST", url, path, body=body, token=token)


def api(
    method: str,
    url: str,
    path: str,
    *,
    body: dict[str, Any] | None = None,
    token: str | None = None,
    timeout: float = 30.0,
) -> dict[str, Any]:
    """One REST call: its JSON answer, or the server's error printed and exit 1 (exit 2
    when the server cannot be reached)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        r = httpx.request(method, f"{_key(url)}{path}", json=body, headers=headers, timeout=timeout)
    except httpx.HTTPError as exc:
        typer.echo(f"error: cannot reach {url}: {type(exc).__name__}", err=True)
        raise typer.Exit(2) from None
    try:
        data: dict[str, Any] = r.json()
    except ValueError:
        data = {}
    if r.status_code >= 400:
        error = data.get("error") or {}
        code, message = error.get("code", r.status_code), error.get("message", "")
        typer.echo(f"error: {code}: {message}", err=True)
        raise typer.Exit(1)
    return data


def _finish(url: str, creds: dict[str, Any], save: bool) -> None:
    typer.echo(f"player {creds['player_id']} ({creds['name']}), session {creds['session_id']}")
    typer.echo(f"token: {creds['token']}")
    if save:
        typer.echo(f"saved for {_key(url)} in {_save(url, creds)}; `jantaku play` uses it")


def register(
    name: Annotated[str, typer.Option(help="your name (unique, case-insensitive)")],
    url: URL = DEFAULT_URL,
    guest: Annotated[bool, typer.Option(help="no password: a guest (set one later)")] = False,
    password_stdin: Annotated[bool, typer.Option(help="read the password from stdin")] = False,
    save: Annotated[bool, typer.Option(help="keep the token for `jantaku play`")] = True,
) -> None:
    """Create an account (or a guest) and print its session token."""
    if guest:
        creds = _post(url, "/api/players", {"name": name})
    else:
        password = _password(password_stdin, confirm=not password_stdin)
        body = {"name": name, "password": password, "label": "cli"}
        creds = _post(url, "/api/accounts/register", body)
    _finish(url, creds, save)


def login(
    name: Annotated[str, typer.Option(help="your account's name")],
    url: URL = DEFAULT_URL,
    password_stdin: Annotated[bool, typer.Option(help="read the password from stdin")] = False,
    save: Annotated[bool, typer.Option(help="keep the token for `jantaku play`")] = True,
) -> None:
    """Open a new session on an account with a password and print its token."""
    password = _password(password_stdin, confirm=False)
    creds = _post(url, "/api/accounts/login", {"name": name, "password": password, "label": "cli"})
    _finish(url, creds, save)


def logout(url: URL = DEFAULT_URL) -> None:
    """End the saved session of this server and forget its token."""
    token = stored_token(url)
    if token is None:
        typer.echo(f"no saved token for {_key(url)}")
        raise typer.Exit(1)
    _post(url, "/api/accounts/logout", {}, token)
    data = _load()
    data.pop(_key(url), None)
    path = _tokens_file()
    path.write_text(json.dumps(data, indent=2))
    typer.echo("session ended")
