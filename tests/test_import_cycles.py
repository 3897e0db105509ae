"""No import circle anywhere in engine/, rulesets/ or server/, module by module, imports
under ``TYPE_CHECKING`` and inside functions included (grimp, import-linter's graph)."""

from __future__ import annotations

import grimp
import pytest


def circles(graph: grimp.ImportGraph, package: str) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    modules = sorted(m for m in graph.modules if m == package or m.startswith(package + "."))
    inside = set(modules)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start) & inside)))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    imported = graph.find_modules_directly_imported_by(child) & inside
                    work.append((child, iter(sorted(imported))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for module in modules:
        if module not in index:
            visit(module)
    return found


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(
        "engine", "rulesets", "server", exclude_type_checking_imports=False, cache_dir=None
    )


@pytest.mark.parametrize("package", ["engine", "rulesets", "server"])
def test_no_import_circle(graph: grimp.ImportGraph, package: str) -> None:
    found = circles(graph, package)
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_check_finds_a_circle() -> None:
    class Graph:
        def __init__(self) -> None:
            self.modules = {"p", "p.a", "p.b", "p.c"}
            self.edges = {"p.a": {"p.b"}, "p.b": {"p.a"}, "p.c": {"p.a"}, "p": set[str]()}

        def find_modules_directly_imported_by(self, module: str) -> set[str]:
            return self.edges[module]

    assert circles(Graph(), "p") == [["p.a", "p.b"]]  # type: ignore[arg-type]
