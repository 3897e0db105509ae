"""Build hook: compile the scoring hot path with mypyc when it can.

The modules listed under ``[tool.jantaku] compiled`` in pyproject.toml are the same typed
sources (``mypy --strict`` clean) turned into C extensions, which sit beside the ``.py``
files and take precedence on import. Without a C compiler or mypyc, or with
``JANTAKU_PURE=1``, the package installs as plain Python and behaves the same, only slower
(docs/performance.md). After editing a compiled module, reinstall (``pip install -e .``)
so its extension is rebuilt: the test suite refuses to run against a stale one.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent
COMPILED: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["jantaku"][
    "compiled"
]


def _remove_stale_extensions(keep: list[str]) -> None:
    """Delete extensions an earlier build left beside sources that are not compiled now
    (they would shadow the ``.py`` files)."""
    kept = {(ROOT / source).with_suffix("") for source in keep}
    for package in ("engine", "rulesets", "server"):
        for ext in (ROOT / package).rglob("*.so"):
            if ext.parent / ext.name.split(".")[0] not in kept:
                ext.unlink()
    if not keep:
        for shared in ROOT.glob("*__mypyc.*.so"):
            shared.unlink()


def _extensions() -> list[Any]:
    if os.environ.get("JANTAKU_PURE") == "1":
        _remove_stale_extensions(keep=[])
        return []
    try:
        from mypyc.build import mypycify

        extensions = mypycify(COMPILED, opt_level="3")
    except (Exception, SystemExit) as exc:  # no mypyc, or it refused: stay pure Python
        print(f"jantaku: installing pure Python ({exc!r})")
        _remove_stale_extensions(keep=[])
        return []
    _remove_stale_extensions(keep=COMPILED)
    # What was compiled, so the tests can tell an extension from an edited source.
    (ROOT / ".compiled-sources.json").write_text(
        json.dumps({s: hashlib.sha256((ROOT / s).read_bytes()).hexdigest() for s in COMPILED})
    )
    for ext in extensions:
        ext.optional = True  # a failed C compile leaves the pure-Python module in use
    return list(extensions)


setup(ext_modules=_extensions())
