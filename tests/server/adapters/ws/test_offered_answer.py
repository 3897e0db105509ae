"""An action frame sent back exactly as offered (the prompt's own text) is played without
being parsed again; the same action written differently is parsed and played the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from server.adapters.ws import endpoint
from server.domain.protocol import parse
from tests.server.conftest import running, suite_settings


def test_an_answer_sent_as_offered_is_not_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[str] = []
    client_message = parse.client_message

    def spy(message: Any, *args: Any) -> Any:
        parsed.append(message.get("text"))
        return client_message(message, *args)

    monkeypatch.setattr(endpoint, "client_message", spy)
    with running(suite_settings(tmp_path)) as server:
        pid, token = server.player("offered")
        tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
        ws = server.ws(tid, token)
        for compact in (True, False, True):
            prompt = ws.until_type("prompt")
            answer = prompt["actions"][0]
            if compact:  # the text of the offered frame
                text = json.dumps(answer, separators=(",", ":"), ensure_ascii=False)
            else:
                text = json.dumps(answer, indent=1)
            ws.send(text)
            mine = ws.until(lambda f: f["type"] in ("event", "error"))
            assert mine["type"] == "event", mine
            assert (text in parsed) is not compact
        ws.close()
