"""The OpenAPI document is a contract: docs/openapi.json holds it as published, and the
app's own document must equal it, so that a change of code layout (or anything else) never
changes a path, a status or a model unnoticed. After a deliberate API change, rewrite the
file with ``JANTAKU_WRITE_OPENAPI=1 pytest tests/server/adapters/rest/test_openapi_document.py``
and say why in the commit."""

from __future__ import annotations

import json
import os
from pathlib import Path

from server.app import create_app
from server.config import Settings

PUBLISHED = Path(__file__).resolve().parents[4] / "docs" / "openapi.json"


def document(tmp_path: Path) -> str:
    app = create_app(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'j.db'}"))
    return json.dumps(app.openapi(), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def test_the_document_is_the_published_one(tmp_path: Path) -> None:
    now = document(tmp_path)
    if os.environ.get("JANTAKU_WRITE_OPENAPI") == "1":
        PUBLISHED.write_text(now, encoding="utf-8")
    assert now == PUBLISHED.read_text(encoding="utf-8"), (
        "the OpenAPI document changed; if on purpose, rewrite docs/openapi.json (see above)"
    )
