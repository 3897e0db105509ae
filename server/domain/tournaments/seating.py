"""Who sits where in each round of a tournament (pure: no I/O, clock or global random;
every choice comes from a SeededStream keyed by the tournament's committed seed and the
round number, so anyone with the seed can check the draw). docs/tournaments.md.

- Round 1: a seeded shuffle, cut into tables of ``size`` (the ruleset's seats: four, or
  three for sanma); the shuffle's order is the seats (East, South, West[, North]).
- Later rounds (swiss): players ordered by their standing, cut into tables, then
  improved by swapping players between nearby tables while that lowers
  ``REPEAT`` × (earlier meetings of the table's pairs)² + ``DRIFT`` × (tables a player
  moved from their swiss table)²; then at every table the seats go to the permutation
  that gives each player the winds they have sat least (ties drawn from the stream).
- A count that is not a multiple of the table size: ``fill="bots"`` adds substitute bot seats, at
  most one per table, at the lowest tables; ``fill="byes"`` sits out the players with
  the fewest byes so far, lowest standing first (a bye scores nothing).
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.rng import SeededStream

SUB = "bot:greedy"  # a substitute seat
REPEAT = 100  # cost of a pair meeting again, times (earlier meetings)²
DRIFT = 4  # cost of a player moved k tables from their swiss table, times k²
WINDOW = 3  # swaps are tried between tables at most this far apart

Fill = Literal["bots", "byes"]


class SeatingError(ValueError):
    pass


@dataclass(frozen=True)
class Seating:
    tables: list[list[str]]  # per table, the occupants of its places (East first)
    byes: list[str] = field(default_factory=list)


def stream(seed: str, round_number: int) -> SeededStream:
    return SeededStream(
        hashlib.sha256(f"jantaku-tournament\x00{seed}\x00{round_number}".encode()).digest()
    )


def commitment(seed: str) -> str:
    """Published when the tournament is created; the seed itself when it ends."""
    return hashlib.sha256(seed.encode()).hexdigest()


def duplicate_seed(seed: str, round_number: int) -> str:
    """The wall seed every table of a duplicate round plays: derived from the tournament's
    committed seed, so it is checkable once that seed is revealed."""
    digest = hashlib.sha256(f"jantaku-duplicate\x00{seed}\x00{round_number}".encode())
    return digest.hexdigest()[:32]


def rotated(seats: Sequence[str], table_index: int) -> list[str]:
    """A duplicate round's table ``table_index`` (0-based) moves its seating ``index mod
    seats`` places round, so across four (three) tables each seat of the wall is played
    from every seating position once."""
    k = table_index % len(seats)
    return list(seats[k:]) + list(seats[:k])


def meetings(past: Sequence[Sequence[Sequence[str]]]) -> Counter[frozenset[str]]:
    met: Counter[frozenset[str]] = Counter()
    for tables in past:
        for table in tables:
            for a, b in itertools.combinations(table, 2):
                if a != SUB and b != SUB:
                    met[frozenset((a, b))] += 1
    return met


def winds(past: Sequence[Sequence[Sequence[str]]]) -> dict[str, list[int]]:
    """Per player, how many times they sat at each table place (East … North)."""
    out: dict[str, list[int]] = {}
    for tables in past:
        for table in tables:
            for place, p in enumerate(table):
                if p != SUB:
                    out.setdefault(p, [0] * len(table))[place] += 1
    return out


def _byes(order: list[str], k: int, past_byes: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """``order`` best first: the k players to sit out (fewest byes, then lowest)."""
    ranked = sorted(range(len(order)), key=lambda i: (past_byes.get(order[i], 0), -i))
    out = {order[i] for i in ranked[:k]}
    return [p for p in order if p not in out], [p for p in order if p in out]


def _with_subs(order: list[str], size: int) -> list[list[str]]:
    """Tables of ``size``, best first, with at most one substitute per table, lowest
    tables."""
    n_tables = -(-len(order) // size)
    subs = n_tables * size - len(order)
    tables: list[list[str]] = []
    rest = list(order)
    for t in range(n_tables):
        seated = size - 1 if t >= n_tables - subs else size
        tables.append(rest[:seated] + [SUB] * (size - seated))
        rest = rest[seated:]
    return tables


def _table_cost(
    table: Sequence[str], met: Counter[frozenset[str]], home: Mapping[str, int], t: int
) -> int:
    cost = 0
    for a, b in itertools.combinations(table, 2):
        if a != SUB and b != SUB:
            cost += REPEAT * met[frozenset((a, b))] ** 2
    for p in table:
        if p != SUB:
            cost += DRIFT * (home[p] - t) ** 2
    return cost


def _improve(tables: list[list[str]], met: Counter[frozenset[str]]) -> None:
    home = {p: t for t, table in enumerate(tables) for p in table}
    costs = [_table_cost(table, met, home, t) for t, table in enumerate(tables)]
    improved = True
    while improved:
        improved = False
        for i in range(len(tables)):
            for j in range(i + 1, min(len(tables), i + WINDOW + 1)):
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        x, y = tables[i][a], tables[j][b]
                        if x == SUB or y == SUB:
                            continue  # substitutes stay one per table
                        tables[i][a], tables[j][b] = y, x
                        ci = _table_cost(tables[i], met, home, i)
                        cj = _table_cost(tables[j], met, home, j)
                        if ci + cj < costs[i] + costs[j]:
                            costs[i], costs[j] = ci, cj
                            improved = True
                        else:
                            tables[i][a], tables[j][b] = x, y


def _seat_winds(table: list[str], sat: Mapping[str, list[int]], rng: SeededStream) -> list[str]:
    def cost(perm: tuple[int, ...]) -> tuple[int, int]:
        # perm[place] = index into table; the total and the worst single count
        counts = [sat.get(table[i], none)[place] for place, i in enumerate(perm)]
        return (sum(counts), max(counts))

    none = [0] * len(table)
    perms = list(itertools.permutations(range(len(table))))
    best = min(cost(p) for p in perms)
    choices = [p for p in perms if cost(p) == best]
    perm = rng.choice(choices)
    return [table[i] for i in perm]


def seat_round(
    round_number: int,
    players: Sequence[str],
    seed: str,
    standing: Sequence[str] = (),
    past: Sequence[Sequence[Sequence[str]]] = (),
    past_byes: Mapping[str, int] | None = None,
    fill: Fill = "bots",
    size: int = 4,
) -> Seating:
    """The seating of ``round_number`` (1-based). ``standing``: the players best first
    (from the tournament standings; ignored in round 1); ``past``: the earlier rounds'
    tables; ``past_byes``: byes so far per player; ``size``: the seats of a table (the
    ruleset's, 3 or 4)."""
    if len(set(players)) != len(players):
        raise SeatingError("a player is listed twice")
    if len(players) < size and fill != "bots":
        words = {3: "three", 4: "four"}
        raise SeatingError(
            f"a tournament needs at least {words.get(size, size)} players (or substitutes)"
        )
    subs = -len(players) % size
    if fill == "bots" and subs > -(-len(players) // size):
        raise SeatingError(
            f"{len(players)} players would need two substitutes at one table "
            "(at most one per table): seat byes instead, or register more players"
        )
    rng = stream(seed, round_number)
    if round_number == 1 or not standing:
        order = list(players)
        order.sort()
        rng.shuffle(order)
    else:
        listed = set(players)
        order = [p for p in standing if p in listed]
        order += sorted(p for p in players if p not in set(order))
    byes: list[str] = []
    if fill == "byes" and len(order) % size:
        order, byes = _byes(order, len(order) % size, past_byes or {})
    tables = _with_subs(order, size)
    if round_number == 1 or not standing:
        return Seating(tables, byes)
    _improve(tables, meetings(past))
    sat = winds(past)
    return Seating([_seat_winds(t, sat, rng) for t in tables], byes)
