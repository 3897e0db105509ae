"""The tournaments in memory: versioned JSON documents by kind (tournaments, leagues), saved
only over the version read."""

from __future__ import annotations

import copy
from typing import Any

from server.ports.storage import VersionConflict


class MemoryTournaments:
    def __init__(self) -> None:
        self._docs: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}

    async def add(self, kind: str, doc_id: str, data: dict[str, Any]) -> None:
        if (kind, doc_id) in self._docs:
            raise ValueError(f"{kind} {doc_id} exists")
        self._docs[(kind, doc_id)] = (copy.deepcopy(data), 1)

    async def get(self, kind: str, doc_id: str) -> tuple[dict[str, Any], int] | None:
        found = self._docs.get((kind, doc_id))
        return (copy.deepcopy(found[0]), found[1]) if found else None

    async def list(self, kind: str) -> list[dict[str, Any]]:
        return [copy.deepcopy(d) for (k, _), (d, _) in sorted(self._docs.items()) if k == kind]

    async def save(self, kind: str, doc_id: str, data: dict[str, Any], version: int) -> int:
        found = self._docs.get((kind, doc_id))
        if found is None or found[1] != version:
            raise VersionConflict(f"{kind} {doc_id} changed since version {version}")
        self._docs[(kind, doc_id)] = (copy.deepcopy(data), version + 1)
        return version + 1
