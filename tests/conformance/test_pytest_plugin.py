"""The kit in a plugin author's pytest run: ``--jantaku-ruleset`` adds a test per check
(failing with the kit's lines), and the ``jantaku_conformance`` fixture runs it."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def _pytest(tmp: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "conformance.pytest_plugin",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            tmp,
            *args,
        ],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_option_adds_one_test_per_check(tmp_path: object) -> None:
    run = _pytest(
        str(tmp_path),
        "--jantaku-ruleset=tests.conformance.fakes:BADVERSION",
        "--jantaku-quick",
        "-k",
        "contract",
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "FAIL contract.identity: version 'one' is not a version number" in run.stdout
    assert "1 failed, 4 passed" in run.stdout, run.stdout


def test_the_fixture_runs_the_kit(tmp_path: object) -> None:
    test = os.path.join(str(tmp_path), "test_mine.py")
    with open(test, "w", encoding="utf-8") as f:
        f.write(
            "def test_conforms(jantaku_conformance):\n"
            "    report = jantaku_conformance('zung_jung', only=['contract'])\n"
            "    assert report.ok, report.text()\n"
            "    assert len(report.results) == 5\n"
        )
    run = _pytest(str(tmp_path), test)
    assert run.returncode == 0, run.stdout + run.stderr
