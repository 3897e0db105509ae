"""Tournament documents keep their version: a save from a stale read is refused
(``VersionConflict``) and changes nothing — on the memory store, SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from server.ports.storage import Store, VersionConflict
from tests.server.adapters.sql.test_store import on_each


def test_documents_save_only_from_the_version_read(store_url: str | None) -> None:
    async def test(store: Store) -> None:
        docs = store.tournaments
        await docs.add("tournament", "t1", {"name": "a"})
        await docs.add("league", "t1", {"name": "b"})
        assert await docs.get("tournament", "t1") == ({"name": "a"}, 1)
        assert await docs.save("tournament", "t1", {"name": "c"}, 1) == 2
        with pytest.raises(VersionConflict):
            await docs.save("tournament", "t1", {"name": "stale"}, 1)
        assert await docs.get("tournament", "t1") == ({"name": "c"}, 2)
        assert await docs.list("league") == [{"name": "b"}]
        assert await docs.get("tournament", "nope") is None
        with pytest.raises(VersionConflict):
            await docs.save("tournament", "nope", {}, 1)

    on_each(store_url, test)
