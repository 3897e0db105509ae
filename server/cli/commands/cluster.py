"""``jantaku cluster list|drain``: a cluster's instances as the administrator sees them,
and draining one for a rolling restart (docs/cluster.md), through the REST API of any
instance (``GET /api/admin/cluster``, ``POST /api/admin/cluster/instances/{id}/drain``).

The admin token (the server's ``JANTAKU_ADMIN_TOKEN``, or the token of an account with
the ``admin`` role) comes from the environment variable ``JANTAKU_ADMIN_TOKEN`` or is
prompted for without echo; it is never a command-line argument, which shell histories and
process lists would keep."""

from __future__ import annotations

import json
import os
import time
from typing import Annotated, Any

import typer

from server.cli.commands.account import DEFAULT_URL, api

cluster = typer.Typer(
    name="cluster",
    help="A cluster's instances (list, drain) through any instance's admin API.",
    no_args_is_help=True,
)

TOKEN_ENV = "JANTAKU_ADMIN_TOKEN"
Url = Annotated[str, typer.Option("--url", help="any instance's base URL")]
AsJson = Annotated[bool, typer.Option("--json", help="print the API's JSON answer")]


def admin_token() -> str:
    """The admin token: ``JANTAKU_ADMIN_TOKEN``, else asked for (not echoed)."""
    given = os.environ.get(TOKEN_ENV, "").strip()
    if given:
        return given
    typed: str = typer.prompt("Admin token", hide_input=True)
    return typed.strip()


def _call(method: str, url: str, path: str, timeout: float = 30.0) -> dict[str, Any]:
    return api(method, url, path, token=admin_token(), timeout=timeout)


@cluster.command("list")
def list_instances(url: Url = DEFAULT_URL, as_json: AsJson = False) -> None:
    """The live instances: address, live tables, connections, draining, last heartbeat."""
    data = _call("GET", url, "/api/admin/cluster")
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    if not data.get("clustered"):
        typer.echo("not clustered: this server runs alone (no JANTAKU_REDIS_URL)")
    now = time.time()
    rows = [("instance", "url", "tables", "connections", "draining", "beat")]
    for i in data.get("instances", []):
        beat = f"{max(now - float(i.get('beat') or now), 0.0):.1f} s ago"
        here = " *" if i["id"] == data.get("instance") else ""
        rows.append(
            (
                f"{i['id']}{here}",
                str(i.get("url") or "-"),
                str(i.get("tables", 0)),
                str(i.get("connections", 0)),
                "yes" if i.get("draining") else "no",
                beat,
            )
        )
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    for row in rows:
        typer.echo("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())


@cluster.command()
def drain(
    instance: Annotated[str, typer.Argument(help="the instance's id, as `cluster list` shows it")],
    url: Url = DEFAULT_URL,
    as_json: AsJson = False,
) -> None:
    """Drain INSTANCE: its tables move to the others between two actions; then it exits."""
    data = _call("POST", url, f"/api/admin/cluster/instances/{instance}/drain", timeout=120.0)
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    moved: dict[str, str] = data.get("moved") or {}
    typer.echo(f"{data.get('instance', instance)}: {len(moved)} table(s) handed over")
    for table_id, target in sorted(moved.items()):
        typer.echo(f"  {table_id} -> {target}")
    if data.get("exiting"):
        typer.echo("it exits now")
