"""Secrets never reach a log line: a logging filter that redacts credentials in URLs
(``?token=…`` and friends), ``Authorization``-style bearer values and ``"token"``/
``"password"`` fields of JSON text, in the message and in its arguments.

``install()`` puts it on the loggers that print request lines (uvicorn's access and error
loggers, where the WebSocket handshake line is logged) and on every handler of the root
logger; ``jantaku serve`` also names it in uvicorn's log configuration
(server.cli.commands.serve), so that each handler filters whatever reaches it."""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import unquote_plus

REDACTED = "[redacted]"
SECRET_PARAMS = ("token", "access_token", "password", "session", "auth_token")

_URL_QUERY = re.compile(r"\?([^\s\"'#]+)")
_QUERY = re.compile(r"(?i)((?:^|[?&;\s\"'])(?:" + "|".join(SECRET_PARAMS) + r")=)[^&;\s\"'#]*")
_BEARER = re.compile(r"(?i)(bearer\s+)[A-Za-z0-9._~+/=-]+")
_JSON = re.compile(r"(?i)(\"(?:token|password|current_password)\"\s*:\s*\")[^\"]*")


def _query_part(part: str) -> str:
    """One ``key=value`` of a query string, its value redacted when the key names a secret
    however it is spelled: any case, percent-encoded (``%74oken``), ``token[]``. A key
    that hides its ``=`` (``token%3D…``) is redacted whole."""
    key, eq, _ = part.partition("=")
    name = unquote_plus(key).lower()
    if not any(secret in name for secret in SECRET_PARAMS):
        return part
    if "=" in name:
        return REDACTED
    return f"{key}={REDACTED}" if eq else part


def _query(match: re.Match[str]) -> str:
    parts = re.split(r"([&;])", match.group(1))
    return "?" + "".join(p if p in "&;" else _query_part(p) for p in parts)


def scrub(text: str) -> str:
    text = _URL_QUERY.sub(_query, text)
    text = _QUERY.sub(r"\1" + REDACTED, text)
    text = _BEARER.sub(r"\1" + REDACTED, text)
    return _JSON.sub(r"\1" + REDACTED, text)


def _arg(value: Any) -> Any:
    return scrub(value) if isinstance(value, str) else value


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = scrub(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_arg(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _arg(v) for k, v in record.args.items()}
        return True


FILTER = RedactSecrets()
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "websockets", "jantaku")


def install() -> None:
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if FILTER not in logger.filters:
            logger.addFilter(FILTER)
    for handler in logging.getLogger().handlers:
        if FILTER not in handler.filters:
            handler.addFilter(FILTER)
