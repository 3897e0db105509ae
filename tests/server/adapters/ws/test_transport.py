"""The connection's writer sends the frames of one table change together: one socket write
through the protocol's ``send_texts`` (server.adapters.ws.transport), the frames in their order."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from server.adapters.ws.transport import JantakuWebSocketProtocol
from tests.server.conftest import running, suite_settings


def test_the_frames_of_one_change_go_out_in_one_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches: list[list[str]] = []
    send_texts = JantakuWebSocketProtocol.send_texts

    async def spy(self: JantakuWebSocketProtocol, texts: Sequence[str]) -> None:
        batches.append(list(texts))
        await send_texts(self, texts)

    monkeypatch.setattr(JantakuWebSocketProtocol, "send_texts", spy)
    with running(suite_settings(tmp_path)) as server:
        pid, token = server.player("batched")
        tid = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])["table_id"]
        ws = server.ws(tid, token, state_on_prompt="true")
        prompt = ws.until_type("prompt")
        ws.send(prompt["actions"][0])
        ws.until_type("prompt")
        ws.close()
    assert max(len(b) for b in batches) >= 3  # welcome, state and prompt at least
    sent = [json.loads(text) for batch in batches for text in batch]
    assert sent[: len(ws.frames)] == ws.frames  # everything received, in order
