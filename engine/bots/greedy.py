"""A greedy brain: win whenever it can; otherwise lower shanten (engine.shapes.shanten).

Turn: declare flowers, take a kong that does not raise shanten, declare riichi when
offered, else discard the tile leaving the lowest shanten (ties: the most isolated tile).
Claim: call only when the best discard after the call is closer to ready than now.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareFlower,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.shapes import shanten
from engine.table_rules import TableRules
from engine.tiles import counts_of, kind_of
from engine.views import TableView


class GreedyBot:
    def __init__(self, rules: TableRules) -> None:
        self._rules = rules
        self._memo: dict[tuple[tuple[int, ...], int], int] = {}

    def _shanten(self, counts: list[int], n_melds: int) -> int:
        key = (tuple(counts), n_melds)
        value = self._memo.get(key)
        if value is None:
            if len(self._memo) > 50_000:
                self._memo.clear()
            r = self._rules
            value = self._memo[key] = shanten(counts, n_melds, n_sets=r.n_sets, rules=r.shape_rules)
        return value

    def _best_discard(self, counts: list[int], n_melds: int) -> int:
        """The lowest shanten reachable by one discard from ``counts``."""
        best = 99
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                best = min(best, self._shanten(counts, n_melds))
                counts[k] += 1
        return best

    def act(self, view: TableView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the bot was asked to act without a legal action")
        for a in legal:
            if isinstance(a, SelfDrawWin | Win):
                return a
        hand = view.hand
        assert hand is not None and view.viewer is not None
        me = hand.seats[view.viewer]
        tiles = me.hand or ()
        counts = counts_of(tiles)
        n_melds = len(me.melds)
        for a in legal:
            if isinstance(a, DeclareFlower):
                return a
        if hand.window is not None and hand.phase.value == "claim":
            return self._claim(legal, counts, n_melds, hand.window.tile)
        now: int | None = None  # the best shanten after a discard, asked only for kongs
        for a in legal:
            if isinstance(a, ConcealedKong | AddedKong):
                if now is None:
                    now = self._best_discard(counts, n_melds)
                k = kind_of(a.tile)
                after = list(counts)
                after[k] -= 4 if isinstance(a, ConcealedKong) else 1
                extra = 1 if isinstance(a, ConcealedKong) else 0
                if self._shanten(after, n_melds + extra) <= now:
                    return a
        discards = [a for a in legal if isinstance(a, Discard)]
        riichi = [a for a in discards if a.riichi]
        pool = riichi or discards
        if not pool:
            return legal[0]
        return min(pool, key=lambda a: self._discard_key(counts, n_melds, a.tile))

    def _discard_key(self, counts: list[int], n_melds: int, tile: int) -> tuple[int, int, int]:
        k = kind_of(tile)
        counts[k] -= 1
        value = self._shanten(counts, n_melds)
        counts[k] += 1
        neighbours = counts[k] - 1
        if k < 27:
            lo, hi = k - k % 9, k - k % 9 + 8
            neighbours += sum(
                counts[j] for j in range(max(lo, k - 2), min(hi, k + 2) + 1) if j != k
            )
        return (value, neighbours, -k)

    def _claim(
        self, legal: tuple[Action, ...], counts: list[int], n_melds: int, tile: int
    ) -> Action:
        current = self._shanten(counts, n_melds)
        best: tuple[int, Action] | None = None
        k = kind_of(tile)
        for a in legal:
            after = list(counts)
            if isinstance(a, Pung | Chow):
                for t in a.tiles:
                    after[kind_of(t)] -= 1
                value = self._best_discard(after, n_melds + 1)
            elif isinstance(a, Kong):
                after[k] -= 3
                value = self._shanten(after, n_melds + 1)
            else:
                continue
            if value < current and (best is None or value < best[0]):
                best = (value, a)
        if best is not None:
            return best[1]
        return next(a for a in legal if isinstance(a, Pass))
