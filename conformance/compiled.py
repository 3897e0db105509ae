"""Compiled and pure paths score alike: where the ruleset (or the engine under it) runs
as compiled extension modules, the same seeded hands are scored by a fresh interpreter
importing them as usual and by one importing only their Python sources."""

from __future__ import annotations

import importlib.machinery
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from conformance.context import Context
from conformance.load import LoadError, entry_point_of
from conformance.report import Failure, Skip

# argv: entry (module:ATTR), mode (default | pure), seed, hands, roots (JSON list of
# [folder, [top-level packages]] whose modules load from source in "pure" mode)
_PROBE = """
import importlib, importlib.machinery as machinery, json, sys
from pathlib import Path
entry, mode, seed, count, roots = sys.argv[1:6]
roots = [(Path(folder), set(tops)) for folder, tops in json.loads(roots)]
if mode == "pure":
    source_only = machinery.FileFinder.path_hook(
        (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES)
    )
    def hook(path):
        p = Path(path or ".").resolve()
        for root, tops in roots:
            if p == root or (root in p.parents and p.relative_to(root).parts[0] in tops):
                return source_only(path)
        raise ImportError(path)
    sys.path_hooks.insert(0, hook)
    sys.path_importer_cache.clear()
module, _, attr = entry.partition(":")
ruleset = getattr(importlib.import_module(module), attr or "RULESET")
from conformance.compiled import extension_modules
from conformance.hands import HandMaker
from conformance.scoring import kinds_of
from engine.ruleset import parse_options
tops = sorted({t for _, ts in roots for t in ts})
print(json.dumps(extension_modules(tops)))
options = parse_options(ruleset, {})
maker = HandMaker(seed, ruleset.hand_tiles(options), kinds_of(ruleset))
for hand in maker.hands(int(count)):
    try:
        out = ruleset.score(hand.win, options).to_json()
    except Exception as exc:
        out = {"raised": type(exc).__name__}
    print(json.dumps(out, sort_keys=True, default=str))
"""


def extension_modules(tops: list[str]) -> list[str]:
    """The loaded modules of these top-level packages that are compiled extensions."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in tops and str(getattr(module, "__file__", "")).endswith(suffixes)
    )


def _roots(entry: str) -> list[tuple[str, list[str]]]:
    """The folders holding the ruleset's top-level package and the engine's."""
    out: dict[str, set[str]] = {}
    for top in {entry.split(":")[0].split(".")[0], "engine"}:
        module = sys.modules.get(top) or __import__(top)
        paths = list(getattr(module, "__path__", [])) or [str(Path(str(module.__file__)))]
        folder = str(Path(paths[0]).resolve().parent)
        out.setdefault(folder, set()).add(top)
    return [(folder, sorted(tops)) for folder, tops in out.items()]


def _probe(entry: str, mode: str, seed: str, hands: int) -> tuple[list[str], list[str]]:
    roots = _roots(entry)
    kit_root = str(Path(__file__).resolve().parents[1])
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, entry, mode, seed, str(hands), json.dumps(roots)],
        capture_output=True,
        text=True,
        env=_env(kit_root),
        check=False,
    )
    if run.returncode != 0:
        raise RuntimeError(f"the {mode} probe failed: {run.stderr.strip().splitlines()[-1:]}")
    lines = run.stdout.splitlines()
    return json.loads(lines[0]), lines[1:]


def _env(kit_root: str) -> dict[str, str]:
    import os

    env = dict(os.environ)
    paths = [p for p in sys.path if p] + [kit_root]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def compiled_and_pure(ctx: Context) -> Iterator[Failure]:
    try:
        entry = entry_point_of(ctx.ruleset)
    except LoadError as exc:
        raise Skip(str(exc)) from None
    seed = f"{ctx.seed}/compiled"
    n = ctx.size.compiled_hands
    tops = sorted({t for _, ts in _roots(entry) for t in ts})
    nothing = f"nothing compiled: no extension module loaded from {', '.join(tops)}"
    if not extension_modules(tops):  # as loaded here, so in a fresh interpreter
        raise Skip(nothing)
    compiled, fast = _probe(entry, "default", seed, n)
    if not compiled:
        raise Skip(nothing)
    pure_modules, pure = _probe(entry, "pure", seed, n)
    if pure_modules:
        yield Failure(f"the pure probe still loaded {pure_modules}", entry)
        return
    for i, (a, b) in enumerate(zip(fast, pure, strict=True)):
        if a != b:
            yield Failure(
                f"hand {i} of seed '{seed}': compiled {a} but pure Python {b}",
                ", ".join(compiled),
                "rebuild the extensions (pip install -e .) or fix code that differs when "
                "compiled (int sizes, dict order, mutable defaults)",
            )
            return
