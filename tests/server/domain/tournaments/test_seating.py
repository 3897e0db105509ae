"""Seating (server.domain.tournaments.seating): round 1 is a verifiable seeded draw; 8 swiss
rounds of 32 players with simulated results meet again far less often and balance the
seat winds far better than random seating each round; odd counts get substitutes (one
per table) or byes (spread out)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engine.rng import SeededStream
from server.domain.tournaments.seating import SUB, SeatingError, meetings, seat_round, winds

PLAYERS = [f"p{i:02d}" for i in range(32)]
POINTS = (4, 2, 1, 0)  # MCR table points by rank
PLAYERS3 = [f"p{i:02d}" for i in range(30)]  # ten three-player (sanma) tables


def simulate(
    swiss: bool, seed: str = "event-1", rounds: int = 8, size: int = 4
) -> tuple[int, float, int]:
    """(repeat meetings, mean per-player wind spread, worst wind spread). Results: ranks
    by a hidden strength plus noise, all from a seeded stream. ``size``: seats a table."""
    players = PLAYERS if size == 4 else PLAYERS3
    rng = SeededStream(f"results:{seed}".encode())
    strength = {p: rng.below(100) for p in players}
    points: Counter[str] = Counter()
    past: list[list[list[str]]] = []
    for r in range(1, rounds + 1):
        if swiss:
            standing = sorted(players, key=lambda p: (-points[p], p))
            tables = seat_round(r, players, seed, standing, past, size=size).tables
        else:  # a fresh draw each round
            tables = seat_round(1, players, f"{seed}-{r}", size=size).tables
        assert sorted(p for t in tables for p in t) == sorted(players)
        for table in tables:
            order = sorted(table, key=lambda p: -(strength[p] + rng.below(60)))
            for rank, p in enumerate(order):
                points[p] += POINTS[rank]
        past.append(tables)
    repeats = sum(n - 1 for n in meetings(past).values() if n > 1)
    spreads = [max(c) - min(c) for c in winds(past).values()]
    return repeats, sum(spreads) / len(spreads), max(spreads)


def test_eight_swiss_rounds_of_32_beat_random_seating() -> None:
    swiss = simulate(True)
    baseline = simulate(False)
    print(f"\nswiss : repeats {swiss[0]}, wind spread mean {swiss[1]:.2f} max {swiss[2]}")
    print(f"random: repeats {baseline[0]}, wind spread mean {baseline[1]:.2f} max {baseline[2]}")
    assert swiss[0] < baseline[0] / 2
    assert swiss[1] < baseline[1] / 2 and swiss[2] <= 2


def test_round_one_is_the_seeded_draw() -> None:
    a = seat_round(1, PLAYERS, "committed-seed").tables
    assert a == seat_round(1, list(reversed(PLAYERS)), "committed-seed").tables  # input order
    assert a != seat_round(1, PLAYERS, "another-seed").tables
    # anyone can redo it: sort, shuffle with the published stream, cut into fours
    from server.domain.tournaments.seating import stream

    order = sorted(PLAYERS)
    stream("committed-seed", 1).shuffle(order)
    assert a == [order[i : i + 4] for i in range(0, 32, 4)]


def test_swiss_keeps_the_top_together_without_repeats() -> None:
    standing = list(PLAYERS)
    first = seat_round(1, PLAYERS, "s").tables
    second = seat_round(2, PLAYERS, "s", standing, [first]).tables
    met = meetings([first])
    for table in second:
        assert all(met[frozenset(pair)] == 0 for pair in itertools.combinations(table, 2))
    top = set(second[0])
    assert len(top & set(PLAYERS[:8])) == 4  # the leaders stay near the top table


def test_substitutes_one_per_table_and_byes_spread() -> None:
    players = PLAYERS[:14]
    tables = seat_round(1, players, "x").tables
    assert len(tables) == 4 and [t.count(SUB) for t in tables] == [0, 0, 1, 1]
    byes: Counter[str] = Counter()
    past: list[list[list[str]]] = []
    for r in range(1, 8):
        s = seat_round(r, players, "x", sorted(players), past, byes, fill="byes")
        assert len(s.tables) == 3 and len(s.byes) == 2
        assert not {p for t in s.tables for p in t} & set(s.byes)
        byes.update(s.byes)
        past.append(s.tables)
    assert max(byes.values()) == 1 and len(byes) == 14  # 7 rounds x 2 byes: everyone once
    with pytest.raises(SeatingError):
        seat_round(1, ["a", "a", "b", "c"], "x")
    for n in (1, 2, 5):  # two substitutes at one table would be needed
        with pytest.raises(SeatingError):
            seat_round(1, PLAYERS[:n], "x")
    assert [t.count(SUB) for t in seat_round(1, PLAYERS[:3], "x").tables] == [1]
    assert [t.count(SUB) for t in seat_round(1, PLAYERS[:9], "x").tables] == [1, 1, 1]
    with pytest.raises(SeatingError):
        seat_round(1, ["a", "b", "c"], "x", fill="byes")


def test_three_player_tables_swiss_beats_random_seating() -> None:
    swiss = simulate(True, size=3)
    baseline = simulate(False, size=3)
    print(f"\nsanma swiss : repeats {swiss[0]}, wind spread {swiss[1]:.2f} max {swiss[2]}")
    print(f"sanma random: repeats {baseline[0]}, wind spread {baseline[1]:.2f} max {baseline[2]}")
    assert swiss[0] < baseline[0] / 2
    assert swiss[1] < baseline[1] / 2 and swiss[2] <= 2


def test_three_player_tables_substitutes_and_byes() -> None:
    tables = seat_round(1, PLAYERS[:10], "x", size=3).tables
    assert [len(t) for t in tables] == [3] * 4 and [t.count(SUB) for t in tables] == [0, 0, 1, 1]
    s = seat_round(2, PLAYERS[:10], "x", sorted(PLAYERS[:10]), [tables], fill="byes", size=3)
    assert [len(t) for t in s.tables] == [3] * 3 and len(s.byes) == 1
    assert all(len(w) == 3 for w in winds([tables]).values())
    with pytest.raises(SeatingError, match="at least three players"):
        seat_round(1, ["a", "b"], "x", fill="byes", size=3)
