"""The scoresheet projection: the one place where a match's records are computed from the
engine's events and the administrators' corrections.

* ``hand_row`` turns the events of one hand (``hand_started``, ``riichi_accepted``,
  ``hand_ended``, ``settled``) into its scoresheet row: payments in table places, the
  deposits each place paid into the pot, the deltas (payments received − paid − deposits)
  and the pot before and after. The ``hand_end`` frame and the stored row are both this.
* ``project`` folds the rows and the corrections (events of their own: ``adjust``,
  ``void_hand``, ``void_match``) into running totals, the pot, the end-of-match movement of
  the deposits left on the table, the final totals and the standings, ranked by the
  ruleset's own match rules. The stores write its result, nothing else does.

Invariants (tests/server/domain/records): sum(final totals) + pot left = sum(start scores) +
sum(adjustments); standings = last running totals + adjustments; each hand's deltas =
its payments + deposit movements; projecting the stored events again gives the same sheet.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.state import MatchState, Payment, Standing, Table, apply_payments
from server.ports.storage import CorrectionRow, HandRow, LoggedEvent, StandingRow

HAND_EVENTS = frozenset({"hand_started", "riichi_accepted", "hand_ended", "settled"})
WINDS = ("", "East", "South", "West", "North")


def _place(seating: Sequence[int], seat: int | None) -> int | None:
    return None if seat is None else int(seating[seat])


def _win(seating: Sequence[int], win: dict[str, Any]) -> dict[str, Any]:
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


def _flagged(seating: Sequence[int], flags: Sequence[Any]) -> list[int]:
    return sorted(int(seating[s]) for s, on in enumerate(flags) if on)


def hand_row(table_id: str, events: Sequence[LoggedEvent]) -> HandRow:
    """The scoresheet row of one hand from its events (any others are ignored)."""
    ended: LoggedEvent | None = None
    settled: dict[str, Any] | None = None
    seat_deposits: list[tuple[int, int]] = []
    for item in events:
        kind = item.event.get("type")
        if kind == "riichi_accepted":
            seat_deposits.append((int(item.event["seat"]), int(item.event["deposit"])))
        elif kind == "hand_ended":
            ended = item
        elif kind == "settled":
            settled = item.event
    if ended is None or settled is None:
        raise ValueError(f"table {table_id}: a hand row needs its hand_ended and settled events")
    result = ended.event["result"]
    seating = [int(p) for p in result["seating"]]
    places = len(settled["scores"])
    deposits = [0] * places
    for seat, amount in seat_deposits:
        deposits[seating[seat]] += amount
    paid = [Payment(p["payer"], p["payee"], p["amount"], p["reason"]) for p in settled["payments"]]
    moved, to_table = apply_payments([-d for d in deposits], 0, seating, paid)
    deltas = list(moved)
    payments = [
        {
            "payer": _place(seating, p.payer),
            "payee": _place(seating, p.payee),
            "amount": p.amount,
            "reason": p.reason,
        }
        for p in paid
    ]
    wins = [_win(seating, w) for w in result.get("wins", [])]
    discarders = {w["from"] for w in wins if w["from"] is not None}
    pot = int(settled["pot"])
    melds = result.get("melds") or []
    return HandRow(
        table_id=table_id,
        hand_number=int(result["hand_number"]),
        seq=ended.seq,
        label=result.get("label", ""),
        round_wind=int(result["round_wind"]),
        dealer=seating[result["dealer"]],
        honba=int(result.get("honba", 0)),
        outcome=result["outcome"],
        abort=result.get("abort"),
        winners=[int(w["place"]) for w in wins],
        discarder=discarders.pop() if len(discarders) == 1 else None,
        wins=wins,
        total=sum(int(w["total"]) for w in wins),
        payments=payments,
        scores=[int(s) for s in settled["scores"]],
        deposits=deposits,
        deltas=deltas,
        pot_before=pot - sum(deposits) - to_table,  # to_table: what the payments put in, net
        pot=pot,
        riichi=_flagged(seating, result.get("riichi") or ()),
        tenpai=_flagged(seating, result.get("tenpai") or ()),
        called=sorted(
            seating[s]
            for s, own in enumerate(melds)
            if any(m["meld"]["type"] != "ankan" for m in own)
        ),
    )


def row_json(h: HandRow) -> dict[str, Any]:
    """A hand row as the ``hand_end`` frame and the scoresheet show it."""
    return {
        "hand_number": h.hand_number,
        "label": h.label,
        "prevailing_wind": WINDS[h.round_wind] if 0 < h.round_wind < 5 else h.round_wind,
        "round_wind": h.round_wind,
        "dealer": h.dealer,
        "honba": h.honba,
        "result": h.outcome,
        "abort": h.abort,
        "winners": list(h.winners),
        "discarder": h.discarder,
        "wins": h.wins,
        "hand_total": h.total,
        "payments": h.payments,
        "deposits": list(h.deposits),
        "deltas": list(h.deltas),
        "pot_before": h.pot_before,
        "pot_after": h.pot,
        "scores": list(h.scores),
        "riichi": list(h.riichi),
        "tenpai": list(h.tenpai),
        "called": list(h.called),
    }


# ---------------------------------------------------------------------- the ruleset's ranking


class RulesetUnavailable(LookupError):
    """The match's ruleset (or its stored options) cannot be loaded any more, so its
    ranking cannot be computed."""


@lru_cache(maxsize=64)
def _table(ruleset: str, options_json: str) -> Table:
    from server.domain.registry import build_table

    try:
        return build_table(ruleset, json.loads(options_json))
    except Exception as exc:  # unknown, broken or unplayable ruleset, options refused
        raise RulesetUnavailable(f"ruleset '{ruleset}' cannot rank this match: {exc}") from None


def table_of(ruleset: str, options: dict[str, Any]) -> Table:
    return _table(ruleset, json.dumps(options, sort_keys=True, default=list))


def rank(table: Table, scores: Sequence[int], pot: int) -> tuple[Standing, ...]:
    """The ruleset's standings of these scores with ``pot`` still on the table (its match
    rules decide where deposits left over go, and the table points or uma/oka)."""
    state = MatchState(table=table, seed="", scores=tuple(scores), pot=pot)
    return tuple(table.match_rules.standings(state))


# ---------------------------------------------------------------------- the projection


@dataclass
class Line:
    """A sheet line after the hands: the deposits left on the table at the end
    (``leftover``) or an administrator's ``adjust`` correction."""

    kind: str
    deltas: list[int]
    running: list[int]
    correction: CorrectionRow | None = None


@dataclass
class Projection:
    start: list[int]
    hands: list[HandRow]
    running: list[list[int]]  # per hand: totals after it (voided hands move nothing)
    pots: list[int]  # per hand: the pot after it, corrected
    voids: dict[int, CorrectionRow]  # hand_number -> its void_hand correction
    lines: list[Line]
    final: list[int]
    pot_left: int
    standings: list[StandingRow]  # corrected; empty until the match is finished
    voided: CorrectionRow | None  # the void_match correction
    corrections: list[CorrectionRow] = field(default_factory=list)

    @property
    def counted(self) -> list[HandRow]:
        return [h for h in self.hands if h.hand_number not in self.voids]


def project(
    table_id: str,
    table: Table,
    seats: Sequence[str],
    hands: Sequence[HandRow],
    corrections: Sequence[CorrectionRow],
    finished: bool,
) -> Projection:
    start = [int(s) for s in table.match_rules.start_scores()][: len(seats)]
    voids = {
        c.hand_number: c for c in corrections if c.kind == "void_hand" and c.hand_number is not None
    }
    totals = list(start)
    pot = 0
    running: list[list[int]] = []
    pots: list[int] = []
    for h in sorted(hands, key=lambda h: h.hand_number):
        if h.hand_number not in voids:
            totals = [t + d for t, d in zip(totals, h.deltas, strict=True)]
            pot += h.pot - h.pot_before
        running.append(list(totals))
        pots.append(pot)
    lines: list[Line] = []
    if finished:
        moved = [s.score - totals[s.player] for s in rank(table, totals, pot)]
        if any(moved):
            totals = [t + m for t, m in zip(totals, moved, strict=True)]
            pot -= sum(moved)
            lines.append(Line("leftover", moved, list(totals)))
    for c in corrections:
        if c.kind == "adjust" and c.place is not None:
            deltas = [0] * len(totals)
            deltas[c.place] = c.amount
            totals[c.place] += c.amount
            lines.append(Line("adjust", deltas, list(totals), c))
    standings = []
    if finished:
        standings = [
            StandingRow(
                table_id=table_id,
                place=s.player,
                player=seats[s.player] if s.player < len(seats) else "",
                rank=s.rank,
                score=s.score,
                points=float(s.points),
            )
            for s in rank(table, totals, 0)
        ]
    return Projection(
        start=start,
        hands=sorted(hands, key=lambda h: h.hand_number),
        running=running,
        pots=pots,
        voids=voids,
        lines=lines,
        final=totals,
        pot_left=pot,
        standings=standings,
        voided=next((c for c in corrections if c.kind == "void_match"), None),
        corrections=list(corrections),
    )


def standings_json(standings: Sequence[StandingRow]) -> list[dict[str, Any]]:
    """The standings as the match row keeps them (per place, like ``match_ended``)."""
    return [
        {"player": s.place, "score": s.score, "rank": s.rank, "points": s.points}
        for s in sorted(standings, key=lambda s: s.place)
    ]


def rows_from_log(table_id: str, log: Sequence[LoggedEvent]) -> list[HandRow]:
    """Every hand row of a stored event log, projected afresh (a replay of the records)."""
    rows: list[HandRow] = []
    hand: list[LoggedEvent] = []
    for item in log:
        kind = item.event.get("type")
        if kind == "hand_started":
            hand = []
        if kind in HAND_EVENTS:
            hand.append(item)
        if kind == "settled":
            rows.append(hand_row(table_id, hand))
            hand = []
    return rows


def summary(p: Projection) -> dict[str, Any]:
    """What an audit line keeps of the sheet before and after a correction."""
    return {
        "final_totals": list(p.final),
        "pot": p.pot_left,
        "standings": standings_json(p.standings),
        "voided_hands": sorted(p.voids),
        "voided": p.voided is not None,
    }


class NothingToCorrect(Exception):
    """No hand is left to void, or the match is already voided."""


def correction_target(before: Projection, kind: str) -> int | None:
    """The hand a ``void_hand`` correction voids (the last one still counted); raises
    ``NothingToCorrect`` when the correction would change nothing."""
    if kind == "void_match" and before.voided is not None:
        raise NothingToCorrect("the match is already voided")
    if kind != "void_hand":
        return None
    if not before.counted:
        raise NothingToCorrect("no hand left to void")
    return before.counted[-1].hand_number


def audit_detail(c: CorrectionRow, before: Projection, after: Projection) -> dict[str, Any]:
    return {
        "correction": c.id,
        "place": c.place,
        "amount": c.amount,
        "hand_number": c.hand_number,
        "before": summary(before),
        "after": summary(after),
    }
