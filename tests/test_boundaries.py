"""engine/ and rulesets/ are a pure library (docs/architecture.md, "The layers"). Which
packages they may import is an import-linter contract (pyproject.toml, run by CI as
``lint-imports``); what a contract cannot see is a call that reaches the outside without an
import, which this test refuses: ``open(...)`` and ``__import__(...)``."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CALLS = {"open", "__import__"}


def outside_calls(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in CALLS
    ]


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", ["engine", "rulesets"])
def test_pure_library_opens_nothing(package: str) -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line} calls open or __import__"
        for path in sources(package)
        for line in outside_calls(path)
    ]
    assert not problems, "\n".join(problems)


def test_the_check_sees_the_code() -> None:
    assert len(sources("engine")) >= 8
