"""Every CSV the server writes goes through ``writer``: text that a spreadsheet would run
as a formula is neutralised (CSV, or formula, injection).

OWASP's rule: a cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return gets a single quote in front, so a player named ``=HYPERLINK(…)`` stays a name.
Numbers are written as numbers: only text cells are changed, and text that is a plain
decimal number (``-12.5``, a score an export wrote as a string) is a number to a
spreadsheet too, not a formula, so it stays as it is. Any other cell is written exactly
as before."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any, Protocol

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def neutral(cell: Any) -> Any:
    """The cell as written: text beginning with a formula trigger gets a leading ``'``."""
    if isinstance(cell, str) and cell.startswith(TRIGGERS) and not _PLAIN_NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


class _Rows(Protocol):
    def write(self, s: str, /) -> Any: ...


class SafeWriter:
    """``csv.writer``'s ``writerow``/``writerows`` with every cell passed through
    ``neutral``."""

    def __init__(self, out: _Rows) -> None:
        self._w = csv.writer(out, lineterminator="\n")

    def writerow(self, row: Iterable[Any]) -> None:
        self._w.writerow([neutral(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(out: _Rows) -> SafeWriter:
    """A CSV writer (lines end in ``\\n``) that neutralises formula cells."""
    return SafeWriter(out)
