"""Player statistics per ruleset, kept incrementally: each finished, not voided match adds
one contribution per player (counters from its corrected scoresheet), and the stored
aggregate is the sum of a player's contributions (``largest`` the maximum). A correction
replaces the match's contributions and rebuilds the aggregates of the players it touches;
a request reads one aggregate row. Definitions: docs/records.md."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from server.domain import registry
from server.domain.records.sheet import Projection

COUNTERS = (
    "matches",
    "hands",
    "wins",
    "self_draws",
    "deal_ins",
    "win_value",
    "riichi",
    "riichi_wins",
    "calls",
    "draws",
    "draw_tenpai",
    "rank_sum",
    "score",
)


def supported(ruleset: str) -> frozenset[str]:
    """The optional figures the ruleset's records support (``Ruleset.statistics``, of
    ``engine.ruleset.OPTIONAL_STATISTICS``): none for a ruleset not installed."""
    try:
        return registry.load(ruleset).statistics
    except (registry.UnknownRuleset, registry.BrokenRuleset):
        return frozenset()


def empty() -> dict[str, Any]:
    out: dict[str, Any] = dict.fromkeys(COUNTERS, 0)
    out["points"] = 0.0
    out["ranks"] = [0, 0, 0, 0]
    out["patterns"] = {}
    out["largest"] = None
    return out


def contributions(
    match_id: str, projection: Projection, seats: list[str]
) -> dict[int, dict[str, Any]]:
    """Place -> the counters one finished match adds for its occupant (players only)."""
    if projection.voided is not None or not projection.standings:
        return {}
    out: dict[int, dict[str, Any]] = {}
    for place, occupant in enumerate(seats):
        if occupant == "open" or occupant.startswith("bot:"):
            continue
        out[place] = empty()
    for h in projection.counted:
        for place, c in out.items():
            c["hands"] += 1
            if place in h.riichi:
                c["riichi"] += 1
            if place in h.called:
                c["calls"] += 1
            if h.outcome == "exhaustive_draw":
                c["draws"] += 1
                if place in h.tenpai:
                    c["draw_tenpai"] += 1
            won = [w for w in h.wins if w["place"] == place]
            if won:
                c["wins"] += 1
                c["self_draws"] += sum(1 for w in won if w["self_draw"])
                if place in h.riichi:
                    c["riichi_wins"] += 1
                for w in won:
                    c["win_value"] += w["total"]
                    for p in w["patterns"]:
                        c["patterns"][p["id"]] = c["patterns"].get(p["id"], 0) + p["count"]
                    best = c["largest"]
                    if best is None or w["total"] > best["value"]:
                        c["largest"] = {
                            "value": w["total"],
                            "match_id": match_id,
                            "hand_number": h.hand_number,
                            "label": h.label,
                            "patterns": [p["id"] for p in w["patterns"]],
                        }
            elif any(w["from"] == place for w in h.wins):
                c["deal_ins"] += 1
    for s in projection.standings:
        if s.place not in out:
            continue
        c = out[s.place]
        c["matches"] = 1
        c["rank_sum"] = s.rank
        c["ranks"][min(s.rank, 4) - 1] += 1
        c["score"] = s.score
        c["points"] = s.points
    return out


def merge(total: dict[str, Any], part: dict[str, Any]) -> dict[str, Any]:
    out = {k: total[k] + part[k] for k in COUNTERS}
    out["points"] = round(total["points"] + part["points"], 4)
    out["ranks"] = [a + b for a, b in zip(total["ranks"], part["ranks"], strict=True)]
    patterns = dict(total["patterns"])
    for k, n in part["patterns"].items():
        patterns[k] = patterns.get(k, 0) + n
    out["patterns"] = patterns
    best = [x for x in (total["largest"], part["largest"]) if x is not None]
    out["largest"] = max(best, key=lambda x: x["value"]) if best else None
    return out


def total(parts: Iterable[dict[str, Any]]) -> dict[str, Any]:
    out = empty()
    for p in parts:
        out = merge(out, p)
    return out


def _rate(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def figures(ruleset: str, agg: dict[str, Any]) -> dict[str, Any]:
    """The published figures of an aggregate (rates are fractions 0..1; None: no data)."""
    hands, wins, matches = agg["hands"], agg["wins"], agg["matches"]
    extra = supported(ruleset)
    out: dict[str, Any] = {
        "matches": matches,
        "hands": hands,
        "rank_distribution": list(agg["ranks"]),
        "average_rank": _rate(agg["rank_sum"], matches),
        "total_points": agg["points"],
        "total_score": agg["score"],
        "win_rate": _rate(wins, hands),
        "deal_in_rate": _rate(agg["deal_ins"], hands),
        "self_draw_share": _rate(agg["self_draws"], wins),
        "average_win_value": _rate(agg["win_value"], wins),
        "call_rate": _rate(agg["calls"], hands),
        "draw_rate": _rate(agg["draws"], hands),
        # only a ruleset that records who was ready at an exhaustive draw has the figure
        "tenpai_at_draw_rate": (
            _rate(agg["draw_tenpai"], agg["draws"]) if "tenpai_at_draw_rate" in extra else None
        ),
        "largest_hand": agg["largest"],
        "patterns": dict(sorted(agg["patterns"].items(), key=lambda kv: (-kv[1], kv[0]))),
        "counts": {k: agg[k] for k in COUNTERS},
    }
    if "riichi_rate" in extra:
        out["riichi_rate"] = _rate(agg["riichi"], hands)
    if "riichi_win_rate" in extra:
        out["riichi_win_rate"] = _rate(agg["riichi_wins"], agg["riichi"])
    return out
