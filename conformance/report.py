"""What the kit found: one ``Failure`` per problem (what, where, how to fix), grouped by
check into a ``Report`` that prints one line per failure."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["pass", "fail", "skip"]


@dataclass(frozen=True, slots=True)
class Failure:
    """One problem: ``what`` went wrong, ``where`` (an option, a vector file and line, a
    pattern id, a match seed and hand), and ``fix``: what the plugin author should do."""

    what: str
    where: str = ""
    fix: str = ""


class Skip(Exception):
    """Raised by a check that does not apply to this ruleset; the message says why."""


@dataclass
class CheckResult:
    name: str  # "contract.presets"
    title: str  # what the check proves, in one line
    status: Status = "pass"
    failures: list[Failure] = field(default_factory=list)
    note: str = ""  # why it was skipped, or what it covered
    seconds: float = 0.0


@dataclass
class Report:
    ruleset: str
    results: list[CheckResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.status != "fail" for r in self.results)

    def result(self, name: str) -> CheckResult:
        for r in self.results:
            if r.name == name:
                return r
        raise KeyError(name)

    @property
    def failed(self) -> list[str]:
        return [r.name for r in self.results if r.status == "fail"]

    def lines(self, *, verbose: bool = False) -> list[str]:
        """One line per failure (``FAIL check: what [where] -> fix``); with ``verbose``
        also a line per passed or skipped check."""
        out: list[str] = []
        for r in self.results:
            if r.status == "fail":
                for f in r.failures:
                    where = f" [{f.where}]" if f.where else ""
                    fix = f" -> fix: {f.fix}" if f.fix else ""
                    out.append(f"FAIL {r.name}: {f.what}{where}{fix}")
            elif verbose:
                note = f" ({r.note})" if r.note else ""
                out.append(f"{r.status.upper()} {r.name}: {r.title}{note} [{r.seconds:.1f}s]")
        return out

    def summary(self) -> str:
        counts = {
            s: sum(1 for r in self.results if r.status == s) for s in ("pass", "fail", "skip")
        }
        seconds = sum(r.seconds for r in self.results)
        verdict = "conforms" if self.ok else "does NOT conform"
        return (
            f"ruleset '{self.ruleset}' {verdict}: {counts['pass']} passed, "
            f"{counts['fail']} failed, {counts['skip']} skipped in {seconds:.1f}s"
        )

    def text(self, *, verbose: bool = False) -> str:
        return "\n".join([*self.lines(verbose=verbose), self.summary()])
