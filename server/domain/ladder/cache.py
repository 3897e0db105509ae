"""The ladder kept between requests (issue 23): the ladder used to be recomputed from the
records at every request, two reads per ranked match. Here each finished ranked table's
ladder input is read once and kept, and the projection is kept while its input is the
same; a correction (``forget``) drops the match's input and the projections, and a kept
input older than ``ttl`` seconds is read again (a correction made on another cluster
instance reaches this one within ``ttl``). A table not yet finished is never kept, so a
match reaches the ladder at the first request after it ends."""

from __future__ import annotations

import time
from collections.abc import Callable

from server.domain.ladder.ladder import Ladder, LadderMatch

TTL = 30.0


class LadderCache:
    def __init__(self, ttl: float = TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self.ttl = ttl
        self.clock = clock
        # table id -> (read at, its ladder input; None: it does not count, e.g. voided)
        self._inputs: dict[str, tuple[float, LadderMatch | None]] = {}
        self._ladders: dict[str, tuple[tuple[LadderMatch, ...], Ladder]] = {}
        self.reads = 0  # inputs read from the records (what the cache saves)

    def input(self, table_id: str) -> tuple[bool, LadderMatch | None]:
        """(found, input) for a table whose input is kept and fresh."""
        kept = self._inputs.get(table_id)
        if kept is None or self.clock() - kept[0] > self.ttl:
            return False, None
        return True, kept[1]

    def keep(self, table_id: str, found: LadderMatch | None) -> None:
        self.reads += 1
        self._inputs[table_id] = (self.clock(), found)

    def ladder(self, ruleset: str, matches: list[LadderMatch]) -> Ladder | None:
        kept = self._ladders.get(ruleset)
        return kept[1] if kept is not None and kept[0] == tuple(matches) else None

    def keep_ladder(self, ruleset: str, matches: list[LadderMatch], ladder: Ladder) -> None:
        self._ladders[ruleset] = (tuple(matches), ladder)

    def forget(self, table_id: str) -> None:
        """A correction to ``table_id`` (an adjustment, a void): read it again."""
        self._inputs.pop(table_id, None)
        self._ladders.clear()
