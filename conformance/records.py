"""The records check: a played match projects (server.domain.records.sheet, the one
projection the server stores) into a scoresheet whose totals equal its standings."""

from __future__ import annotations

from collections.abc import Iterator

from conformance.context import Context
from conformance.report import Failure
from conformance.table import _played
from engine.events import HandStarted, MatchEnded, event_to_json
from server.domain.records.sheet import project, rows_from_log
from server.ports.storage import LoggedEvent

FIX = (
    "match_rules().standings must rank the final scores as they are (score = the player's "
    "total, deposits left on the table moved by the rules), and settle the pot it leaves"
)


def sheet(ctx: Context) -> Iterator[Failure]:
    for p in _played(ctx):
        if p.failures or p.table is None or not p.events:
            continue  # the table checks said what went wrong
        ended = p.events[-1]
        if not isinstance(ended, MatchEnded):
            continue
        logged: list[LoggedEvent] = []
        hand_number: int | None = None
        for seq, ev in enumerate(p.events, 1):
            if isinstance(ev, HandStarted):
                hand_number = ev.hand_number
            logged.append(LoggedEvent("kit", seq, hand_number, event_to_json(ev)))
        seats = [f"p{i}" for i in range(p.table.rules.seats)]
        try:
            projection = project("kit", p.table, seats, rows_from_log("kit", logged), [], True)
        except Exception as exc:  # reported
            yield Failure(
                f"the scoresheet cannot be made: {type(exc).__name__}: {exc}", p.where, FIX
            )
            continue
        start = projection.start
        if sum(projection.final) + projection.pot_left != sum(start):
            yield Failure(
                f"the sheet's totals {projection.final} and pot {projection.pot_left} do not add "
                f"up to the start {start}",
                p.where,
                FIX,
            )
        by_player = {s.player: s for s in ended.standings}
        if sorted(by_player) != list(range(len(seats))):
            yield Failure(f"standings name players {sorted(by_player)}", p.where, FIX)
            continue
        for s in projection.standings:
            engine = by_player[s.place]
            if (engine.score, engine.rank, float(engine.points)) != (s.score, s.rank, s.points):
                yield Failure(
                    f"player {s.place}: the match ended with score {engine.score}, rank "
                    f"{engine.rank}, points {engine.points}, the sheet says {s.score}, "
                    f"{s.rank}, {s.points}",
                    p.where,
                    FIX,
                )
        totals = {s.place: s.score for s in projection.standings}
        if [totals[i] for i in range(len(seats))] != projection.final:
            yield Failure(
                f"the sheet's totals {projection.final} are not its standings {totals}",
                p.where,
                FIX,
            )
