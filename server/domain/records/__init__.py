"""Match records, one projection of the engine's events and the corrections: ``sheet``
(hand rows, running totals, pot, standings; the only place they are computed), ``derive``
(what a logged batch adds), ``stats`` (player statistics), ``leaderboard`` (per-ruleset
order), ``scoresheet`` (JSON and CSV views), ``exports`` (loading, tenhou.net/6, archive)
and ``models`` (the row's documented shape). Definitions: docs/records.md."""
