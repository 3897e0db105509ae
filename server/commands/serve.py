"""``jantaku serve``: the HTTP/WebSocket server on the embedded default storage."""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    host: Annotated[str | None, typer.Option(help="interface (JANTAKU_HOST)")] = None,
    port: Annotated[int | None, typer.Option(help="TCP port (JANTAKU_PORT)")] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level")] = "info",
) -> None:
    """Run the Jantaku server (REST at /api, WebSocket at /ws, OpenAPI at /docs)."""
    import uvicorn

    from server.app import create_app
    from server.config import Settings

    overrides: dict[str, object] = {}
    if host is not None:
        overrides["host"] = host
    if port is not None:
        overrides["port"] = port
    settings = Settings(**overrides)  # type: ignore[arg-type]
    app = create_app(settings)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
        ws_max_size=1 << 20,
    )
