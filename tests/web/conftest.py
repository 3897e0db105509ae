"""End-to-end fixtures for the browser client: the server (create_app + server.adapters.web.mount)
on a free port with untimed bots, and Debian's Chromium driven by Playwright.

Reuses the server tests' helpers (free port, LiveServer, admin token); never downloads a
browser: it is /usr/bin/chromium or the tests skip, saying so."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from server.adapters.web import mount
from server.app import create_app
from server.config import Settings
from tests.server.conftest import ADMIN_TOKEN, LiveServer, free_port

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "web"

if not os.path.exists(CHROMIUM):
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp = tmp_path_factory.mktemp("jantaku-web")
    settings = Settings(
        admin_token=ADMIN_TOKEN,
        admin_token_file=tmp / "admin.sha256",
        bot_delay=0,
        move_time=0,
        claim_time=0,
        time_bank=0,
        database_url=f"sqlite+aiosqlite:///{tmp / 'jantaku.db'}",
    )
    app = create_app(settings)
    mount(app)  # create_app may mount it already (server.app.mount_web): then a no-op
    port = free_port()
    srv = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_max_size=1 << 20)
    )
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        if time.monotonic() > deadline:
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    yield LiveServer(f"http://127.0.0.1:{port}", settings)
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    # Package scope: Playwright's sync API keeps an event loop running in this thread while
    # it is open, and asyncio.run() in tests collected after these would refuse to start.
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def new_page(browser: Any, web: LiveServer) -> Iterator[Any]:
    """A factory of pages, each in its own browser context (own localStorage); page errors
    fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 900) -> Any:
        size = {"width": width, "height": height}
        ctx = browser.new_context(viewport=size, base_url=web.base_url)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15_000)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"errors in the page: {errors}"
