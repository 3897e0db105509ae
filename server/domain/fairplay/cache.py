"""The collusion report kept between requests (issue 23). Reading a match's facts means
reading its whole event log, so each finished match's facts are read once and kept (at
most ``limit`` matches, the least recently used dropped first), and the last reports are
kept while their inputs are the very same facts. A correction (``forget``: a voided hand
or match, an adjustment) drops the match's facts and every report; an account merge
(``clear``) drops everything, since the facts name the players. Kept facts older than
``ttl`` seconds are read again, so a correction made on another cluster instance reaches
this one within ``ttl``. Only finished matches are ever read (server.domain.fairplay.source)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence

from server.domain.fairplay.collusion import MatchFacts, Report

TTL = 30.0
LIMIT = 20_000  # matches whose facts are kept
REPORTS = 16  # reports kept (one per ruleset, range and parameters asked)


class CollusionCache:
    def __init__(
        self,
        ttl: float = TTL,
        limit: int = LIMIT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ttl = ttl
        self.limit = limit
        self.clock = clock
        self._facts: OrderedDict[str, tuple[float, MatchFacts]] = OrderedDict()
        self._reports: OrderedDict[Hashable, tuple[tuple[MatchFacts, ...], Report]] = (
            OrderedDict()
        )
        self.reads = 0  # matches read from the store (what the cache saves)

    def facts(self, match_id: str) -> MatchFacts | None:
        """The match's kept facts while fresh, else None (read them and ``keep``)."""
        kept = self._facts.get(match_id)
        if kept is None or self.clock() - kept[0] > self.ttl:
            return None
        self._facts.move_to_end(match_id)
        return kept[1]

    def keep(self, facts: MatchFacts) -> None:
        self.reads += 1
        self._facts[facts.match_id] = (self.clock(), facts)
        self._facts.move_to_end(facts.match_id)
        while len(self._facts) > self.limit:
            self._facts.popitem(last=False)

    def report(self, key: Hashable, matches: Sequence[MatchFacts]) -> Report | None:
        """The report kept for ``key`` if it was computed from exactly these facts."""
        kept = self._reports.get(key)
        if kept is None or len(kept[0]) != len(matches):
            return None
        if any(a is not b for a, b in zip(kept[0], matches, strict=True)):
            return None
        self._reports.move_to_end(key)
        return kept[1]

    def keep_report(self, key: Hashable, matches: Sequence[MatchFacts], report: Report) -> None:
        self._reports[key] = (tuple(matches), report)
        self._reports.move_to_end(key)
        while len(self._reports) > REPORTS:
            self._reports.popitem(last=False)

    def forget(self, match_id: str) -> None:
        """A correction to ``match_id``: read it again, compute the reports again."""
        self._facts.pop(match_id, None)
        self._reports.clear()

    def clear(self) -> None:
        self._facts.clear()
        self._reports.clear()
