"""The limited JSON parser and the frame checks: unit cases, the corpus of past crashes
(tests/server/adapters/ws/corpus/), and a bounded property-based fuzz run (Hypothesis)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.domain.protocol.messages import CLIENT_TYPES
from server.domain.protocol.parse import (
    FrameRefused,
    JsonLimits,
    JsonRefused,
    client_message,
    loads,
)

CORPUS = sorted((Path(__file__).parent / "corpus").iterdir())
LIMITS = JsonLimits()
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def refused(text: str) -> str:
    with pytest.raises(JsonRefused) as caught:
        loads(text, LIMITS)
    return caught.value.code


def test_limits_and_their_codes() -> None:
    assert refused("[" * 5000) == "json_too_deep"
    assert refused("[" * 33 + "]" * 33) == "json_too_deep"
    assert loads("[" * 32 + "]" * 32, LIMITS) is not None
    assert refused("9" * 65) == "number_too_long"
    assert loads("9" * 64, LIMITS) == int("9" * 64)
    assert refused("1e999") == "number_too_long"
    assert refused('"\\ud800"') == "invalid_string"
    assert refused('{"\\udfff": 1}') == "invalid_string"
    assert loads('"\\ud83d\\ude00"', LIMITS) == "\U0001f600"  # a proper pair is fine
    assert refused("NaN") == refused("Infinity") == refused("[1,") == "malformed_json"
    assert loads('{"t": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', LIMITS)["t"][0] == "["


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_corpus_of_past_crashes_is_answered(path: Path) -> None:
    text = path.read_bytes().decode("utf-8", "replace")  # as the WebSocket layer hands it
    try:
        client_message({"type": "websocket.receive", "text": text}, 16 * 1024, LIMITS)
    except FrameRefused as exc:
        _answer_encodes(exc)


def _answer_encodes(exc: FrameRefused) -> None:
    frame = {"type": "error", "code": exc.code, "message": exc.message, "ref": exc.ref}
    json.dumps(frame, ensure_ascii=False).encode("utf-8")  # what the server sends


JSON_TOKENS = st.sampled_from(
    ["[", "]", "{", "}", ",", ":", '"', "\\", "\\u", "d800", "dc00", "0", "-", "1e", "9" * 70,
     "true", "null", "NaN", '"type"', '"ping"', '"chat"', '"text"', '"action"', " "]
)  # fmt: skip
JSONISH = st.lists(st.one_of(JSON_TOKENS, st.text(max_size=3)), max_size=60).map("".join)
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@FUZZ
@given(st.one_of(st.text(), JSONISH))
def test_any_text_parses_or_is_refused_with_a_code(text: str) -> None:
    try:
        value = loads(text, LIMITS)
    except JsonRefused as exc:
        assert exc.code in ("malformed_json", "json_too_deep", "number_too_long", "invalid_string")
        return
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # every accepted string encodes
    assert value == json.loads(text) or value != value  # same as the standard parser


@FUZZ
@given(VALUES)
def test_valid_json_within_the_limits_round_trips(value: Any) -> None:
    text = json.dumps(value)
    if any(len(tok) > 64 for tok in text.replace(",", " ").replace(":", " ").split()):
        return  # a long number literal: refused by design
    try:
        assert loads(text, LIMITS) == value
    except JsonRefused as exc:  # only lone surrogates that st.text() made
        assert exc.code == "invalid_string"


FRAMES = st.one_of(
    JSONISH,
    st.builds(
        lambda kind, extra: json.dumps({"type": kind, **extra}),
        st.sampled_from([*CLIENT_TYPES, "dance"]),
        st.dictionaries(st.sampled_from(["prompt_id", "action", "last_seq", "nonce", "text"]),
                        VALUES, max_size=3),
    ),
)  # fmt: skip


@FUZZ
@given(FRAMES, st.booleans())
def test_any_frame_is_a_message_or_an_answerable_refusal(text: str, binary: bool) -> None:
    message: dict[str, Any] = {"type": "websocket.receive"}
    message["bytes" if binary else "text"] = text.encode("utf-8", "replace") if binary else text
    try:
        client_message(message, 16 * 1024, LIMITS)
    except FrameRefused as exc:
        _answer_encodes(exc)


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "action", "prompt_id": True, "action": {"type": "pass", "seat": 0}},
        {"type": "action", "prompt_id": 2, "action": {"type": "pass", "seat": True}},
        {"type": "action", "prompt_id": "2", "action": {"type": "pass", "seat": 0}},
        {"type": "resync", "last_seq": False},
        {"type": "resync", "last_seq": 1.0},
        {"type": "ping", "nonce": True},
    ],
)
def test_booleans_and_strings_are_not_numbers_in_frames(frame: dict[str, Any]) -> None:
    """As REST bodies: JSON's own types (``true`` used to pass as prompt 1 or seat 1)."""
    with pytest.raises(FrameRefused) as caught:
        client_message({"text": json.dumps(frame)}, 16384, LIMITS)
    assert caught.value.code == "invalid_message"
    ok = {"type": "action", "prompt_id": 2, "action": {"type": "pass", "seat": 0}}
    assert client_message({"text": json.dumps(ok)}, 16384, LIMITS).prompt_id == 2  # type: ignore[union-attr]
