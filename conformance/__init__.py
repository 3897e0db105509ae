"""The conformance kit: checks any ruleset plugin against the contract (engine.ruleset)
and says what fails in words its author can act on (docs/plugins.md, "The conformance
kit").

    from conformance import check_ruleset
    report = check_ruleset("my_plugin:RULESET", size="quick")
    assert report.ok, report.text()

The command line runs the same: ``jantaku ruleset check my_plugin``; the pytest plugin
(``pytest --jantaku-ruleset=my_plugin``, or the ``jantaku_conformance`` fixture) too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from conformance import compiled, contract, records, scoring, table
from conformance.catalogue import find_vectors
from conformance.context import SIZES, Context, Size
from conformance.load import LoadError, load_target
from conformance.report import CheckResult, Failure, Report, Skip
from engine.ruleset import Ruleset

__all__ = [
    "CHECKS",
    "SIZES",
    "Check",
    "CheckResult",
    "Failure",
    "LoadError",
    "Report",
    "Size",
    "check_ruleset",
    "load_target",
]


@dataclass(frozen=True, slots=True)
class Check:
    name: str
    title: str
    run: Callable[[Context], Iterator[Failure]]


CHECKS: tuple[Check, ...] = (
    Check("contract.identity", "id, version, names in en/zh/ja, hand size", contract.identity),
    Check(
        "contract.options_model",
        "options: a frozen, typed model with defaults",
        contract.options_model,
    ),
    Check(
        "contract.option_texts",
        "every option titled and described in en/zh/ja",
        contract.option_texts,
    ),
    Check("contract.presets", "every preset resolves, plays, and is titled", contract.presets),
    Check(
        "contract.unknown_options",
        "unknown and mistyped options refused by name",
        contract.unknown_options,
    ),
    Check(
        "scoring.catalogue",
        "a declared catalogue: ids, names, exclusions as data",
        scoring.catalogue,
    ),
    Check("scoring.vectors", "the plugin's vectors score as they expect", scoring.vectors),
    Check("scoring.coverage", "every catalogue entry scored by some vector", scoring.coverage),
    Check(
        "scoring.exclusions", "no score lists a pattern with one it excludes", scoring.exclusions
    ),
    Check("scoring.fuzz", "random and impossible hands: no crash, invalid_input", scoring.fuzz),
    Check(
        "scoring.tile_order", "the score does not depend on tile or meld order", scoring.tile_order
    ),
    Check(
        "scoring.compiled",
        "compiled and pure-Python modules score alike",
        compiled.compiled_and_pure,
    ),
    Check("table.tiles", "self-play: every tile accounted for", table.tiles),
    Check("table.scores", "self-play: scores plus the pot conserved", table.scores),
    Check("table.views", "self-play: no view or event shows a hidden tile", table.views),
    Check("table.settlement", "self-play: valid payments; a win is paid", table.settlement),
    Check("table.replay", "self-play: events replay to the same states", table.replays),
    Check("table.ends", "self-play: every match ends without an error", table.ends),
    Check("records.sheet", "a played match's scoresheet totals equal its standings", records.sheet),
)


def check_ruleset(
    target: str | Ruleset[Any],
    *,
    size: str | Size = "full",
    vectors: Sequence[Path] | None = None,
    seed: str = "jantaku-kit",
    only: Iterable[str] = (),
    progress: Callable[[CheckResult], None] | None = None,
) -> Report:
    """Run the checks (all, or those whose name starts with one of ``only``) on the
    ruleset ``target`` names (``conformance.load``). Raises ``LoadError`` for a target
    that is no ruleset; everything else the plugin does wrong is in the report."""
    ruleset = load_target(target)
    sources, found = find_vectors(ruleset, list(vectors) if vectors else None)
    ctx = Context(
        ruleset=ruleset,
        size=SIZES[size] if isinstance(size, str) else size,
        seed=seed,
        vectors=sources,
        vectors_from=found,
    )
    prefixes = tuple(only)
    report = Report(ruleset.id)
    for check in CHECKS:
        if prefixes and not check.name.startswith(prefixes):
            continue
        result = CheckResult(check.name, check.title)
        began = time.perf_counter()
        try:
            result.failures = list(check.run(ctx))
        except Skip as exc:
            result.status, result.note = "skip", str(exc)
        except Exception as exc:  # a check that trips over the plugin reports it
            result.failures = [
                Failure(f"the check stopped: {type(exc).__name__}: {exc}", check.name)
            ]
        if result.failures:
            result.status = "fail"
        result.seconds = time.perf_counter() - began
        report.results.append(result)
        if progress is not None:
            progress(result)
    return report
