"""engine/ has no import circle: the modules' run-time imports form a graph without a cycle.

Imports under ``if TYPE_CHECKING:`` are not run, but they count too: a type-only import
that closes a circle is a circle for the reader (issue 18), so none may.
"""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def _module(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.AST, *, typing_only: bool) -> set[str]:
    found: set[str] = set()

    def visit(node: ast.AST, guarded: bool) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                visit(child, True)
            for child in node.orelse:
                visit(child, guarded)
            return
        if isinstance(node, ast.ImportFrom) and node.module and guarded == typing_only:
            found.add(node.module)
        elif isinstance(node, ast.Import) and guarded == typing_only:
            found.update(a.name for a in node.names)
        for sub in ast.iter_child_nodes(node):
            visit(sub, guarded)

    visit(tree, False)
    return {m for m in found if m == "engine" or m.startswith("engine.")}


def _graph(*, typing_only: bool) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text())
        graph[_module(path)] = _imports(tree, typing_only=typing_only)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := walk(node)) is not None:
            return found
    return None


def test_engine_run_time_imports_have_no_circle() -> None:
    assert _cycle(_graph(typing_only=False)) is None


def test_no_type_only_import_closes_a_circle() -> None:
    run_time = _graph(typing_only=False)
    typing = _graph(typing_only=True)
    closing: set[tuple[str, str]] = set()
    for module, targets in typing.items():
        for target in targets:
            both = {k: set(v) for k, v in run_time.items()}
            both[module].add(target)
            if _cycle(both) is not None:
                closing.add((module, target))
    assert closing == set()
