"""Scoresheet rows and standings from a batch of logged events (pure; both stores use it
inside the transaction that appends the batch)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.repositories.protocols import HandRow, LoggedEvent, StandingRow


@dataclass
class Derived:
    hands: list[HandRow] = field(default_factory=list)
    standings: list[StandingRow] = field(default_factory=list)
    scores: list[int] | None = None  # the scores after the batch's last settlement
    hands_played: int = 0  # settlements in the batch
    label: str | None = None  # the label of a hand started in the batch
    seed: str | None = None  # revealed by match_ended


def _place(seating: list[int], seat: int | None) -> int | None:
    return None if seat is None else int(seating[seat])


def _win(seating: list[int], win: dict[str, Any]) -> dict[str, Any]:
    score = win.get("score") or {}
    patterns = [
        {
            "id": p["id"],
            "en": p.get("en", ""),
            "zh": p.get("zh", ""),
            "ja": p.get("ja", ""),
            "value": p["value"],
            "count": p.get("count", 1),
            "points": p["value"] * p.get("count", 1),
        }
        for p in score.get("patterns", [])
    ]
    return {
        "place": _place(seating, win["seat"]),
        "from": _place(seating, win.get("from_seat")),
        "tile": win.get("tile"),
        "self_draw": win.get("from_seat") is None,
        "robbed_kong": bool(win.get("robbed_kong", False)),
        "patterns": patterns,
        "total": int(score.get("total", 0)),
    }


def hand_row(table_id: str, ended: LoggedEvent, settled: dict[str, Any]) -> HandRow:
    """The scoresheet row of a hand from its ``hand_ended`` entry and ``settled`` event."""
    result = ended.event["result"]
    seating = list(result["seating"])
    wins = [_win(seating, w) for w in result.get("wins", [])]
    discarders = {w["from"] for w in wins if w["from"] is not None}
    payments = [
        {
            "payer": _place(seating, p["payer"]),
            "payee": _place(seating, p["payee"]),
            "amount": int(p["amount"]),
            "reason": p["reason"],
        }
        for p in settled["payments"]
    ]
    return HandRow(
        table_id=table_id,
        hand_number=int(result["hand_number"]),
        seq=ended.seq,
        label=result.get("label", ""),
        round_wind=int(result["round_wind"]),
        dealer=int(seating[result["dealer"]]),
        honba=int(result.get("honba", 0)),
        outcome=result["outcome"],
        abort=result.get("abort"),
        winners=[int(w["place"]) for w in wins],
        discarder=discarders.pop() if len(discarders) == 1 else None,
        wins=wins,
        total=sum(int(w["total"]) for w in wins),
        payments=payments,
        scores=[int(s) for s in settled["scores"]],
    )


def derive(
    table_id: str,
    batch: list[LoggedEvent],
    occupants: list[str],
    previous_end: LoggedEvent | None = None,
) -> Derived:
    """What a batch adds to the records. ``previous_end`` is the table's last logged
    ``hand_ended`` when the batch may settle a hand ended in an earlier batch."""
    out = Derived()
    ended = previous_end
    for item in batch:
        kind = item.event.get("type")
        if kind == "hand_started":
            out.label = item.event.get("label", "")
        elif kind == "hand_ended":
            ended = item
        elif kind == "settled":
            if ended is None:
                raise ValueError(f"table {table_id}: seq {item.seq} settles no ended hand")
            out.hands.append(hand_row(table_id, ended, item.event))
            out.scores = [int(s) for s in item.event["scores"]]
            out.hands_played += 1
            ended = None
        elif kind == "match_ended":
            out.seed = item.event.get("seed")
            for s in item.event["standings"]:
                place = int(s["player"])
                out.standings.append(
                    StandingRow(
                        table_id=table_id,
                        place=place,
                        player=occupants[place] if place < len(occupants) else "",
                        rank=int(s["rank"]),
                        score=int(s["score"]),
                        points=float(s["points"]),
                    )
                )
    return out
