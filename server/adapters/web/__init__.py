"""The browser client (issue 10): static ES modules served by the server itself.

``mount(app)`` serves the page at ``/`` and its files under ``/web/``. The client speaks
only the public protocol (docs/protocol.md): REST under /api and the table WebSocket.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def mount(app: FastAPI) -> None:
    """Add the web client to ``app``: ``GET /`` (the page) and ``/web/*`` (its modules).
    Calling it again on the same app does nothing."""
    if any(getattr(r, "name", None) == "web" for r in app.routes):
        return

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    app.mount("/web", StaticFiles(directory=STATIC), name="web")
