"""Strength of the defensive bot: it plays N riichi hanchan and N MCR sessions against
three greedy bots, and N riichi hanchan (Tenhou rules) against three external mjai bots
(by default the PyPI ``mjai`` package's rule-based ``RiichiBot``, each its own process
through server/domain/tables/mjai_seat.py, as a table seats ``bot:mjai:<name>``), taking each
seat in turn, and reports its average rank, win rate (hands it won) and deal-in rate
(hands it lost by discarding the winning tile), each with a 95% confidence interval
(normal approximation; for rates, over hands).

    python bench/bots.py --riichi 400 --mcr 100
    python bench/bots.py --riichi 40 --mcr 0 --seed quick
    python bench/bots.py --riichi 0 --mcr 0 --mjai 100   # needs `pip install --no-deps mjai`

Figures and the command that produced them: docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import shlex
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.bots.defensive import DefensiveBot
from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import Event, HandEnded
from engine.ruleset import table_for
from engine.simulate import acting_seat
from engine.state import Standing, Table
from engine.views import view_for

# the rule-based bot of the PyPI ``mjai`` package (AGPL: run as a separate process, never
# imported here); mjai.app passes the seat number as the last argument
RIICHIBOT = f"{shlex.quote(sys.executable)} -c " + shlex.quote(
    "import sys; from mjai.bot.riichibot import RiichiBot; RiichiBot(int(sys.argv[-1])).start()"
)


@dataclass
class Tally:
    ranks: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    greedy_hands: int = 0  # hands x greedy seats, for their rates
    greedy_wins: int = 0
    greedy_deal_ins: int = 0
    cpu: float = 0.0
    replaced: int = 0  # external bots' answers replaced by the timeout move
    answers: int = 0


def table(ruleset: str) -> Table:
    if ruleset in ("riichi", "tenhou"):
        from rulesets.riichi import RULESET as RIICHI
        from rulesets.riichi.options import PRESETS

        return table_for(RIICHI, dict(PRESETS["tenhou"].options) if ruleset == "tenhou" else {})
    from rulesets.mcr import RULESET as MCR

    return table_for(MCR, {})


def play(ruleset: str, games: int, seed: str, every: int = 0) -> Tally:
    """``every``: print the running figures after each that many matches (0: never)."""
    t = table(ruleset)
    out = Tally()
    start = time.process_time()
    for i in range(games):
        hero = i % 4  # the player index the defensive bot plays
        bots: list[DefensiveBot | GreedyBot] = [GreedyBot(t.rules) for _ in range(4)]
        bots[hero] = DefensiveBot(t.rules)
        events, standings = _play(t, f"{seed}-{ruleset}-{i}", bots)
        _count(out, hero, events, standings)
        if every and (i + 1) % every == 0 and i + 1 < games:
            out.cpu = time.process_time() - start
            print(f"[{i + 1}/{games}] " + report(ruleset, i + 1, out), flush=True)
    out.cpu = time.process_time() - start
    return out


def _count(out: Tally, hero: int, events: list[Event], standings: tuple[Standing, ...]) -> None:
    for ev in events:
        if not isinstance(ev, HandEnded):
            continue
        r = ev.result
        seat_of_hero = r.seating.index(hero)
        out.hands += 1
        out.greedy_hands += 3
        for w in r.wins:
            if w.seat == seat_of_hero:
                out.wins += 1
            else:
                out.greedy_wins += 1
            if w.from_seat == seat_of_hero:
                out.deal_ins += 1
            elif w.from_seat is not None:
                out.greedy_deal_ins += 1
    standing = next(s for s in standings if s.player == hero)
    out.ranks.append(standing.rank)


def play_mjai(games: int, seed: str, command: str, every: int = 0, first: int = 0) -> Tally:
    """The defensive bot against three external mjai bots (Tenhou rules), matches
    ``first`` .. ``first + games - 1`` of the seed. CPU counts this process and its
    finished children (the bots)."""
    return asyncio.run(_play_mjai(games, seed, command, every, first))


async def _play_mjai(games: int, seed: str, command: str, every: int, first: int) -> Tally:
    from server.domain.tables.clock import fallback
    from server.domain.tables.mjai_seat import Limits, MjaiSeat

    t = table("tenhou")
    out = Tally()
    # generous limits: a loaded machine must not turn the bots' answers into timeouts
    limits = Limits(answer_seconds=60, start_seconds=120)
    logs = Path(tempfile.mkdtemp(prefix="bench-mjai-"))
    cpu0 = _cpu()
    for i in range(first, first + games):
        hero = i % 4
        state, events = start(t, f"{seed}-mjai-{i}")
        log = list(events)
        names = [f"p{p}" for p in range(4)]
        me = DefensiveBot(t.rules)
        seats: dict[int, MjaiSeat] = {}
        for s in range(4):
            if state.seating[s] != hero:
                seats[s] = MjaiSeat("riichibot", command, s, names, logs / f"{i}.log", limits)
                seats[s].observe(log)
        try:
            while not state.over:
                seat = acting_seat(state)
                assert seat is not None
                view = view_for(state, seat)
                if seat in seats:
                    out.answers += 1
                    action = await seats[seat].act(view)
                    if action is None:
                        out.replaced += 1
                        action = fallback(state, seat, view.legal)
                        assert action is not None
                else:
                    action = me.act(view)
                state, events = step(state, action)
                log += events
                for bot in seats.values():
                    bot.observe(events)
        finally:
            for bot in seats.values():
                await bot.close()
        _count(out, hero, log, state.standings)
        done = i + 1 - first
        if every and done % every == 0 and done < games:
            out.cpu = _cpu() - cpu0
            print(
                f"[{done}/{games}] " + report("riichi", done, out, "3 mjai RiichiBot"), flush=True
            )
    out.cpu = _cpu() - cpu0
    return out


def _cpu() -> float:
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _play(
    t: Table, seed: str, bots: list[DefensiveBot | GreedyBot]
) -> tuple[list[Event], tuple[Standing, ...]]:
    """One match; each bot plays its player wherever the seating puts them (MCR seats
    change between rounds)."""
    state, events = start(t, seed)
    log = list(events)
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None
        action = bots[state.seating[seat]].act(view_for(state, seat))
        state, events = step(state, action)
        log += events
    return log, state.standings


def mean_ci(values: list[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def rate_ci(k: int, n: int) -> tuple[float, float]:
    p = k / n if n else 0.0
    return p, 1.96 * math.sqrt(p * (1 - p) / n) if n else 0.0


def report(ruleset: str, games: int, tally: Tally, against: str = "3 greedy") -> str:
    rank, rank_ci = mean_ci(tally.ranks)
    win, win_ci = rate_ci(tally.wins, tally.hands)
    deal, deal_ci = rate_ci(tally.deal_ins, tally.hands)
    g_win = tally.greedy_wins / tally.greedy_hands if tally.greedy_hands else 0.0
    g_deal = tally.greedy_deal_ins / tally.greedy_hands if tally.greedy_hands else 0.0
    firsts = sum(1 for r in tally.ranks if r == 1) / len(tally.ranks)
    lasts = sum(1 for r in tally.ranks if r == 4) / len(tally.ranks)
    return (
        f"{ruleset}: {games} matches, {tally.hands} hands, defensive vs {against}\n"
        f"  average rank {rank:.3f} ± {rank_ci:.3f} (1st {firsts:.1%}, 4th {lasts:.1%})\n"
        f"  win rate {win:.1%} ± {win_ci:.1%} (other seats {g_win:.1%})\n"
        f"  deal-in rate {deal:.1%} ± {deal_ci:.1%} (other seats {g_deal:.1%})\n"
        f"  CPU {tally.cpu:.1f} s ({tally.cpu / games:.2f} s per match)"
        + (
            f"\n  answers replaced by the timeout move: {tally.replaced} of {tally.answers}"
            if tally.answers
            else ""
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--riichi", type=int, default=100, help="riichi hanchan to play")
    parser.add_argument("--mcr", type=int, default=40, help="MCR sessions to play")
    parser.add_argument(
        "--mjai", type=int, default=0, help="riichi hanchan against three external mjai bots"
    )
    parser.add_argument(
        "--mjai-command", default=RIICHIBOT, help="the mjai bot's command line (+ its seat)"
    )
    parser.add_argument("--seed", default="bench-bots", help="base seed")
    parser.add_argument("--every", type=int, default=0, help="print running figures")
    parser.add_argument(
        "--selfplay", type=int, default=0, help="also time N hanchan of four defensive bots"
    )
    args = parser.parse_args()
    if args.selfplay:
        t = table("riichi")
        start = time.process_time()
        for i in range(args.selfplay):
            four = [DefensiveBot(t.rules) for _ in range(4)]
            _play(t, f"{args.seed}-self-{i}", list(four))
        cpu = (time.process_time() - start) / args.selfplay
        print(f"four defensive bots: {cpu:.2f} s CPU per riichi hanchan", flush=True)
    for ruleset, games in (("riichi", args.riichi), ("mcr", args.mcr)):
        if games > 0:
            print(report(ruleset, games, play(ruleset, games, args.seed, args.every)), flush=True)
    if args.mjai > 0:
        tally = play_mjai(args.mjai, args.seed, args.mjai_command, args.every)
        print(report("riichi (tenhou)", args.mjai, tally, "3 mjai RiichiBot"), flush=True)


if __name__ == "__main__":
    main()
