"""The mypyc build (setup.py) is in use where required, and scores exactly as the
pure-Python sources do."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

from tests.conftest import ROOT, compiled_sources, extension_of

# Prints, one JSON line per hand, MCR scores of generated hands with the engine's shape
# answers on their concealed parts, then riichi scores of generated hands. With "pure",
# project modules load from their .py sources even where an extension sits beside them.
_PROBE = """
import importlib.machinery as machinery, json, sys
from pathlib import Path
root = Path(sys.argv[1])
PROJECT = ("engine", "rulesets", "tests")
if sys.argv[2] == "pure":
    source_only = machinery.FileFinder.path_hook(
        (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES)
    )
    def hook(path):
        p = Path(path or ".").resolve()
        # the project's own folders only (a virtualenv may sit inside the checkout)
        if p == root or (root in p.parents and p.relative_to(root).parts[0] in PROJECT):
            return source_only(path)
        raise ImportError(path)
    sys.path_hooks.insert(0, hook)
    sys.path_importer_cache.clear()
sys.path.insert(0, str(root))
from engine.blocks import decompose
from engine.shapes import shanten, waits
from engine.tiles import counts_of, kind_of
from rulesets.mcr import RULESET, Options
from rulesets.riichi import RULESET as RIICHI
from rulesets.riichi.options import RiichiOptions
from tests.rulesets.mcr.generator import generate
from tests.rulesets.riichi.hand_generator import HandGenerator
compiled = [m for m in ("engine.shapes", "rulesets.mcr.scorer", "rulesets.riichi.scorer")
            if sys.modules[m].__file__.endswith(".so")]
print(json.dumps(compiled))
options = Options()
for hand in generate("compiled-vs-pure", int(sys.argv[3])):
    before = counts_of(hand.concealed)
    after = list(before)
    after[kind_of(hand.win_tile)] += 1
    n_melds = len(hand.melds)
    row = {
        "score": RULESET.score(hand, options).to_json(),
        "waits": sorted(waits(before, n_melds)),
        "shanten": shanten(before, n_melds),
        "divisions": [[[b.kind, b.tile] for b in sets] + [pair]
                      for sets, pair in decompose(after, 4 - n_melds)],
    }
    print(json.dumps(row, sort_keys=True))
riichi = RiichiOptions()
for hand in HandGenerator(b"compiled-vs-pure").hands(int(sys.argv[3])):
    print(json.dumps(RIICHI.score(hand, riichi).to_json(), sort_keys=True))
"""


def _probe(mode: str, hands: int) -> tuple[list[str], list[str]]:
    out = subprocess.run(
        [sys.executable, "-c", _PROBE, str(ROOT), mode, str(hands)],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout.splitlines()
    return json.loads(out[0]), out[1:]


def _has_extension(module: str) -> bool:
    return extension_of(ROOT / (module.replace(".", "/") + ".py")) is not None


def test_compiled_build_is_in_use_where_required() -> None:
    built = [src for src in compiled_sources() if extension_of(src) is not None]
    if os.environ.get("JANTAKU_REQUIRE_COMPILED") == "1":  # .ci/run
        assert built == compiled_sources(), "setup.py did not compile every listed module"
    for src in built:
        name = ".".join(src.relative_to(ROOT).with_suffix("").parts)
        assert str(importlib.import_module(name).__file__).endswith(".so")


def test_compiled_and_pure_python_agree() -> None:
    compiled_modules, compiled = _probe("default", 3000)
    pure_modules, pure = _probe("pure", 3000)
    assert pure_modules == []
    expected = ["engine.shapes", "rulesets.mcr.scorer", "rulesets.riichi.scorer"]
    built = {".".join(s.relative_to(ROOT).with_suffix("").parts) for s in compiled_sources()}
    assert compiled_modules == [m for m in expected if m in built and _has_extension(m)]
    assert len(compiled) == len(pure) == 6000
    for i, (a, b) in enumerate(zip(compiled, pure, strict=True)):
        assert a == b, f"hand {i}: compiled {a} != pure {b}"
