"""Settings from JANTAKU_* variables and the admin token printed once."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.config import Settings
from server.domain.accounts.tokens import admin_token_hash, bearer, token_hash


def test_settings_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JANTAKU_PORT", "9123")
    monkeypatch.setenv("JANTAKU_BOT_DELAY", "0")
    monkeypatch.setenv("JANTAKU_MOVE_TIME", "0")
    s = Settings()
    assert s.port == 9123 and s.bot_delay == 0 and s.move_time == 0


def test_admin_token_is_generated_and_printed_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(admin_token=None, admin_token_file=tmp_path / "a" / "admin.sha256")
    first = admin_token_hash(settings)
    printed = capsys.readouterr().out
    token = printed.strip().splitlines()[-1].strip()
    assert token_hash(token) == first
    assert token not in settings.admin_token_file.read_text()  # only the hash is kept
    assert admin_token_hash(settings) == first
    assert capsys.readouterr().out == ""  # not printed again
    assert admin_token_hash(Settings(admin_token="x")) == token_hash("x")


def test_bearer_header() -> None:
    assert bearer("Bearer abc") == "abc" and bearer("bearer  abc ") == "abc"
    assert bearer("Basic abc") is None and bearer("Bearer ") is None and bearer(None) is None
