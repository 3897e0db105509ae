"""The chat frame: who said it, where they sit, what, and when."""

from __future__ import annotations

import json
import time

from server.domain.tables.chat import chat_frame
from tests.server.domain.tables.parts import conn


def test_a_chat_line_names_its_speaker_and_seat() -> None:
    before = time.time()
    frame = json.loads(chat_frame(conn(2), "good game"))
    assert frame.pop("time") >= round(before, 3) - 0.001
    assert frame == {"type": "chat", "seat": 2, "name": "seat 2", "text": "good game"}
    spectator = json.loads(chat_frame(conn(None, player_id=None), "hi"))
    assert spectator["seat"] is None and spectator["name"] == "spectator"
