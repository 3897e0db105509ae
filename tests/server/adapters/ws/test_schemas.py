"""The exported JSON Schemas in docs/schemas/ match the message models."""

from __future__ import annotations

from server.domain.protocol.messages import SERVER_ADAPTER, ErrorMsg
from server.domain.protocol.schemas import DEFAULT_DIR, render, schemas


def test_exported_schemas_are_current() -> None:
    expected = schemas()
    on_disk = {p.name for p in DEFAULT_DIR.glob("*.json")}
    assert on_disk == set(expected), "run: python -m server.domain.protocol.schemas"
    for name, schema in expected.items():
        assert (DEFAULT_DIR / name).read_text() == render(schema), (
            f"docs/schemas/{name} is stale; run: python -m server.domain.protocol.schemas"
        )


def test_server_messages_parse_by_type() -> None:
    msg = SERVER_ADAPTER.validate_python({"type": "error", "code": "x", "message": "y"})
    assert isinstance(msg, ErrorMsg) and msg.ref is None
