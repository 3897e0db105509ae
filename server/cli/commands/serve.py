"""``jantaku serve``: the HTTP/WebSocket server on its database (SQLite by default)."""

from __future__ import annotations

import asyncio
import copy
from typing import Annotated, Any

import typer


def stack_options() -> dict[str, Any]:
    """uvicorn's event loop and HTTP parser for ``jantaku serve``: ``auto`` takes uvloop and
    httptools (both come with ``uvicorn[standard]``) and falls back to asyncio and h11
    where they are missing; measured against the others in docs/performance.md ("The ASGI
    stack")."""
    return {"loop": "auto", "http": "auto"}


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration with the secret filter on each of its
    handlers (server.domain.logscrub)."""
    from uvicorn.config import LOGGING_CONFIG

    from server.domain.logscrub import RedactSecrets

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_secrets"] = {"()": RedactSecrets}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_secrets")
    return config


def serve(
    host: Annotated[str | None, typer.Option(help="interface (JANTAKU_HOST)")] = None,
    port: Annotated[int | None, typer.Option(help="TCP port (JANTAKU_PORT)")] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
    database_url: Annotated[
        str | None, typer.Option(help="database URL (JANTAKU_DATABASE_URL)")
    ] = None,
) -> None:
    """Run the Jantaku server (REST at /api, WebSocket at /ws, OpenAPI at /docs) on its
    database (migrated at start; unfinished tables resume where they stopped)."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from server.adapters.sql import migrate
    from server.adapters.sql.engine import async_url
    from server.adapters.ws.transport import uvicorn_options
    from server.app import create_app
    from server.config import Settings

    overrides: dict[str, object] = {}
    if host is not None:
        overrides["host"] = host
    if port is not None:
        overrides["port"] = port
    if database_url is not None:
        overrides["database_url"] = database_url
    settings = Settings(**overrides)  # type: ignore[arg-type]
    # Migrate before serving, so that an unreachable or broken database is one clear line
    # and exit status 1 rather than a failed start-up inside uvicorn.
    try:
        asyncio.run(migrate.upgrade(settings.database_url))
    except Exception as exc:
        where = make_url(async_url(settings.database_url)).render_as_string(hide_password=True)
        typer.echo(
            f"error: cannot open the database {where}: {type(exc).__name__}: {exc}", err=True
        )
        raise typer.Exit(1) from None
    from server.domain.registry import RulesetConflict

    try:
        app = create_app(settings)
    except RulesetConflict as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from None
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        **uvicorn_options(settings),
        **stack_options(),
        log_config=uvicorn_log_config(),
    )
