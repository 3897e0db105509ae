"""Split a cProfile of the server (``bench/load.py --profile FILE``; the event-loop
thread's CPU time) into the costs of an action. Each function's own time goes to the
category of its file (or name); a built-in's own time goes, per caller, to its caller's
category. Per action: divide by the actions the bench printed.

    python bench/profile_split.py /tmp/server.prof 1658
"""

from __future__ import annotations

import pstats
import sys
from collections import Counter
from typing import Any

# (category, marks in "file:function"), first match wins
CATEGORIES: list[tuple[str, tuple[str, ...]]] = [
    (
        "database commit",
        ("server/adapters/sql/", "sqlalchemy/", "aiosqlite/", "greenlet", "sqlite3"),
    ),
    (
        "validation (incoming frames)",
        ("server/domain/protocol/parse.py", "server/adapters/ws/endpoint.py"),
    ),
    ("JSON encoding", ("json/", "orjson", ":dumps", "_to_json", "SchemaSerializer")),
    (
        "socket writes",
        (
            "websockets/",
            "uvicorn/protocols/websockets",
            "starlette/websockets",
            "connection.py",
            "server/adapters/ws/transport.py",
        ),
    ),
    ("engine step", ("engine/decide.py", "engine/evolve.py", "rulesets/", "engine/wall.py")),
    (
        "legal actions and prompts",
        (
            "engine/legal.py",
            "engine/wins.py",
            "engine/hand_keys.py",
            "engine/blocks.py",
            "engine/shapes.py",
            "prompt_frame",
            "state_frame",
            "Prompter.refresh",
            "send_prompt",
        ),
    ),
    ("redaction and views", ("engine/views.py",)),
    ("hand/match end frames", ("server/domain/records/", "hand_end_frame", "match_end_frame")),
    (
        "REST / HTTP stack",
        ("httptools", "h11", "fastapi/", "starlette/", "uvicorn/", "anyio/", "opentelemetry"),
    ),
    ("validation (incoming frames)", ("pydantic", "SchemaValidator")),
    ("engine step", ("engine/", "dataclasses.py", "enum.py")),  # state updates, claims
    ("actor and event loop", ("server/domain/tables/", "asyncio/", "uvloop", "contextlib.py")),
]
OTHER = "other"


def category(key: tuple[str, int, str]) -> str | None:
    file, _, name = key
    if file == "~":
        return None  # a built-in: charged to its callers
    where = f"{file}:{name}"
    return next((c for c, marks in CATEGORIES if any(m in where for m in marks)), OTHER)


def split(path: str) -> Counter[str]:
    stats: dict[Any, Any] = pstats.Stats(path).stats  # type: ignore[attr-defined]
    out: Counter[str] = Counter()
    for key, (_, _, tottime, _, callers) in stats.items():
        own = category(key)
        if own is not None:
            out[own] += tottime
            continue
        builtin = key[2]
        named = next((c for c, marks in CATEGORIES if any(m in builtin for m in marks)), None)
        if named is not None or not callers:
            out[named or OTHER] += tottime
            continue
        for caller, (_, _, tt, _) in callers.items():
            out[category(caller) or OTHER] += tt
    return out


def main() -> None:
    counts = split(sys.argv[1])
    actions = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    total = sum(counts.values()) or 1.0
    for name, t in counts.most_common():
        per = f"{1000 * t / actions:6.3f} ms/action" if actions else ""
        print(f"{name:32s} {t:7.2f} s {100 * t / total:5.1f} %  {per}")
    print(
        f"{'total':32s} {total:7.2f} s"
        + (f"        {1000 * total / actions:6.3f} ms/action" if actions else "")
    )


if __name__ == "__main__":
    main()
