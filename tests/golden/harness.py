"""Golden replay: matches recorded before a change of the engine, played again after it.

A golden match is a ruleset, its options, a seed and a policy. Its actions are chosen
here (never by ``engine.bots``, which may change on their own), from the legal actions
and a SHA-256 stream of the seed, so the same engine gives the same actions. What is
recorded is a SHA-256 of the canonical event log (every event's JSON, sorted keys, no
spaces) and of the scoresheet (``server.domain.records.sheet``: every hand row and the
projection's final totals, pot and standings). ``matches.json`` holds 1,000 of them;
``tests/golden/test_golden.py`` replays a sample, ``scripts/golden_replay.py`` all.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.actions import Action, Discard, SelfDrawWin, Win
from engine.decide import start, step
from engine.events import Event, HandStarted, event_to_json
from engine.legal import legal_actions
from engine.ruleset import table_for
from engine.shapes import shanten
from engine.simulate import acting_seat
from engine.state import MatchState, Table
from engine.tiles import counts_of, kind_of
from engine.time_limit import call_time

DATA = Path(__file__).with_name("matches.json")
MAX_ACTIONS = 200_000


@dataclass(frozen=True)
class Golden:
    ruleset: str
    options: dict[str, Any]
    seed: str
    policy: str  # "random" or "greedy"
    one_hand: bool  # time is called after the first action: the first hand is the last
    events_sha: str = ""
    sheet_sha: str = ""
    events: int = 0

    def key(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "options": self.options,
            "seed": self.seed,
            "policy": self.policy,
            "one_hand": self.one_hand,
        }


def _ruleset(ruleset_id: str) -> Any:
    return importlib.import_module(f"rulesets.{ruleset_id}").RULESET


_TABLES: dict[str, Table] = {}


def table(ruleset_id: str, options: dict[str, Any]) -> Table:
    key = ruleset_id + json.dumps(options, sort_keys=True)
    if key not in _TABLES:
        _TABLES[key] = table_for(_ruleset(ruleset_id), options)
    return _TABLES[key]


class _Stream:
    """Uniform integers from SHA-256 in counter mode (the harness's own randomness)."""

    def __init__(self, seed: str) -> None:
        self._seed = seed.encode()
        self._n = 0

    def below(self, n: int) -> int:
        self._n += 1
        digest = hashlib.sha256(self._seed + b"/" + str(self._n).encode()).digest()
        return int.from_bytes(digest[:8], "big") % n


def _greedy_discard(state: MatchState, seat: int, legal: Sequence[Action]) -> Action | None:
    """The plain discard leaving the lowest shanten (first such in legal order)."""
    hand = state.hand
    assert hand is not None
    rules = state.table.rules
    me = hand.seats[seat]
    counts = counts_of(me.hand)[:34]
    best: tuple[int, int] | None = None
    choice: Action | None = None
    for i, a in enumerate(legal):
        if isinstance(a, Discard) and not a.riichi:
            k = kind_of(a.tile)
            counts[k] -= 1
            value = shanten(counts, len(me.melds), n_sets=rules.n_sets, rules=rules.shape_rules)
            counts[k] += 1
            if best is None or (value, i) < best:
                best, choice = (value, i), a
    return choice


def choose(
    state: MatchState, seat: int, legal: Sequence[Action], policy: str, rng: _Stream
) -> Action:
    wins = [a for a in legal if isinstance(a, Win | SelfDrawWin)]
    if wins and rng.below(10) < 9:
        return wins[0]
    riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
    if riichi and rng.below(2) == 0:
        return riichi[rng.below(len(riichi))]
    if policy == "greedy" and rng.below(4) != 0:
        discard = _greedy_discard(state, seat, legal)
        if discard is not None:
            return discard
    return legal[rng.below(len(legal))]


def play(g: Golden) -> tuple[Table, list[Event]]:
    """The match's events, its actions chosen by ``choose``."""
    tbl = table(g.ruleset, g.options)
    state, events = start(tbl, g.seed)
    log = list(events)
    rng = _Stream(f"{g.seed}/{g.policy}")
    acted = 0
    while not state.over:
        seat = acting_seat(state)
        if seat is None:
            raise AssertionError(f"{g.seed}: nobody can act")
        legal = legal_actions(state, seat)
        state, events = step(state, choose(state, seat, legal, g.policy, rng))
        log.extend(events)
        acted += 1
        if acted == 1 and g.one_hand and not state.over:
            state, events = call_time(state)
            log.extend(events)
        if acted > MAX_ACTIONS:
            raise AssertionError(f"{g.seed}: too many actions")
    return tbl, log


def canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def events_json(events: Sequence[Event]) -> list[dict[str, Any]]:
    return [event_to_json(e) for e in events]


def sheet_json(g: Golden, tbl: Table, log: list[dict[str, Any]]) -> dict[str, Any]:
    """The scoresheet of the match as the server projects it (no corrections)."""
    from server.domain.records.sheet import project, row_json, rows_from_log
    from server.ports.storage import LoggedEvent

    logged: list[LoggedEvent] = []
    hand_number: int | None = None
    for seq, ev in enumerate(log, 1):
        if ev["type"] == HandStarted.__dataclass_fields__["type"].default:
            hand_number = int(ev["hand_number"])
        logged.append(LoggedEvent("golden", seq, hand_number, ev))
    rows = rows_from_log("golden", logged)
    seats = ["p0", "p1", "p2", "p3"]
    projection = project("golden", tbl, seats, rows, [], True)
    return {
        "rows": [row_json(r) for r in rows],
        "final": projection.final,
        "pot_left": projection.pot_left,
        "running": projection.running,
        "standings": [[s.place, s.player, s.rank, s.score, s.points] for s in projection.standings],
    }


def record(g: Golden) -> Golden:
    tbl, events = play(g)
    log = events_json(events)
    sheet = sheet_json(g, tbl, log)
    return Golden(
        **g.key(),
        events_sha=hashlib.sha256(canonical(log)).hexdigest(),
        sheet_sha=hashlib.sha256(canonical(sheet)).hexdigest(),
        events=len(log),
    )


def load() -> list[Golden]:
    return [Golden(**row) for row in json.loads(DATA.read_text())]


def save(goldens: Sequence[Golden]) -> None:
    rows = [
        {**g.key(), "events_sha": g.events_sha, "sheet_sha": g.sheet_sha, "events": g.events}
        for g in goldens
    ]
    DATA.write_text(json.dumps(rows, indent=0, sort_keys=True) + "\n")


def mismatch(g: Golden) -> str | None:
    """None when the match replays as recorded, else what differs."""
    again = record(g)
    if (again.events_sha, again.sheet_sha, again.events) == (g.events_sha, g.sheet_sha, g.events):
        return None
    return (
        f"{g.ruleset} {g.options} seed={g.seed} policy={g.policy} one_hand={g.one_hand}: "
        f"events {g.events}->{again.events} "
        f"{'same' if again.events_sha == g.events_sha else 'DIFFER'} log, "
        f"{'same' if again.sheet_sha == g.sheet_sha else 'DIFFER'} sheet"
    )


# ------------------------------------------------------------------ what is recorded

# Option sets the tests use (tests/engine, tests/rulesets, tests/server), per ruleset.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "riichi": [
        {},
        {"preset": "tenhou"},
        {"preset": "ema"},
        {"preset": "wrc"},
        {"game_length": "tonpuusen"},
        {"aka_dora": 3, "kuikae": "suji_allowed", "multi_ron": "triple"},
        {
            "aka_dora": 4,
            "kuikae": "allowed",
            "multi_ron": "head_bump",
            "kan_dora_timing": "after_discard",
        },
        {
            "nagashi_mangan": True,
            "paarenchan": True,
            "renhou": True,
            "shiisan_puutaa": True,
            "isshoku_sanjun": True,
            "sanrenkou": True,
            "suurenkou": True,
            "daisharin": True,
        },
        {
            "nagashi_mangan": True,
            "nagashi_called_discard_voids": True,
            "nagashi_multiple": "each",
            "nagashi_then_noten_payments": False,
        },
        {
            "renchan": "win_only",
            "tobi": "off",
            "agari_yame": False,
            "tenpai_yame": True,
            "karaten_counts_as_tenpai": True,
            "riichi_ankan": "no_shape_change",
        },
        {
            "abortive_draws": [],
            "kiriage_mangan": True,
            "rank_ties": "split_uma",
            "leftover_deposits": "forfeit",
            "multi_ron_honba": "each_winner",
            "multi_ron_deposits": "own_stick_back",
        },
    ],
    "mcr": [
        {},
        {"hands_per_session": 1},
        {"hands_per_session": 4},
        {"edition": "botzone1998"},
        {"edition": "wmo2006"},
        {"use_flowers": False},
        {"flower_timing": "on_own_turn"},
        {"seat_change": "none", "mixed_kong_points": 3, "added_kong_from_hand": False},
        {"point_cap": 88, "knitted_straight_waits": "allow"},
        {"beginner": True},
    ],
    "zung_jung": [
        {},
        {"hands_per_game": 4},
        {"payoff": "uniform", "hands_per_game": 4},
        {"minimum_points": 5},
        {"dead_wall_size": 0},
        {"dead_wall_size": 16, "bonus_tiles": "half"},
        {"bonus_tiles": "full", "multiple_listed_limits": "sum"},
    ],
    "three_kingdoms": [
        {},
        {"hands_per_session": 3, "leftover_deposits": "discard"},
        {"hands_per_session": 4, "leftover_deposits": "return"},
        {"seat_change": "none", "riichi_furiten": "literal"},
        {"dora_scope": "whole_hand", "kan_dora_timing": "after_discard"},
        {
            "riichi_concealed_kong": "no_wait_change",
            "concealed_kong_display": "shown",
            "riichi_robbed_kong": "normal",
            "win_method_fans_when_hidden": False,
            "melded_hand_when_hidden": True,
        },
        {"edition": "botzone1998"},
    ],
}

COUNTS = {"riichi": 400, "mcr": 300, "zung_jung": 150, "three_kingdoms": 150}


def plan() -> Iterator[Golden]:
    """1,000 matches: mostly one-hand matches (time called at once), every tenth whole,
    three in four greedy, every option set in turn."""
    for ruleset, n in COUNTS.items():
        sets = OPTION_SETS[ruleset]
        for i in range(n):
            yield Golden(
                ruleset=ruleset,
                options=sets[i % len(sets)],
                seed=f"golden-{ruleset}-{i}",
                policy="random" if (i // len(sets)) % 4 == 0 else "greedy",
                one_hand=i % 10 != 9,
            )
