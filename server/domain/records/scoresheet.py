"""A match's scoresheet as JSON and CSV: the projection (server.domain.records.sheet) of its
stored hand rows and corrections, with the seats' display names."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from server.domain.records.csv_cells import writer as csv_writer
from server.domain.records.sheet import Projection, row_json
from server.ports.storage import CorrectionRow, StandingRow, TableRecord

SEAT_WINDS = ("East", "South", "West", "North")

OUTCOMES = {
    "win": "win",
    "exhaustive_draw": "exhaustive draw",
    "abortive_draw": "abortive draw",
}
REASONS = {
    "base": "base payment",
    "hand_value": "hand value",
    "hand": "hand value",
    "false_win": "false win penalty",
    "honba": "counters (honba)",
    "deposits": "riichi deposits",
    "noten": "not-ready payment (noten)",
    "nagashi_mangan": "nagashi mangan",
    "pao": "liability (pao)",
    "riichi_deal_in": "riichi deal-in",
    "responsible": "responsible discarder",
    "par": "par payment",
}


def reason_words(reason: str) -> str:
    return REASONS.get(reason, reason.replace("_", " "))


def bot_name(occupant: str, place: int) -> str:
    """A bot's display name: its brain and its first seat wind, e.g. "Greedy bot (East)"."""
    brain = occupant.removeprefix("bot:").replace("_", " ").capitalize()
    wind = SEAT_WINDS[place] if place < len(SEAT_WINDS) else f"seat {place + 1}"
    return f"{brain} bot ({wind})"


def display_names(seats: Sequence[str], players: dict[str, str]) -> list[str]:
    """One distinct name per place: the player's name, a bot's name, "open"; a name two
    places share gets its seat wind added."""
    names = []
    for place, occupant in enumerate(seats):
        if occupant.startswith("bot:"):
            names.append(bot_name(occupant, place))
        elif occupant == "open":
            names.append(f"open seat ({SEAT_WINDS[place]})")
        else:
            names.append(players.get(occupant) or occupant)
    out = []
    for place, name in enumerate(names):
        out.append(f"{name} ({SEAT_WINDS[place]})" if names.count(name) > 1 else name)
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
        "pot": record.pot,
        "created": record.created.isoformat(),
        "started": record.started.isoformat() if record.started else None,
        "ended": record.ended.isoformat() if record.ended else None,
    }


def standin_hands(record: TableRecord, place: int) -> list[int]:
    """The hand numbers in which a stand-in bot played ``place`` for its absent player."""
    kept = record.standins or []
    return list(kept[place]) if place < len(kept) else []


def correction_json(c: CorrectionRow) -> dict[str, Any]:
    return {
        "id": c.id,
        "kind": c.kind,
        "place": c.place,
        "amount": c.amount,
        "hand_number": c.hand_number,
        "reason": c.reason,
        "by": c.by,
        "at": c.at.isoformat(),
    }


def scoresheet(
    record: TableRecord,
    p: Projection,
    standings: list[StandingRow],
    names: list[str],
) -> dict[str, Any]:
    """The JSON scoresheet: ``names`` are the places' display names."""
    rows: list[dict[str, Any]] = []
    for h, running, pot in zip(p.hands, p.running, p.pots, strict=True):
        void = p.voids.get(h.hand_number)
        rows.append(
            row_json(h)
            | {
                "running_totals": running,
                "pot": pot,
                "voided": void is not None,
                "void": correction_json(void) if void else None,
            }
        )
    lines = []
    for line in p.lines:
        c = line.correction
        lines.append(
            {
                "kind": "adjustment" if line.kind == "adjust" else line.kind,
                "deltas": line.deltas,
                "running_totals": line.running,
                "correction": correction_json(c) if c else None,
            }
        )
    adjustments = [
        correction_json(line.correction) | {"running_totals": line.running}
        for line in p.lines
        if line.correction is not None
    ]
    return {
        "match": match_summary(record),
        "players": [
            {
                "place": i,
                "occupant": o,
                "player_id": None if o.startswith("bot:") or o == "open" else o,
                "name": names[i],
                "seat_wind": SEAT_WINDS[i],
                # the hands in which a bot played this absent player's seat
                "standin_hands": standin_hands(record, i),
            }
            for i, o in enumerate(record.seats)
        ],
        "start_scores": p.start,
        "hands": rows,
        "lines": lines,
        "adjustments": adjustments,
        "corrections": [correction_json(c) for c in p.corrections],
        "final_totals": p.final,
        "pot_left": p.pot_left,
        "standings": [
            {
                "place": s.place,
                "player": s.player,
                "name": names[s.place],
                "rank": s.rank,
                "score": s.score,
                "points": s.points,
            }
            for s in sorted(standings, key=lambda s: (s.rank, s.place))
        ],
    }


# ---------------------------------------------------------------------- CSV


def _patterns_text(wins: list[dict[str, Any]], names: list[str]) -> str:
    parts = []
    for w in wins:
        items = " + ".join(
            f"{p['en'] or p['id']} {p['value']}" + (f" x{p['count']}" if p["count"] != 1 else "")
            for p in w["patterns"]
        )
        parts.append(f"{names[w['place']]}: {items} = {w['total']}")
    return "; ".join(parts)


def _payments_text(payments: list[dict[str, Any]], names: list[str]) -> str:
    def who(place: int | None) -> str:
        return "the table" if place is None else names[place]

    return "; ".join(
        f"{who(p['payer'])} pays {who(p['payee'])} {p['amount']} ({reason_words(p['reason'])})"
        for p in payments
    )


def _result_text(h: dict[str, Any]) -> str:
    outcome = str(h["result"])
    text = OUTCOMES.get(outcome, outcome.replace("_", " "))
    if h["abort"]:
        text += f" ({h['abort'].replace('_', ' ')})"
    return text


def csv_header(names: list[str]) -> list[str]:
    return [
        "line",
        "kind",
        "hand",
        "label",
        "prevailing wind",
        "dealer",
        "honba",
        "result",
        "winners",
        "discarder",
        "patterns",
        "hand total",
        "payments",
        "deposits",
        "pot before",
        "pot after",
        *(f"{n} change" for n in names),
        *(f"{n} total" for n in names),
        "voided",
        "note",
    ]


def to_csv(sheet: dict[str, Any]) -> str:
    """The scoresheet as one rectangular table: a line per hand, then the deposits left
    at the end and the adjustments (same columns; the seats' names head their columns)."""
    names = [p["name"] for p in sheet["players"]]
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(csv_header(names))
    n = 0
    for h in sheet["hands"]:
        n += 1
        void = h["void"]
        deposits = "; ".join(f"{names[i]} {d}" for i, d in enumerate(h["deposits"]) if d)
        w.writerow(
            [
                n,
                "hand",
                h["hand_number"] + 1,
                h["label"],
                h["prevailing_wind"],
                names[h["dealer"]],
                h["honba"],
                _result_text(h),
                ", ".join(names[x] for x in h["winners"]),
                "" if h["discarder"] is None else names[h["discarder"]],
                _patterns_text(h["wins"], names),
                h["hand_total"],
                _payments_text(h["payments"], names),
                deposits,
                h["pot_before"],
                h["pot_after"],
                *h["deltas"],
                *h["running_totals"],
                "yes" if void else "",
                f"voided by {void['by']}: {void['reason']}" if void else "",
            ]
        )
    blank = [""] * 12
    for line in sheet["lines"]:
        n += 1
        c = line["correction"]
        if c is None:
            note = "deposits left on the table go to first place"
            kind = "leftover deposits"
        else:
            note = f"{c['reason']} (by {c['by']})"
            kind = "adjustment"
        w.writerow(
            [n, kind, *blank[:11], "", "", "", *line["deltas"], *line["running_totals"], "", note]
        )
    for p in sheet["players"]:
        if p["standin_hands"]:
            n += 1
            hands = ", ".join(str(x + 1) for x in p["standin_hands"])
            note = f"absent: a stand-in bot played {p['name']}'s seat in hands {hands}"
            empty = [""] * (3 + 2 * len(names))
            w.writerow([n, "stand-in", *blank[:11], *empty, "", note])
    return buf.getvalue()


def standings_csv(sheet: dict[str, Any]) -> str:
    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(["rank", "place", "seat wind", "name", "player id", "score", "points"])
    players = sheet["players"]
    for s in sheet["standings"]:
        who = players[s["place"]]
        w.writerow(
            [
                s["rank"],
                s["place"],
                who["seat_wind"],
                who["name"],
                who["player_id"] or "",
                s["score"],
                s["points"],
            ]
        )
    return buf.getvalue()
