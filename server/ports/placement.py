"""Where a tournament round's tables open, and who calls time at them (docs/cluster.md,
Placement). A single instance opens and serves every table itself (``Alone``); on a
cluster the adapter (server.adapters.cluster.placement) spreads a round's tables over
the instances and asks a table's owner, on the caller's behalf. The use cases ask this
port and never learn how the instances talk to each other."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

# what calling time at a table answers when there is nothing left to call
TIME_CALLED_ALREADY = ("time_called", "table_over", "not_playing", "table_freed")


class RoundPlacement(Protocol):
    """A round's tables across the instances, asked on behalf of one caller. Refusals of
    another instance are ``server.domain.errors.ApiError``s."""

    async def spread(self, n: int) -> Sequence[str | None]:
        """Where ``n`` tables opened together go: per table, the instance that should open
        it, or None for this one."""
        ...

    async def open_round_table(
        self, instance: str, tournament_id: str, number: int, table_no: int
    ) -> str | None:
        """Ask ``instance`` to open table ``table_no`` of round ``number``: its match id,
        or None if the instance did not answer (the table then opens here)."""
        ...

    async def owner(self, match_id: str) -> str | None:
        """The other instance that serves the live table, or None: this one (or nobody:
        the table is not live)."""
        ...

    async def call_time(self, instance: str, tournament_id: str, match_id: str) -> None:
        """Ask ``instance``, the table's owner, to call time at the table; nothing left
        to call there (``TIME_CALLED_ALREADY``) is no error."""
        ...


class Alone:
    """One instance: every table opens here and is served here."""

    async def spread(self, n: int) -> Sequence[str | None]:
        return [None] * n

    async def open_round_table(
        self, instance: str, tournament_id: str, number: int, table_no: int
    ) -> str | None:
        return None  # no other instance: the table opens here

    async def owner(self, match_id: str) -> str | None:
        return None

    async def call_time(self, instance: str, tournament_id: str, match_id: str) -> None:
        raise LookupError(f"no instance '{instance}': this server runs alone")


ALONE = Alone()
