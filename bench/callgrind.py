"""Running a command under callgrind and reading its instruction total: the one helper
of the instruction-count benches (``score_icount.py``, ``score_mcr_icount.py``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Sequence


def require_valgrind() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")


def instructions(command: Sequence[str], *options: str) -> int:
    """The instructions callgrind counts for ``command``; ``options`` go to valgrind
    (``--collect-atstart=no``, ``--toggle-collect=...``)."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *options, *command],
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"no callgrind total in:\n{run.stderr[-2000:]}")
    return int(found.group(1))
