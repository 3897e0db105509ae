"""Split a py-spy profile of the server (``bench/load.py --spy FILE``: collapsed stacks,
samples of the thread holding the GIL) into the costs of an action.

Each sample goes to the category of the innermost frame of its stack that names one
(so ``orjson.dumps`` called by the frame builder is JSON encoding, the frame builder's
own lines are prompts or events); a stack that names none is the event loop's. The
shares are of the GIL-holding samples, which on a loaded machine also count the time the
holder waited for a core: read them as shares, and per action as the share of the
unprofiled CPU per action the same run printed.

    python bench/spy_split.py /tmp/spy.txt [--cpu-ms 1.1] [--top 30]
"""

from __future__ import annotations

import argparse
from collections import Counter

# (category, marks in "function (file:line)"), tried in this order on each frame
CATEGORIES: list[tuple[str, tuple[str, ...]]] = [
    ("matchmaker (idle poll)", ("server/domain/matchmaking/",)),
    (
        "database commit",
        (
            "server/adapters/sql/",
            "server/adapters/memory/",
            "sqlalchemy/",
            "aiosqlite/",
            "greenlet",
        ),
    ),
    (
        "JSON encoding",
        ("view_to_json", "event_to_json", "action_to_json", "dumps (", "TypeAdapter.dump"),
    ),
    (
        "validation (incoming frames)",
        ("server/domain/protocol/parse.py", "server/adapters/ws/endpoint.py", "pydantic/"),
    ),
    ("redaction and views", ("engine/views.py", "redact (")),
    (
        "legal actions and prompts",
        (
            "engine/legal.py",
            "engine/wins.py",
            "engine/hand_keys.py",
            "engine/claims.py",
            "offered_frames",
            "prompt_frame",
            "state_frame",
            "Prompter.refresh",
            "send_prompt",
            "Broadcaster.offer",
        ),
    ),
    ("hand/match end frames", ("server/domain/records/", "hand_end_frame", "match_end_frame")),
    ("events to frames", ("event_frames", "Broadcaster.frames", "Broadcaster.broadcast")),
    ("engine step", ("engine/", "rulesets/", "dataclasses.py", "enum.py", "<string>")),
    (
        "socket writes",
        (
            "Connection.writer",
            "server/adapters/ws/transport.py:6",
            "websockets/",
            "uvicorn/protocols/websockets",
        ),
    ),
    (
        "HTTP stack and WebSocket accept",
        (
            "fastapi/",
            "starlette/",
            "uvicorn/",
            "h11",
            "httptools",
            "server/adapters/rest/",
            "anyio/",
        ),
    ),
]
LOOP = "actor, asyncio and event loop"


def category(stack: list[str]) -> str:
    for frame in reversed(stack):
        if "Runner.run (asyncio/runners.py" in frame:
            break  # below it: the process's start (uvicorn.run), not work
        for name, marks in CATEGORIES:
            if any(m in frame for m in marks):
                return name
    return LOOP


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--cpu-ms", type=float, default=0.0, help="unprofiled CPU per action")
    parser.add_argument("--top", type=int, default=0, help="also the top own-time frames")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    own: Counter[tuple[str, str]] = Counter()
    with open(args.path) as f:
        for line in f:
            stack_text, _, count = line.rstrip("\n").rpartition(" ")
            stack = stack_text.split(";")
            kind = category(stack)
            counts[kind] += int(count)
            own[kind, stack[-1]] += int(count)
    total = sum(counts.values()) or 1
    for name, n in counts.most_common():
        share = n / total
        per = f"  {share * args.cpu_ms:5.3f} ms/action" if args.cpu_ms else ""
        print(f"{name:34s} {n:7d} {100 * share:5.1f} %{per}")
    print(f"{'total':34s} {total:7d} samples")
    for name, _ in counts.most_common():
        mine = [(frame, n) for (kind, frame), n in own.items() if kind == name]
        if args.top and mine:
            print(f"-- {name}: the top frames of their own")
        for frame, n in sorted(mine, key=lambda x: -x[1])[: args.top]:
            print(f"{100 * n / total:5.1f} % {frame}")


if __name__ == "__main__":
    main()
