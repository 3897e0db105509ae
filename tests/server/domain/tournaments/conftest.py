"""What the tournament tests share: a live server on SQLite whose absent players get a
stand-in after 0.2 s (module-scoped; the flow tests run their own on both databases)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LiveServer, running, suite_settings


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    tmp: Path = tmp_path_factory.mktemp("tournaments")
    with running(suite_settings(tmp, absent_grace=0.2)) as server:
        yield server


def ok(r: Any, status: int = 200) -> Any:
    """The JSON body of a response that must have ``status``."""
    assert r.status_code == status, r.text
    return r.json()
