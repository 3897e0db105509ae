"""Bearer tokens: random, shown once, stored only as SHA-256 hashes. The admin token is
configured (or generated at the first start); every other token opens a player session."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import timedelta

from server.config import Settings
from server.ports.storage import PlayerRecord, SessionRecord


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, or None."""
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def admin_token_hash(settings: Settings, announce: bool = True) -> str:
    """The admin token's hash: from settings, else from the hash file, else a new token
    that is printed once (only its hash is written to disk)."""
    if settings.admin_token:
        return token_hash(settings.admin_token)
    path = settings.admin_token_file
    if path.is_file():
        stored = path.read_text().strip()
        if len(stored) == 64:
            return stored
    token = new_token()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(token_hash(token) + "\n")
    path.chmod(0o600)
    if announce:
        print(f"Jantaku admin token (shown once; only its hash is kept in {path}):\n  {token}")
    return token_hash(token)


# ---------------------------------------------------------------- sessions

TOUCH_EVERY = timedelta(seconds=60)  # last_used / last_seen are kept to the minute


@dataclass(frozen=True)
class Caller:
    """Who sent a request: the bootstrap admin token (no player), or a player's session."""

    player: PlayerRecord | None
    session: SessionRecord | None

    @property
    def role(self) -> str:
        return "admin" if self.player is None else self.player.role

    @property
    def label(self) -> str:
        """How audit lines name the caller."""
        return "admin" if self.player is None else self.player.id
