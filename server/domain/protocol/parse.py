"""JSON from an untrusted peer, parsed with limits: nesting depth, number length and
string validity are checked before anything else sees the value.

The standard library alone fails on hostile input in ways a caller cannot answer well: deep
nesting raises ``RecursionError``, a 5,000-digit integer ``ValueError`` (Python's
int-string limit), and ``"\\ud800"`` decodes to a lone surrogate that later cannot be
encoded as UTF-8 (so echoing it back, or writing it to a log or a file, fails far from the
parser). ``loads`` turns each of these into a ``JsonRefused`` with a precise code."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from server.domain.logscrub import scrub
from server.domain.protocol.messages import CLIENT_ADAPTER, CLIENT_TYPES, ClientMsg

MALFORMED = "malformed_json"
TOO_DEEP = "json_too_deep"
NUMBER_TOO_LONG = "number_too_long"
INVALID_STRING = "invalid_string"

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class JsonLimits:
    max_depth: int = 32  # arrays and objects nested inside each other
    max_number_chars: int = 64  # characters of one number literal, sign and exponent included


class JsonRefused(ValueError):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


def loads(text: str, limits: JsonLimits | None = None) -> Any:
    """The JSON value of ``text``, or ``JsonRefused`` (never another exception)."""
    limits = limits or JsonLimits()
    if _SURROGATE.search(text):  # only a str built in Python can hold one raw
        raise JsonRefused(INVALID_STRING, "the text holds a lone surrogate")
    if text.count("[") + text.count("{") > limits.max_depth:
        depth = _depth(text)
        if depth > limits.max_depth:
            raise JsonRefused(TOO_DEEP, f"nesting depth {depth} exceeds {limits.max_depth}")

    def number(literal: str, convert: type[int] | type[float]) -> int | float:
        if len(literal) > limits.max_number_chars:
            raise JsonRefused(
                NUMBER_TOO_LONG,
                f"a number of {len(literal)} characters exceeds {limits.max_number_chars}",
            )
        out = convert(literal)
        if out in (math.inf, -math.inf):
            raise JsonRefused(NUMBER_TOO_LONG, f"{literal[:20]} overflows a double")
        return out

    def constant(name: str) -> Any:
        raise JsonRefused(MALFORMED, f"{name} is not JSON")

    try:
        value = json.loads(
            text,
            parse_int=lambda s: number(s, int),
            parse_float=lambda s: number(s, float),
            parse_constant=constant,
        )
    except json.JSONDecodeError as exc:
        raise JsonRefused(MALFORMED, f"{exc.msg} at column {exc.colno}") from None
    except (RecursionError, ValueError) as exc:  # defence in depth; _depth should stop these
        if isinstance(exc, JsonRefused):
            raise
        raise JsonRefused(MALFORMED, type(exc).__name__) from None
    if not _valid_strings(value):
        raise JsonRefused(INVALID_STRING, "a string holds a lone surrogate (invalid UTF-16)")
    return value


def _depth(text: str) -> int:
    """Greatest bracket nesting outside strings (an unterminated string counts its
    brackets: such a text is malformed anyway)."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest


def _valid_strings(value: Any) -> bool:
    """No string (key or value) holds a lone surrogate, so every one encodes as UTF-8."""
    if isinstance(value, str):
        return value.isascii() or _SURROGATE.search(value) is None
    if isinstance(value, list):
        return all(_valid_strings(v) for v in value)
    if isinstance(value, dict):
        return all(_valid_strings(k) and _valid_strings(v) for k, v in value.items())
    return True


def safe_text(text: str) -> str:
    """``text`` with any lone surrogate replaced, so that it always encodes as UTF-8."""
    return text if text.isascii() else text.encode("utf-8", "replace").decode("utf-8")


# ------------------------------------------------------------------ WebSocket frames


class FrameRefused(Exception):
    """A frame that is not the protocol at all ("garbage", docs/protocol.md)."""

    def __init__(self, code: str, message: str, ref: Any = None) -> None:
        self.code = code
        self.message = message
        self.ref = ref
        super().__init__(f"{code}: {message}")


def client_message(message: Mapping[str, Any], max_bytes: int, limits: JsonLimits) -> ClientMsg:
    """The protocol message of one ASGI ``websocket.receive`` event, or ``FrameRefused``."""
    text: str | None = message.get("text")
    if text is None:
        size = len(message.get("bytes") or b"")
        raise FrameRefused("binary_frame", "frames must be JSON text", {"bytes": size})
    size = len(text.encode("utf-8", "replace"))
    if size > max_bytes:
        raise FrameRefused(
            "frame_too_large", f"frame of {size} bytes exceeds {max_bytes}", {"bytes": size}
        )
    try:
        raw = loads(text, limits)
    except JsonRefused as exc:
        head = scrub(safe_text(text[:64]))  # a broken auth frame's token is not echoed
        raise FrameRefused(exc.code, f"not JSON: {exc.message}", head) from None
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise FrameRefused("invalid_message", "a frame is a JSON object with a string 'type'")
    kind: str = raw["type"]
    if kind not in CLIENT_TYPES:
        raise FrameRefused(
            "unknown_type",
            f"unknown message type '{kind[:40]}' (known: {', '.join(CLIENT_TYPES)})",
            kind[:40],
        )
    try:
        # JSON's own types, as REST bodies: true is no prompt id, seat or seq, "1" neither
        # (the text is within the limits already, so pydantic may read it again)
        return CLIENT_ADAPTER.validate_json(text, strict=True)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or kind
        ref = raw.get("prompt_id", kind)
        if isinstance(ref, str):
            ref = ref[:64]
        elif not isinstance(ref, int) or isinstance(ref, bool):
            ref = kind
        raise FrameRefused("invalid_message", f"{where}: {first['msg']}", ref) from None
