"""Nothing in server/ names a ruleset (DESIGN.md; issue 33): the in-tree ruleset ids do
not appear in the server's code nor in the web client's scripts, so a plugin needs no edit
there. What counts as naming:

* Python: an import of ``rulesets.*``; a name (identifier, attribute) equal to an id; a
  string literal whose whole value is an id, or prose naming an id other than ``riichi``.
  Comments and docstrings are documentation and not read.
* JavaScript: a line (comments removed) with an id as a word, other than ``riichi``.
* ``riichi`` is also the game's word for the declaration (``Discard.riichi``, the events'
  and records' ``riichi`` fields, the protocol): it counts only on a line that also says
  ``ruleset`` or names another id (``record.ruleset == "riichi"``, ``{riichi: 70, mcr: …}``).

Data files are exempt: ``server/config/queues.py`` (the default queues and
``DEFAULT_RULESET``), the ladder's data (``server/domain/ladder/data/*.json``) and every
non-code file (i18n JSON, CSS, docs) — they are read by no branch of the code."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IDS = sorted(p.name for p in (ROOT / "rulesets").iterdir() if (p / "__init__.py").exists())
DATA = {Path("server/config/queues.py")}
WORD = re.compile(r"\b(" + "|".join(IDS) + r")\b")
OTHERS = re.compile(r"\b(" + "|".join(i for i in IDS if i != "riichi") + r")\b")


def _riichi_as_ruleset(line: str) -> bool:
    return "riichi" in line and ("ruleset" in line.lower() or bool(OTHERS.search(line)))


def _value(literal: str) -> str:
    """A string literal's text (an f-string's, placeholders and all)."""
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return literal
    return value if isinstance(value, str) else literal


def python_hits(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    hits: list[str] = []
    prev = tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        line = tok.line
        where = f"{path.relative_to(ROOT)}:{tok.start[0]}: {line.strip()}"
        if tok.type == tokenize.NAME and tok.string in IDS:
            if tok.string != "riichi" or _riichi_as_ruleset(line):
                hits.append(where)
        elif tok.type == tokenize.STRING and prev not in (
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
        ):  # not a docstring
            value = _value(tok.string)
            whole = value in IDS and (value != "riichi" or _riichi_as_ruleset(line))
            if whole or OTHERS.search(value):
                hits.append(where)
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            prev = tok.type
    hits += [
        f"{path.relative_to(ROOT)}: imports rulesets"
        for _ in re.finditer(r"^\s*(from|import)\s+rulesets\b", text, re.M)
    ]
    return hits


def js_hits(path: Path) -> list[str]:
    hits = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = re.sub(r"(^|\s)//.*$", "", raw)
        line = re.sub(r"/\*.*?\*/", "", line)
        if OTHERS.search(line) or _riichi_as_ruleset(line):
            hits.append(f"{path.relative_to(ROOT)}:{n}: {raw.strip()[:120]}")
    return hits


def test_the_ids_are_read_from_the_tree() -> None:
    assert {"mcr", "riichi", "zung_jung"} <= set(IDS)


def test_no_server_code_names_a_ruleset() -> None:
    hits = []
    for path in sorted((ROOT / "server").rglob("*.py")):
        if path.relative_to(ROOT) not in DATA:
            hits += python_hits(path)
    assert not hits, "\n".join(hits)


def test_the_web_client_names_no_ruleset() -> None:
    hits = []
    for path in sorted((ROOT / "server/adapters/web/static").rglob("*.js")):
        hits += js_hits(path)
    assert not hits, "\n".join(hits)
