"""A module's source at an older commit, loaded from git as a module of its own, for the
scripts that compare a replaced pass with its replacement."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_at(spec: str, name: str) -> types.ModuleType:
    """``spec`` is ``commit:path`` (as ``git show`` takes it); the module is registered
    under ``name`` in ``sys.modules``, where dataclasses look their module up."""
    source = subprocess.run(
        ["git", "show", spec], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    module = types.ModuleType(name)
    sys.modules[name] = module
    exec(compile(source, spec, "exec"), module.__dict__)
    return module
