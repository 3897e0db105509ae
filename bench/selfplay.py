"""Self-play throughput of the table engine: hands/s and matches/s for random and greedy
bots, for MCR (the real ruleset) and a riichi hanchan (the riichi scorer on a riichi-style
TableRules with a bench-only settlement, until the riichi ruleset ships its table glue).

    python bench/selfplay.py                      # both rulesets, both bot kinds
    python bench/selfplay.py --ruleset riichi --bots random --games 40

Measured 2026-11-30 on the 2-core build box while other jobs ran (load average 2-4, so
expect better on an idle machine), ``--games 10``, rates per CPU second:
mcr random 52 hands/s (3.2 matches/s), mcr greedy 27 hands/s (1.7 matches/s),
riichi random 51-91 hands/s (4.6-7.6 hanchan/s), riichi greedy 34 hands/s (2.7 hanchan/s).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from engine.context import WinContext
from engine.match import RenchanMatch
from engine.scoring import Score
from engine.simulate import BOTS, MatchStats, play_match
from engine.state import HandResult, MatchState, Payment
from engine.table_rules import (
    Abort,
    KanDoraTiming,
    Kuikae,
    MultiWin,
    Replacement,
    RiichiRules,
    Table,
    TableRules,
)
from engine.wall import WallSpec


def riichi_bench_table() -> Table:
    from rulesets.riichi import RULESET

    options = RULESET.options_model()
    rules = TableRules(
        wall=WallSpec(
            dead_wall=14,
            replacement_positions=(0, 1, 2, 3),
            dora_positions=(4, 5, 6, 7, 8),
            ura_positions=(9, 10, 11, 12, 13),
            replenish_dead_wall=True,
        ),
        replacement=Replacement.DEAD_WALL,
        max_kongs=4,
        rob_concealed_kong_thirteen_orphans=True,
        multi_win=MultiWin.DOUBLE,
        kan_dora=True,
        kan_dora_timing=KanDoraTiming.IMMEDIATE,
        furiten=True,
        riichi=RiichiRules(),
        kuikae=Kuikae.FORBIDDEN,
        aborts=frozenset(Abort),
        tenpai_at_draw=True,
        first_turn_flags=True,
    )

    def score(win: WinContext) -> Score:
        return RULESET.score(win, options)

    def settle(result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        out: list[Payment] = []
        for i, w in enumerate(result.wins):
            pay: dict[str, Any] = dict(w.score.details.get("payment", {}))
            honba = result.honba if i == 0 else 0
            if w.from_seat is not None:
                out.append(Payment(w.from_seat, w.seat, pay["ron"] + 300 * honba, "ron"))
            else:
                for s in range(4):
                    if s != w.seat:
                        key = "dealer" if s == result.dealer else "non_dealer"
                        out.append(Payment(s, w.seat, pay[key] + 100 * honba, "tsumo"))
            if i == 0 and match.pot:
                out.append(Payment(None, w.seat, match.pot, "deposits"))
        if result.outcome == "exhaustive_draw" and result.tenpai:
            ready = [s for s in range(4) if result.tenpai[s]]
            if 0 < len(ready) < 4:
                for s in range(4):
                    if s not in ready:
                        out.append(Payment(s, None, 3000 // (4 - len(ready)), "noten"))
                for s in ready:
                    out.append(Payment(None, s, 3000 // len(ready), "tenpai"))
        return tuple(out)

    return Table("riichi", rules, score, RenchanMatch(settle_fn=settle), {})


def mcr_table() -> Table:
    from rulesets.mcr.table import table

    return table()


TABLES = {"mcr": mcr_table, "riichi": riichi_bench_table}


def run(ruleset: str, bots: str, games: int, seed: str) -> tuple[MatchStats, float, float]:
    """Stats, wall-clock seconds and CPU seconds of this process."""
    table = TABLES[ruleset]()
    stats = MatchStats()
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        record = play_match(table, f"{seed}-{g}", BOTS[bots], keep_events=False)
        stats.add(record.stats)
    return stats, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", choices=[*TABLES, "all"], default="all")
    parser.add_argument("--bots", choices=[*BOTS, "all"], default="all")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    rulesets = list(TABLES) if args.ruleset == "all" else [args.ruleset]
    bot_kinds = list(BOTS) if args.bots == "all" else [args.bots]
    print(
        f"{'ruleset':8} {'bots':7} {'matches':>7} {'hands':>6} {'wall s':>7} {'cpu s':>7} "
        f"{'hands/s':>8} {'matches/s':>9}   (rates per CPU second)"
    )
    for ruleset in rulesets:
        for bots in bot_kinds:
            stats, elapsed, cpu = run(ruleset, bots, args.games, args.seed)
            print(
                f"{ruleset:8} {bots:7} {args.games:7d} {stats.hands:6d} {elapsed:7.2f} {cpu:7.2f} "
                f"{stats.hands / cpu:8.1f} {args.games / cpu:9.2f}"
            )


if __name__ == "__main__":
    main()
