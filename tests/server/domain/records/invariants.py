"""The invariants every match's records keep (docs/records.md), checked on what the
server publishes: the scoresheet, its CSV, and the stored event log replayed."""

from __future__ import annotations

import csv
import io
from typing import Any

from server.domain.records.sheet import project, row_json, rows_from_log, table_of
from server.ports.storage import CorrectionRow, LoggedEvent


def _corrections(sheet: dict[str, Any]) -> list[CorrectionRow]:
    from datetime import datetime

    return [
        CorrectionRow(
            c["id"],
            sheet["match"]["match_id"],
            c["kind"],
            c["place"],
            c["amount"],
            c["hand_number"],
            c["reason"],
            c["by"],
            datetime.fromisoformat(c["at"]),
        )
        for c in sheet["corrections"]
    ]


def check(sheet: dict[str, Any], events: list[dict[str, Any]], csv_text: str) -> None:
    """Raise AssertionError when a record disagrees with another."""
    match = sheet["match"]
    mid = match["match_id"]
    hands = sheet["hands"]
    n = len(sheet["players"])
    adjustments = [c for c in sheet["corrections"] if c["kind"] == "adjust"]
    # 1. nothing is created or lost: totals + pot = start + adjustments
    assert sum(sheet["final_totals"]) + sheet["pot_left"] == sum(sheet["start_scores"]) + sum(
        c["amount"] for c in adjustments
    ), mid
    # 2. each hand's deltas are its payments and deposit movements; as played, the
    # scores and the pot move by exactly that
    check_hands(mid, sheet["start_scores"], hands)
    # 3. running totals: the counted hands' deltas, then the lines after the hands
    totals = list(sheet["start_scores"])
    for h in hands:
        if not h["voided"]:
            totals = [t + d for t, d in zip(totals, h["deltas"], strict=True)]
        assert h["running_totals"] == totals, mid
    for line in sheet["lines"]:
        totals = [t + d for t, d in zip(totals, line["deltas"], strict=True)]
        assert line["running_totals"] == totals, mid
    assert sheet["final_totals"] == totals, mid
    assert match["scores"] == totals and match["pot"] == sheet["pot_left"], mid
    # 4. standings = the last running totals plus corrections (the final totals)
    if match["status"] == "finished":
        by_place = sorted(sheet["standings"], key=lambda s: s["place"])
        assert [s["place"] for s in by_place] == list(range(n)), mid
        assert [s["score"] for s in by_place] == sheet["final_totals"], mid
        if not sheet["corrections"]:  # uncorrected, the engine's own standings
            ended = events[-1]["event"]
            assert ended["type"] == "match_ended", mid
            engine = sorted(ended["standings"], key=lambda s: s["player"])
            assert [(s["score"], s["rank"], s["points"]) for s in engine] == [
                (s["score"], s["rank"], s["points"]) for s in by_place
            ], mid
    # 5. replaying the stored events rebuilds the identical scoresheet
    log = [LoggedEvent(mid, e["seq"], e["hand_number"], e["event"]) for e in events]
    replayed = rows_from_log(mid, log)
    stored = [{k: h[k] for k in row_json(replayed[0])} for h in hands] if replayed else []
    assert [row_json(r) for r in replayed] == stored, mid
    again = project(
        mid,
        table_of(match["ruleset"], match["options"]),
        match["seats"],
        replayed,
        _corrections(sheet),
        match["status"] == "finished",
    )
    assert again.final == sheet["final_totals"] and again.pot_left == sheet["pot_left"], mid
    assert [(s.place, s.rank, s.score, s.points) for s in again.standings] == sorted(
        (s["place"], s["rank"], s["score"], s["points"]) for s in sheet["standings"]
    ), mid
    # 6. the CSV says the same: one rectangle whose last line holds the final totals
    rows = list(csv.reader(io.StringIO(csv_text)))
    assert len({len(r) for r in rows}) == 1, mid
    assert len(rows) == 1 + len(hands) + len(sheet["lines"]), mid
    if len(rows) > 1:
        assert [int(x) for x in rows[-1][-2 - n : -2]] == sheet["final_totals"], mid


def check_hands(mid: str, start: list[int], hands: list[dict[str, Any]]) -> None:
    """Each hand row's deltas are its payments plus deposit movements; the scores as
    played move by exactly the deltas, the pot by the deposits and the table's payments."""
    before, pot = list(start), 0
    for h in hands:
        expected = [-d for d in h["deposits"]]
        to_table = from_table = 0
        for p in h["payments"]:
            if p["payer"] is None:
                from_table += p["amount"]
            else:
                expected[p["payer"]] -= p["amount"]
            if p["payee"] is None:
                to_table += p["amount"]
            else:
                expected[p["payee"]] += p["amount"]
        assert h["deltas"] == expected, (mid, h["hand_number"])
        assert [s - b for s, b in zip(h["scores"], before, strict=True)] == h["deltas"], mid
        assert h["pot_before"] == pot, mid
        assert h["pot_after"] - h["pot_before"] == sum(h["deposits"]) + to_table - from_table
        before, pot = h["scores"], h["pot_after"]
