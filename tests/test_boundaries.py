"""engine/ and rulesets/ are a pure library (../shared/DESIGN.md "The layers")."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "server",
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "alembic",
    "websockets",
    "httpx",
    "asyncio",
    "time",
    "random",
    "socket",
    "threading",
    "subprocess",
    "typer",
    "rich",
}


def imported_roots(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name.split(".")[0]) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module.split(".")[0]))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in {
            "open",
            "__import__",
        }:
            found.append((node.lineno, node.func.id))  # type: ignore[attr-defined]
    return found


def sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", ["engine", "rulesets"])
def test_pure_library_imports(package: str) -> None:
    allowed_project = {"engine", "rulesets"} if package == "rulesets" else {"engine"}
    problems = []
    for path in sources(package):
        for line, root in imported_roots(path):
            rel = f"{path.relative_to(ROOT)}:{line}"
            if root in FORBIDDEN or root in {"open", "__import__"}:
                problems.append(f"{rel} uses {root}")
            elif root in {"engine", "rulesets", "server", "tests"} and root not in allowed_project:
                problems.append(f"{rel} imports project package {root}")
    assert not problems, "\n".join(problems)


def test_the_check_sees_the_code() -> None:
    assert len(sources("engine")) >= 8
