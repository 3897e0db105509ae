"""Session checks shared by the whole suite."""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]

# The suite runs its servers in threads of its own process (tests/server/conftest.running),
# so a server's collector pacing (server/domain/tables/gc_pacing.py) would freeze and collect the
# test runner's whole heap, several servers' pacers at once, and its full collections of
# that heap stop every server and client thread together: timing tests then see the pause.
# A real server owns its process; here the collector keeps CPython's own schedule.
# tests/server/domain/tables/test_gc_pacing.py tests the pacer itself and the default.
os.environ.setdefault("JANTAKU_GC_FREEZE_SECONDS", "0")

# CI (CI=true) runs every property test on the same examples each time, so a landing is
# judged on the code, not on which random examples a run happened to draw; a developer's
# run (the default profile) keeps exploring new ones.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


def compiled_sources() -> list[Path]:
    """The modules setup.py compiles when it can (pyproject.toml ``[tool.jantaku]``)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return [ROOT / p for p in config["tool"]["jantaku"]["compiled"]]


def extension_of(source: Path) -> Path | None:
    """The compiled extension that shadows ``source`` on import, if one was built."""
    found = sorted(source.parent.glob(f"{source.stem}.*.so"))
    return found[0] if found else None


def pytest_sessionstart(session: pytest.Session) -> None:
    # A compiled module is imported instead of its source: testing an edited source
    # against an old extension would test the old code. setup.py records the sources it
    # compiled.
    record = ROOT / ".compiled-sources.json"
    built = json.loads(record.read_text()) if record.exists() else {}
    stale = [
        name
        for src in compiled_sources()
        if extension_of(src) is not None
        and built.get(name := str(src.relative_to(ROOT)))
        != hashlib.sha256(src.read_bytes()).hexdigest()
    ]
    if stale:
        raise pytest.UsageError(
            f"compiled extensions do not match their sources: {', '.join(stale)}; "
            "rebuild with `pip install -e .` (or `JANTAKU_PURE=1 pip install -e .` to "
            "remove them and run pure Python)"
        )
