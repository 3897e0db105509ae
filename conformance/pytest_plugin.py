"""The kit in a plugin author's own test suite (a ``pytest11`` entry point, so it is
active wherever Jantaku is installed):

* ``pytest --jantaku-ruleset=my_plugin`` adds one test per check of the kit, each failing
  with the kit's lines (what, where, how to fix); ``--jantaku-quick`` for fewer hands;
* the ``jantaku_conformance`` fixture runs the kit from a test of one's own:
  ``report = jantaku_conformance("my_plugin")``, then ``assert report.ok, report.text()``;
* or without pytest: ``from conformance import check_ruleset``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # the kit is imported when a test asks for it, not at pytest's start
    from conformance import Report


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("jantaku", "Jantaku ruleset conformance kit")
    group.addoption(
        "--jantaku-ruleset",
        action="append",
        default=[],
        metavar="ENTRY",
        help="check this ruleset (entry point, module or module:ATTR) with the kit",
    )
    group.addoption(
        "--jantaku-quick", action="store_true", help="the kit's quick size (fewer hands)"
    )


class KitItem(pytest.Item):
    """One check of the kit on one ruleset; the kit runs once per ruleset."""

    def __init__(self, *, target: str, check: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.target = target
        self.check = check

    def runtest(self) -> None:
        from conformance import Report, check_ruleset

        reports: dict[str, Report] = self.config.stash.setdefault(_REPORTS, {})
        if self.target not in reports:
            size = "quick" if self.config.getoption("jantaku_quick") else "full"
            reports[self.target] = check_ruleset(self.target, size=size)
        result = reports[self.target].result(self.check)
        if result.status == "skip":
            pytest.skip(result.note)
        if result.status == "fail":
            raise KitFailure("\n".join(Report(self.target, [result]).lines()))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, KitFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[str, int | None, str]:
        return self.target, None, f"jantaku kit {self.check} [{self.target}]"


class KitFailure(AssertionError):
    pass


_REPORTS = pytest.StashKey[dict[str, "Report"]]()


class KitCollector(pytest.Collector):
    def __init__(self, *, targets: list[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.targets = targets

    def collect(self) -> Iterator[pytest.Item]:
        from conformance import CHECKS

        for target in self.targets:
            for check in CHECKS:
                yield KitItem.from_parent(
                    self, name=f"{check.name}[{target}]", target=target, check=check.name
                )


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    targets: list[str] = config.getoption("jantaku_ruleset")
    if targets:
        collector = KitCollector.from_parent(session, name="jantaku-kit", targets=targets)
        items.extend(collector.collect())


@pytest.fixture
def jantaku_conformance(request: pytest.FixtureRequest) -> Callable[..., Report]:
    """``jantaku_conformance(target, size="quick", **kwargs)``: the kit's report."""
    quick = bool(request.config.getoption("jantaku_quick"))

    def run(target: Any, **kwargs: Any) -> Report:
        from conformance import check_ruleset

        kwargs.setdefault("size", "quick" if quick else "full")
        return check_ruleset(target, **kwargs)

    return run
