"""A ruleset's catalogue and its vector files, as the kit reads them.

* ``RULESET.catalogue``: the patterns its scores can list, as a ``PatternSet``, a sequence
  of ``PatternDef`` or a sequence of both (a ruleset with yaku and dora lists each set);
  each entry's ``excludes`` are the "not counted with" rules of its default options.
* ``RULESET.unscorable``: optional, pattern id to the reason no scored hand can show it
  (a settlement-only pattern, one the ruleset's tile set cannot make).
* ``RULESET.vectors``: optional, where its vector files are: a folder or file (a path, or
  an ``importlib.resources`` traversable), or a sequence of them; a relative path is read
  from the folder of the ruleset's module, so ``vectors = "vectors"`` ships a package's
  own ``vectors/*.jsonl``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from engine.context import HandInput, InvalidInput, WinContext
from engine.ruleset import OptionsError, Ruleset, parse_options
from engine.scoring import PatternDef, PatternSet, Score, ScoreError


def catalogue_of(ruleset: Ruleset[Any]) -> tuple[PatternDef[Any], ...] | None:
    declared = getattr(ruleset, "catalogue", None)
    if declared is None:
        return None
    parts = [declared] if isinstance(declared, PatternSet | PatternDef) else list(declared)
    out: list[PatternDef[Any]] = []
    for part in parts:
        if isinstance(part, PatternSet):
            out.extend(part.defs)
        elif isinstance(part, PatternDef):
            out.append(part)
        else:
            raise TypeError(f"catalogue holds a {type(part).__name__}")
    return tuple(out)


def unscorable_of(ruleset: Ruleset[Any]) -> Mapping[str, str]:
    declared = getattr(ruleset, "unscorable", None)
    return dict(declared) if isinstance(declared, Mapping) else {}


def declared_vectors(ruleset: Ruleset[Any]) -> list[Traversable] | None:
    declared = getattr(ruleset, "vectors", None)
    if declared is None:
        return None
    items = [declared] if isinstance(declared, str | Path | Traversable) else list(declared)
    module = sys.modules.get(type(ruleset).__module__)
    base = Path(module.__file__).parent if module and module.__file__ else Path.cwd()
    out: list[Traversable] = []
    for item in items:
        if isinstance(item, str):
            item = Path(item)
        if isinstance(item, Path) and not item.is_absolute():
            item = base / item
        out.append(item)
    return out


def find_vectors(ruleset: Ruleset[Any], given: list[Path] | None) -> tuple[list[Traversable], str]:
    """The vector sources and how they were found: given (``--vectors``), declared
    (``RULESET.vectors``), or the project layout ``tests/vectors/<id>/`` under the
    current folder."""
    if given:
        return list(given), "given"
    declared = declared_vectors(ruleset)
    if declared is not None:
        return declared, "RULESET.vectors"
    fallback = Path.cwd() / "tests" / "vectors" / ruleset.id
    if fallback.is_dir():
        return [fallback], f"tests/vectors/{ruleset.id}"
    return [], "none found"


def _files(source: Traversable) -> Iterator[Traversable]:
    if source.is_dir():
        yield from sorted(
            (f for f in source.iterdir() if f.name.endswith(".jsonl")), key=lambda f: f.name
        )
    elif source.is_file():
        yield source


@dataclass(frozen=True, slots=True)
class Vector:
    where: str  # file:line
    obj: dict[str, Any]

    @property
    def is_hand(self) -> bool:
        return "concealed" in self.obj and "win_tile" in self.obj

    @property
    def default_options(self) -> bool:
        return not self.obj.get("options")


class VectorError(ValueError):
    pass


def read_vectors(sources: list[Traversable]) -> tuple[list[Vector], list[str]]:
    """Every line of every source (``file:line``, object), and the problems reading them."""
    out: list[Vector] = []
    problems: list[str] = []
    for source in sources:
        if not (source.is_dir() or source.is_file()):
            problems.append(f"{source}: no such file or folder")
            continue
        for f in _files(source):
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                where = f"{f.name}:{n}"
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError as exc:
                    problems.append(f"{where}: not JSON ({exc.msg})")
                    continue
                if not isinstance(obj, dict):
                    problems.append(f"{where}: not a JSON object")
                    continue
                out.append(Vector(where, obj))
    return out, problems


HAND_KEYS = frozenset(HandInput.model_fields)


def score_vector(ruleset: Ruleset[Any], vector: Vector) -> Score:
    """Score a hand vector exactly as ``jantaku score`` would: its hand-jsonl keys through
    ``WinContext.from_json``, ``extra`` as ``WinContext.extra`` (facts a table gives),
    the rest (``options``, ``expected``, ``source``, anything of the plugin's own) set
    aside. Raises ``VectorError`` for options the model refuses."""
    try:
        options = parse_options(ruleset, vector.obj.get("options"))
    except OptionsError as exc:
        raise VectorError(f"options refused: {exc}") from None
    hand = {k: v for k, v in vector.obj.items() if k in HAND_KEYS and k != "id"}
    try:
        win = WinContext.from_json(hand)
    except InvalidInput as exc:
        return Score.failure(ruleset.id, ScoreError.INVALID_INPUT, str(exc))
    extra = vector.obj.get("extra")
    if isinstance(extra, dict):  # facts the table gives (WinContext.extra)
        win = replace(win, extra=extra)
    return ruleset.score(win, options)


def expectation_problems(expected: Mapping[str, Any], score: Score) -> list[str]:
    """How a score differs from a vector's ``expected``: ``ok``, ``error``, ``total``,
    ``legal``, ``patterns`` (id to count, all of them) and ``message`` (a part of it);
    other keys are the plugin's own and left to its tests."""
    got = score.to_json()
    out: list[str] = []
    for key in ("ok", "error", "total", "legal"):
        if key in expected and got.get(key) != expected[key]:
            out.append(f"{key} {got.get(key)!r}, expected {expected[key]!r}")
    if "patterns" in expected:
        want = expected["patterns"]
        have: dict[str, int] = {}
        for p in score.patterns:
            have[p.id] = have.get(p.id, 0) + p.count
        if isinstance(want, dict) and have != want:
            out.append(f"patterns {have}, expected {want}")
        elif isinstance(want, list) and sorted(have) != sorted(want):
            out.append(f"patterns {sorted(have)}, expected {sorted(want)}")
    message = expected.get("message")
    if isinstance(message, str) and message not in score.message:
        out.append(f"message {score.message!r} does not contain {message!r}")
    return out
