"""Export the JSON Schema of every protocol message to docs/schemas/.

``python -m server.domain.protocol.schemas [dir]`` rewrites the files;
tests/server/adapters/ws/test_schemas.py fails when they are out of date."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from server.domain.protocol.messages import ALL_MESSAGES, PROTOCOL_VERSION

DEFAULT_DIR = Path(__file__).resolve().parents[3] / "docs" / "schemas"


def schemas() -> dict[str, dict[str, Any]]:
    """File name → schema, one per message plus an index."""
    out: dict[str, dict[str, Any]] = {}
    for name, model in ALL_MESSAGES.items():
        schema = model.model_json_schema()
        schema["$id"] = f"jantaku/v{PROTOCOL_VERSION}/{name}.json"
        out[f"{name}.json"] = schema
    out["index.json"] = {
        "protocol": PROTOCOL_VERSION,
        "client_to_server": sorted(n for n in ALL_MESSAGES if n.startswith("client.")),
        "server_to_client": sorted(n for n in ALL_MESSAGES if n.startswith("server.")),
    }
    return out


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def export(directory: Path = DEFAULT_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = directory / name
        path.write_text(render(schema))
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR
    for p in export(target):
        print(p)
