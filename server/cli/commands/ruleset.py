"""``jantaku ruleset check MODULE_OR_ENTRY_POINT``: the conformance kit on the command line
(docs/plugins.md, "The conformance kit"). ``jantaku rulesets`` lists what is installed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from conformance import SIZES, CheckResult, LoadError, check_ruleset

ruleset = typer.Typer(
    name="ruleset",
    help="Work on one ruleset plugin: check it against the contract.",
    no_args_is_help=True,
)


@ruleset.command()
def check(
    target: Annotated[
        str,
        typer.Argument(
            help="an installed ruleset (its entry point name), a module exporting RULESET "
            "(my_plugin) or module:ATTRIBUTE"
        ),
    ],
    quick: Annotated[
        bool, typer.Option("--quick", help="fewer fuzzed hands and matches (CI, iterating)")
    ] = False,
    vectors: Annotated[
        list[Path] | None,
        typer.Option(
            "--vectors",
            help="vector files or folders (default: RULESET.vectors, else tests/vectors/<id>)",
        ),
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="run only checks starting with this (contract, scoring.fuzz)"),
    ] = None,
    seed: Annotated[
        str, typer.Option("--seed", help="seed of every random choice")
    ] = "jantaku-kit",
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="list passed checks too")
    ] = False,
) -> None:
    """Check a ruleset against the contract: one line per failed check (what, where, how
    to fix), then a summary; exits 1 when anything fails, 2 when TARGET names no ruleset."""

    def progress(result: CheckResult) -> None:
        if verbose:
            typer.echo(
                f"{result.status.upper():4} {result.name} ({result.seconds:.1f}s)"
                + (f": {result.note}" if result.note else ""),
                err=True,
            )

    try:
        report = check_ruleset(
            target,
            size=SIZES["quick" if quick else "full"],
            vectors=vectors,
            seed=seed,
            only=only or (),
            progress=progress,
        )
    except LoadError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(report.text(verbose=verbose))
    raise typer.Exit(0 if report.ok else 1)
