"""Decision-by-decision differential: Jantaku's legal action menus in self-played sanma
hanchan against riichienv's three-player environment fed the same game.

    python scripts/sanma_decisions.py [--matches 1000] [--workers 2] [--seed s] [--show 5]

Each match is played by Jantaku's bots (seat 0 random, seats 1 and 2 greedy) under the
``tenhou_sanma`` preset. Its events are written in the three-player mjai dialect
riichienv reads (``rulesets.riichi.mjai.MjaiStream`` with ruleset "sanma": three seats,
``kita`` events) and fed, one message at a time, to three riichienv environments (one per
seat, ``RiichiEnv.observe_event``); whenever Jantaku asks a seat to act, the seat's menu
is compared with the menu riichienv offers it after the same messages. Menus are
compared as sets of: ``dahai <tile>``, ``reach``, ``hora``, ``ankan <kind>``,
``kakan <kind>``, ``kita``, ``kyushu``, ``pon <kind>``, ``daiminkan``, ``pass`` (which
red five a pon uses and which tile a riichi discards are not compared). Every
disagreement is counted by class: (``only Jantaku: …`` / ``only riichienv: …``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from riichienv import _riichienv as rc

from engine.actions import (
    Action,
    AddedKong,
    ConcealedKong,
    DeclareAbort,
    DeclareFlower,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.decide import start, step
from engine.ruleset import table_for
from engine.simulate import acting_seat, greedy_bots, random_bots
from engine.state import MatchState
from engine.tiles import kind_of
from engine.views import view_for
from rulesets.riichi.mjai import MjaiStream, parse_tile_name, tile_name
from rulesets.sanma import RULESET

SAN_HANCHAN = 5  # riichienv.GameType.SAN_HANCHAN


def _kind(name: str) -> str:
    return tile_name(kind_of(parse_tile_name(name)))


def ours(action: Action) -> str:
    if isinstance(action, Discard):
        return "reach" if action.riichi else f"dahai {tile_name(action.tile)}"
    if isinstance(action, SelfDrawWin | Win):
        return "hora"
    if isinstance(action, ConcealedKong):
        return f"ankan {tile_name(kind_of(action.tile))}"
    if isinstance(action, AddedKong):
        return f"kakan {tile_name(kind_of(action.tile))}"
    if isinstance(action, DeclareFlower):
        return "kita"
    if isinstance(action, DeclareAbort):
        return "kyushu"
    if isinstance(action, Pung):
        return f"pon {tile_name(kind_of(action.tiles[0]))}"
    if isinstance(action, Kong):
        return "daiminkan"
    if isinstance(action, Pass):
        return "pass"
    return f"other {action.type}"


def theirs(msg: dict[str, Any]) -> str:
    kind = msg["type"]
    if kind == "dahai":
        return f"dahai {msg['pai']}"
    if kind == "ankan":
        return f"ankan {_kind(msg['consumed'][0])}"
    if kind in ("kakan", "pon"):
        return f"{kind} {_kind(msg['pai'])}"
    if kind == "ryukyoku":
        return "kyushu"
    if kind == "none":
        return "pass"
    return str(kind)


def context(state: MatchState, out: list[dict[str, Any]]) -> str:
    """Where a decision stands, for the disagreement classes: the claim window's kind, or
    the turn with what led to it (a replacement draw after a kong or a kita, the live
    wall's last tiles)."""
    hand = state.hand
    assert hand is not None
    if hand.window is not None:
        return f"{hand.window.kind} window"
    before = [m["type"] for m in out if m["type"] not in ("dora", "reach_accepted")]
    if hand.rinshan:
        return "replacement after kita" if "kita" in before[-2:-1] else "replacement after kong"
    left = view_for(state, hand.turn).hand
    if left is not None and left.wall_remaining < 4:
        return f"turn, {left.wall_remaining} tiles left"
    return "turn"


def play(seed: str) -> tuple[Counter[str], list[str]]:
    """One hanchan; counts of decisions compared and disagreements by class."""
    table = table_for(RULESET, {"preset": "tenhou_sanma"})
    bots = [random_bots(table, seed, 0), greedy_bots(table, seed, 1), greedy_bots(table, seed, 2)]
    envs = [rc.RiichiEnv(game_mode=SAN_HANCHAN) for _ in range(3)]
    conv = MjaiStream(None, None, ruleset="sanma")
    fed = 0
    menus: dict[int, set[str] | None] = {}
    seen: Counter[str] = Counter()
    examples: list[str] = []

    def feed(events: list[Any]) -> None:
        nonlocal fed
        for ev in events:
            conv.feed(ev)
        for msg in conv.out[fed:]:
            for pid in range(3):
                obs = envs[pid].observe_event(msg, pid)
                if msg["type"] == "dora":  # a kan's indicator after the discard: the
                    continue  # claim menus that discard opened still stand
                if msg["type"] == "reach" and msg.get("actor") == pid:
                    menus[pid] = None  # riichienv's second step of a riichi: not ours
                    continue
                menus[pid] = (
                    None
                    if obs is None
                    else {theirs(json.loads(a.to_mjai())) for a in obs.legal_actions()}
                )
        fed = len(conv.out)

    state, events = start(table, seed)
    feed(events)
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None
        view = view_for(state, seat)
        mine = {ours(a) for a in view.legal}
        other = menus.get(seat)
        seen["decisions"] += 1
        seen.update(f"item:{item.split()[0]}" for item in mine)
        if state.hand is not None and state.hand.window is not None:
            kind = state.hand.window.kind
            seen[f"window:{kind}"] += 1
            seen[f"window:{kind} answered by riichienv"] += other is not None
        if other is None:
            seen[f"class:riichienv offers no decision [{context(state, conv.out[:fed])}]"] += 1
            if len(examples) < 3:
                examples.append(f"{seed} seat {seat}: ours {sorted(mine)}, riichienv none")
        elif mine != other:
            where = context(state, conv.out[:fed])
            for cls in sorted(mine - other):
                seen[f"class:only Jantaku: {cls.split()[0]} [{where}]"] += 1
            for cls in sorted(other - mine):
                seen[f"class:only riichienv: {cls.split()[0]} [{where}]"] += 1
            if len(examples) < 3:
                examples.append(
                    f"{seed} seat {seat} after {conv.out[fed - 1] if fed else None}: "
                    f"only ours {sorted(mine - other)}, only riichienv {sorted(other - mine)}"
                )
        action = bots[seat].act(view)
        menus[seat] = None
        state, events = step(state, action)
        feed(events)
    seen["matches"] += 1
    return seen, examples


def run(job: tuple[str, int]) -> tuple[Counter[str], list[str]]:
    seed, n = job
    total: Counter[str] = Counter()
    examples: list[str] = []
    for i in range(n):
        try:
            seen, ex = play(f"{seed}/{i}")
        except Exception as exc:  # riichienv refusing a message: counted, not fatal
            total["matches_broken"] += 1
            examples.append(f"{seed}/{i}: {type(exc).__name__}: {str(exc)[:200]}")
            continue
        total.update(seen)
        examples += ex
    return total, examples


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="sanma-decisions")
    parser.add_argument("--show", type=int, default=5)
    args = parser.parse_args()
    per_job = 20
    jobs = [(f"{args.seed}/{j}", min(per_job, args.matches - j * per_job))
            for j in range((args.matches + per_job - 1) // per_job)]
    begin = time.perf_counter()
    total: Counter[str] = Counter()
    examples: list[str] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for seen, ex in pool.map(run, jobs):
            total.update(seen)
            examples += ex
    elapsed = time.perf_counter() - begin
    bad = sum(v for k, v in total.items() if k.startswith("class:"))
    print(f"matches: {total['matches']} played, {total['matches_broken']} broken, "
          f"in {elapsed:.1f} s over {args.workers} workers")
    print(f"decisions compared: {total['decisions']}  menu disagreements (per item): {bad}")
    items = sorted((k[5:], v) for k, v in total.items() if k.startswith("item:"))
    print("menu items offered by Jantaku: " + ", ".join(f"{k} {v}" for k, v in items))
    windows = sorted((k[7:], v) for k, v in total.items() if k.startswith("window:"))
    print("claim windows (Jantaku): " + ", ".join(f"{k} {v}" for k, v in windows))
    for k, v in sorted(total.items(), key=lambda kv: -kv[1]):
        if k.startswith("class:"):
            print(f"  {v:8d}  {k[6:]}")
    for line in examples[: args.show]:
        print("  " + line)
    return 1 if bad or total["matches_broken"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
