"""A match's scoresheet: one row per hand with its patterns and payments, running totals
(voided hands left out, penalty lines added) and the final standings."""

from __future__ import annotations

import csv
import io
from typing import Any

from server.repositories.protocols import AdjustmentRow, HandRow, StandingRow, TableRecord

WINDS = ("", "East", "South", "West", "North")


def _deltas(payments: list[dict[str, Any]], places: int) -> list[int]:
    out = [0] * places
    for p in payments:
        if p["payer"] is not None:
            out[p["payer"]] -= p["amount"]
        if p["payee"] is not None:
            out[p["payee"]] += p["amount"]
    return out


def match_summary(record: TableRecord) -> dict[str, Any]:
    return {
        "match_id": record.id,
        "ruleset": record.ruleset,
        "ruleset_version": record.ruleset_version,
        "options": record.options,
        "status": record.status,
        "voided": record.voided,
        "seats": list(record.seats),
        "commitment": record.commitment,
        "seed": record.seed if record.status == "finished" else None,
        "hands_played": record.hands_played,
        "scores": list(record.scores),
        "created": record.created.isoformat(),
        "started": record.started.isoformat() if record.started else None,
        "ended": record.ended.isoformat() if record.ended else None,
    }


def start_scores(record: TableRecord, hands: list[HandRow]) -> list[int]:
    """The scores before the first hand (the record holds them until a hand is settled)."""
    if not hands:
        return list(record.scores)
    first = hands[0]
    delta = _deltas(first.payments, len(first.scores))
    return [s - d for s, d in zip(first.scores, delta, strict=True)]


def scoresheet(
    record: TableRecord,
    hands: list[HandRow],
    standings: list[StandingRow],
    adjustments: list[AdjustmentRow],
    names: dict[str, str],
) -> dict[str, Any]:
    """The JSON scoresheet. ``names`` maps occupants (player ids) to display names."""
    places = len(record.seats)
    start = start_scores(record, hands)
    totals = list(start)
    rows: list[dict[str, Any]] = []
    for h in hands:
        delta = _deltas(h.payments, places)
        if not h.voided:
            totals = [t + d for t, d in zip(totals, delta, strict=True)]
        rows.append(
            {
                "hand_number": h.hand_number,
                "label": h.label,
                "prevailing_wind": WINDS[h.round_wind] if 0 < h.round_wind < 5 else h.round_wind,
                "round_wind": h.round_wind,
                "dealer": h.dealer,
                "honba": h.honba,
                "result": h.outcome,
                "abort": h.abort,
                "winners": h.winners,
                "discarder": h.discarder,
                "wins": h.wins,
                "hand_total": h.total,
                "payments": h.payments,
                "deltas": delta,
                "scores": h.scores,
                "running_totals": list(totals),
                "voided": h.voided,
            }
        )
    penalties = []
    for a in adjustments:
        totals[a.place] += a.amount
        penalties.append(
            {
                "id": a.id,
                "place": a.place,
                "amount": a.amount,
                "reason": a.reason,
                "by": a.by,
                "at": a.at.isoformat(),
                "running_totals": list(totals),
            }
        )
    return {
        "match": match_summary(record),
        "players": [
            {"place": i, "occupant": o, "name": names.get(o, o if o.startswith("bot:") else "")}
            for i, o in enumerate(record.seats)
        ],
        "start_scores": start,
        "hands": rows,
        "adjustments": penalties,
        "final_totals": totals,
        "standings": [
            {
                "place": s.place,
                "player": s.player,
                "rank": s.rank,
                "score": s.score,
                "points": s.points,
            }
            for s in sorted(standings, key=lambda s: (s.rank, s.place))
        ],
    }


CSV_HEADER = [
    "line",
    "hand",
    "label",
    "prevailing_wind",
    "dealer",
    "honba",
    "result",
    "winners",
    "discarder",
    "patterns",
    "hand_total",
    "payments",
    "delta_0",
    "delta_1",
    "delta_2",
    "delta_3",
    "total_0",
    "total_1",
    "total_2",
    "total_3",
    "voided",
]


def _patterns_text(wins: list[dict[str, Any]]) -> str:
    parts = []
    for w in wins:
        items = " + ".join(
            f"{p['en'] or p['id']} {p['value']}" + (f"x{p['count']}" if p["count"] != 1 else "")
            for p in w["patterns"]
        )
        parts.append(f"place {w['place']}: {items} = {w['total']}")
    return "; ".join(parts)


def _payments_text(payments: list[dict[str, Any]]) -> str:
    def who(p: int | None) -> str:
        return "table" if p is None else str(p)

    return "; ".join(
        f"{who(p['payer'])}->{who(p['payee'])} {p['amount']} ({p['reason']})" for p in payments
    )


def to_csv(sheet: dict[str, Any]) -> str:
    """The scoresheet as CSV: one line per hand, then penalty lines, then standings."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    pad = [""] * 4
    for i, h in enumerate(sheet["hands"], 1):
        w.writerow(
            [
                i,
                h["hand_number"],
                h["label"],
                h["prevailing_wind"],
                h["dealer"],
                h["honba"],
                h["result"] + (f" ({h['abort']})" if h["abort"] else ""),
                " ".join(str(x) for x in h["winners"]),
                "" if h["discarder"] is None else h["discarder"],
                _patterns_text(h["wins"]),
                h["hand_total"],
                _payments_text(h["payments"]),
                *(h["deltas"] + pad)[:4],
                *(h["running_totals"] + pad)[:4],
                "yes" if h["voided"] else "",
            ]
        )
    for a in sheet["adjustments"]:
        delta = [""] * 4
        delta[a["place"]] = a["amount"]
        w.writerow(
            [
                "penalty",
                "",
                "",
                "",
                "",
                "",
                "adjustment",
                "",
                "",
                "",
                "",
                f"{a['reason']} (by {a['by']})",
                *delta,
                *(a["running_totals"] + pad)[:4],
                "",
            ]
        )
    w.writerow([])
    w.writerow(["rank", "place", "player", "score", "points"])
    for s in sheet["standings"]:
        w.writerow([s["rank"], s["place"], s["player"], s["score"], s["points"]])
    return buf.getvalue()
