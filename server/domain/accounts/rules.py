"""Account rules shared by the REST API, the WebSocket and the store: display names and
their uniqueness key, argon2id password hashes, roles and the rate limits of login and
registration."""

from __future__ import annotations

import asyncio
import unicodedata
from typing import Literal

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from limits import parse

from server.config import Settings
from server.domain.ratelimits import Limiter

Role = Literal["admin", "organizer", "player"]
ROLES: tuple[Role, ...] = ("admin", "organizer", "player")

NAME_MAX = 40
PASSWORD_MIN = 8
PASSWORD_MAX = 256  # characters; a longer "password" is a denial-of-service attempt


class BadName(ValueError):
    """A display name the server refuses (the message says why)."""


def clean_name(raw: str) -> str:
    """The display name as stored: NFKC-normalised, outer whitespace removed. Refuses
    control and format characters (Unicode categories Cc, Cf, Cs, Co, Cn), line and
    paragraph separators, blank names and names longer than ``NAME_MAX``."""
    name = unicodedata.normalize("NFKC", raw).strip()
    if not name:
        raise BadName("a name must have at least one visible character")
    for ch in name:
        cat = unicodedata.category(ch)
        if cat.startswith("C") or cat in ("Zl", "Zp"):
            raise BadName(f"a name may not contain the character U+{ord(ch):04X}")
    if len(name) > NAME_MAX:
        raise BadName(f"a name is at most {NAME_MAX} characters")
    return name


def name_key(name: str) -> str:
    """The uniqueness key of a (clean) name: case-folded, then NFKC again, since folding
    can leave a string that is not normalised (e.g. 'ﬀ' → 'ff' is fine, but 'ẞ' → 'ss')."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def check_password(password: str) -> str | None:
    """Why the password is refused, or None."""
    if len(password) < PASSWORD_MIN:
        return f"a password has at least {PASSWORD_MIN} characters"
    if len(password) > PASSWORD_MAX:
        return f"a password has at most {PASSWORD_MAX} characters"
    return None


class Passwords:
    """argon2id hashes (argon2-cffi). Hashing and checking run in a worker thread: each
    costs tens of milliseconds of CPU and memory by design."""

    def __init__(self, settings: Settings) -> None:
        self.hasher = PasswordHasher(
            time_cost=settings.argon2_time_cost,
            memory_cost=settings.argon2_memory_kib,
            parallelism=settings.argon2_parallelism,
        )
        # checked against when the name is unknown, so that an unknown name costs as much
        # as a wrong password and the timing does not tell which names exist
        self._dummy = self.hasher.hash("not a password of anyone")

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self.hasher.hash, password)

    def _verify(self, stored: str | None, password: str) -> bool:
        try:
            return self.hasher.verify(stored or self._dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    async def verify(self, stored: str | None, password: str) -> bool:
        return await asyncio.to_thread(self._verify, stored, password)

    def needs_rehash(self, stored: str) -> bool:
        return self.hasher.check_needs_rehash(stored)


class AuthLimits:
    """Moving-window limits on registration and login, per client address and per account
    name (``server.domain.ratelimits``: in memory, or in Redis for a whole cluster). Logins
    are refused per address and per (name, address), and only slowed down per name."""

    def __init__(self, settings: Settings, limiter: Limiter) -> None:
        self.limiter = limiter
        self.rules = {
            "register_address": parse(settings.register_rate_per_address),
            "register_name": parse(settings.register_rate_per_name),
            "login_address": parse(settings.login_rate_per_address),
            # keyed by (name key, address): one address cannot lock a name for the others
            "login_name": parse(settings.login_rate_per_name),
            # keyed by the name alone: past it, attempts are slowed down, never refused
            "login_name_slow": parse(settings.login_slow_per_name),
        }

    async def hit(self, rule: str, key: str) -> int | None:
        """Count one attempt; None when allowed, else the seconds until the next one is."""
        wait = await self.limiter.hit(self.rules[rule], rule, key)
        return None if wait is None else max(1, int(wait) + 1)
