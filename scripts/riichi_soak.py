"""Soak the riichi table: play many hanchan with bots, check the engine's invariants after
every event (tiles, scores + deposits = 100,000, redaction), and tally how hands and
matches end. Prints seeds where each rare end condition happened (tests pin some).

    python scripts/riichi_soak.py --games 200 --bots greedy
    python scripts/riichi_soak.py --games 50 --preset tenhou --no-check
    python scripts/riichi_soak.py --games 3 --export /tmp/logs   # tenhou.net/6 JSON files
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from pathlib import Path

from engine.events import HandEnded, MatchEnded
from engine.ruleset import table_for
from engine.simulate import BOTS, MatchRecord, play_match
from rulesets.riichi import RULESET
from rulesets.riichi.options import preset
from rulesets.riichi.tenhou6 import to_tenhou6


def match_end(record: MatchRecord) -> str:
    """How the match ended: bust, all_last_stop, extension_end, normal_end."""
    results = [e.result for e in record.events if isinstance(e, HandEnded)]
    ended = next(e for e in record.events if isinstance(e, MatchEnded))
    last = results[-1]
    if min(s.score for s in ended.standings) < 0 or min(record.state.scores) < 0:
        return "bust"
    if last.round_wind > 2:
        return "extension_end"
    dealer_won = last.outcome == "win" and any(w.seat == last.dealer for w in last.wins)
    if last.round_wind == 2 and last.dealer == 3 and dealer_won:
        return "all_last_stop"
    return "normal_end"


def hand_ends(record: MatchRecord) -> Counter[str]:
    out: Counter[str] = Counter()
    for e in record.events:
        if not isinstance(e, HandEnded):
            continue
        r = e.result
        if r.outcome == "win":
            out["win" if len(r.wins) == 1 else f"ron_x{len(r.wins)}"] += 1
        elif r.outcome == "abortive_draw":
            out[f"abort:{r.abort}"] += 1
        else:
            out["exhaustive_draw"] += 1
            if r.nagashi:
                out["nagashi"] += 1
        if r.round_wind > 2:
            out["west_hand"] += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", choices=list(BOTS), default="greedy")
    parser.add_argument("--preset", default="default")
    parser.add_argument("--seed", default="soak")
    parser.add_argument("--no-check", action="store_true")
    parser.add_argument("--export", type=Path, help="write each match as tenhou.net/6 JSON here")
    args = parser.parse_args()
    options = preset(args.preset).model_dump(exclude_defaults=True)
    table = table_for(RULESET, options)
    ends: Counter[str] = Counter()
    hands: Counter[str] = Counter()
    seeds: dict[str, list[str]] = defaultdict(list)
    start = time.perf_counter()
    for g in range(args.games):
        seed = f"{args.seed}-{g}"
        record = play_match(table, seed, BOTS[args.bots], check=not args.no_check)
        end = match_end(record)
        if args.export is not None:
            args.export.mkdir(parents=True, exist_ok=True)
            doc = to_tenhou6(record.events, title=f"Jantaku soak {seed}")
            text = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
            (args.export / f"{seed}.json").write_text(text, encoding="utf-8")
        ends[end] += 1
        seeds[end].append(seed)
        counted = hand_ends(record)
        hands.update(counted)
        for k in counted:
            if k not in ("win", "exhaustive_draw"):
                seeds[k].append(seed)
    elapsed = time.perf_counter() - start
    print(f"{args.games} hanchan ({args.bots}, preset {args.preset}) in {elapsed:.1f}s")
    print("match ends:", dict(ends))
    print("hand ends:", dict(hands))
    for k, v in sorted(seeds.items()):
        print(f"  {k}: {v[:8]}")


if __name__ == "__main__":
    main()
