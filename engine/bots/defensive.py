"""A defensive brain a learner can practise against: efficient when free, careful when
someone is dangerous.

* Tile efficiency: the discard leaving the lowest shanten, then the most live tiles that
  lower it further (ukeire, counting the tiles it can see), then the most isolated.
* Value-aware calls: a call must bring the hand closer to ready *and* keep a way to a
  hand that may win, by the ruleset's floor (``TableRules.win_floor``) — one yaku: a yaku
  that survives opening (yakuhai, tanyao, a flush, toitoi); a minimum value: a flush or
  all-pungs line toward it (wins themselves are offered only when they meet it).
* Riichi judgement: declare with a wait of at least two live tiles, or a worse wait
  early; stay quiet with a bad wait late or against another riichi.
* Folding: against a riichi, or an open hand that looks big (three calls, a flush, two
  dragon pungs), it gives up a hand far from ready and discards the safest tile:
  genbutsu (the threat's own discards, and in riichi every tile passed since its
  declaration), suji, kabe (all four of a neighbour visible), honours already seen.

It reads only its seat's ``TableView`` and keeps nothing between calls.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import (
    Action,
    AddedKong,
    Chow,
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
from engine.bots.greedy import GreedyBot
from engine.table_rules import WinFloor
from engine.tiles import DRAGONS, counts_of, is_flower, kind_of
from engine.views import HandView, SeatView, TableView

RIICHI_THREAT = 1.0
BIG_HAND_THREAT = 0.7


@dataclass
class _Seen:
    """What the seat can see this moment (kinds)."""

    visible: list[int]  # copies of each kind out of the wall for us (hand, rivers, melds)
    threats: list[tuple[int, float, frozenset[int]]]  # (seat, level, safe kinds)


class DefensiveBot(GreedyBot):
    def _ukeire(self, counts: list[int], n_melds: int, now: int, visible: list[int]) -> int:
        """Live tiles that lower the shanten of the (3n+1)-tile ``counts``."""
        total = 0
        for k in range(34):
            left = 4 - visible[k]
            if left <= 0 or not _near(counts, k):
                continue
            counts[k] += 1
            if self._shanten(counts, n_melds) < now:
                total += left
            counts[k] -= 1
        return total

    # ------------------------------------------------------------------ acting

    def act(self, view: TableView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError("the bot was asked to act without a legal action")
        for a in legal:
            if isinstance(a, SelfDrawWin | Win):
                return a
        for a in legal:
            if isinstance(a, DeclareFlower):
                return a
        hand = view.hand
        assert hand is not None and view.viewer is not None
        me = view.viewer
        mine = hand.seats[me]
        counts = counts_of(mine.hand or ())
        n_melds = len(mine.melds)
        seen = _look(hand, me, counts, self._rules.wall.removed_kinds)
        if hand.window is not None and hand.phase.value == "claim":
            return self._answer(legal, hand, me, counts, n_melds, seen)
        return self._turn(legal, hand, me, counts, n_melds, seen)

    def _turn(
        self,
        legal: tuple[Action, ...],
        hand: HandView,
        me: int,
        counts: list[int],
        n_melds: int,
        seen: _Seen,
    ) -> Action:
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        plain = [a for a in discards if not a.riichi] or discards
        riichi = [a for a in discards if a.riichi]
        threat = max((lvl for _, lvl, _ in seen.threats), default=0.0)
        shantens: dict[int, int] = {}  # kind discarded -> shanten after
        for a in plain:
            k = kind_of(a.tile)
            if k not in shantens:
                counts[k] -= 1
                shantens[k] = self._shanten(counts, n_melds)
                counts[k] += 1
        best = min(shantens.values())
        ukeires: dict[int, int] = {}

        def ukeire(k: int) -> int:  # counted only where a choice needs it (the costly part)
            u = ukeires.get(k)
            if u is None:
                s = shantens[k]
                counts[k] -= 1
                u = ukeires[k] = self._ukeire(counts, n_melds, s, seen.visible) if s <= 3 else 0
                counts[k] += 1
            return u

        # kind -> (shanten, ukeire, danger, isolation); ukeire only at the best shanten
        options: dict[int, tuple[int, int, float, int]] = {
            k: (s, ukeire(k) if s == best else -1, _danger(k, seen), _isolation(counts, k))
            for k, s in shantens.items()
        }
        for act in legal:
            if isinstance(act, DeclareAbort) and best >= 3:
                return act
        fold = (threat >= RIICHI_THREAT and best >= 1) or (threat >= BIG_HAND_THREAT and best >= 2)
        if best == 0 and threat >= RIICHI_THREAT:
            tenpai = [v for v in options.values() if v[0] == 0]
            if all(v[2] > 0.5 for v in tenpai) and max(v[1] for v in tenpai) <= 2:
                fold = True  # a poor wait is not worth a dangerous tile
        if fold:
            # the safest tile, then the lowest shanten; ukeire breaks the remaining ties
            safest = min((options[k][2], options[k][0]) for k in options)
            ties = [k for k in options if (options[k][2], options[k][0]) == safest]
            k = min(ties, key=lambda k: -ukeire(k))
            return _discard_of(plain, k)
        for act in legal:
            if isinstance(act, ConcealedKong | AddedKong) and threat < BIG_HAND_THREAT:
                after = list(counts)
                after[kind_of(act.tile)] -= 4 if isinstance(act, ConcealedKong) else 1
                extra = 1 if isinstance(act, ConcealedKong) else 0
                if self._shanten(after, n_melds + extra) <= best:
                    return act
        weight = 2.0 * threat

        def key(k: int) -> tuple[int, float, int]:
            s, u, d, iso = options[k]
            return (s, -u + weight * 10 * d, iso)

        k = min(options, key=key)
        if riichi and options[k][0] == 0 and self._declare(hand, options[k][1], threat):
            pool = [a for a in riichi if options.get(kind_of(a.tile), (9,))[0] == 0]
            if pool:
                return min(pool, key=lambda a: key(kind_of(a.tile)))
        return _discard_of(plain, k)

    def _declare(self, hand: HandView, ukeire: int, threat: float) -> bool:
        if ukeire >= 4:
            return True
        if threat >= RIICHI_THREAT:
            return False
        return ukeire >= 2 or hand.wall_remaining >= 30

    def _answer(
        self,
        legal: tuple[Action, ...],
        hand: HandView,
        me: int,
        counts: list[int],
        n_melds: int,
        seen: _Seen,
    ) -> Action:
        passing = next(a for a in legal if isinstance(a, Pass))
        now = self._shanten(counts, n_melds)
        threat = max((lvl for _, lvl, _ in seen.threats), default=0.0)
        if threat >= BIG_HAND_THREAT and now >= 1:
            return passing
        assert hand.window is not None
        tile = hand.window.tile
        k = kind_of(tile)
        best: tuple[int, Action] | None = None
        for a in legal:
            after = list(counts)
            if isinstance(a, Pung | Chow):
                for t in a.tiles:
                    after[kind_of(t)] -= 1
                value = self._best_discard(after, n_melds + 1)
            elif isinstance(a, Kong):
                if threat > 0:
                    continue
                after[k] -= 3
                value = self._shanten(after, n_melds + 1)
            else:
                continue
            if value >= now or not self._worth(a, hand, me, after, k):
                continue
            if best is None or value < best[0]:
                best = (value, a)
        return best[1] if best is not None else passing

    def _worth(self, call: Action, hand: HandView, me: int, after: list[int], k: int) -> bool:
        """Whether the hand after ``call`` keeps a way to a hand that may win."""
        mine = hand.seats[me]
        kinds = [j for j in range(34) for _ in range(after[j])]
        meld_kinds = [k, k, k]
        for m in mine.melds:
            meld_kinds += [kind_of(t) for t in m.tiles or ()]
        pungs_only = not isinstance(call, Chow) and all(m.type != "chi" for m in mine.melds)
        if _flush_line(kinds, meld_kinds):
            return True
        if pungs_only and sum(1 for c in after if c >= 2) >= 3:
            return True
        floor = self._rules.win_floor
        if floor is WinFloor.POINTS:
            return False
        if floor is not WinFloor.YAKU:
            return True
        value_winds = {27 + hand.round_wind - 1, 27 + mine.wind - 1}
        honours = set(DRAGONS) | value_winds
        if not isinstance(call, Chow) and k in honours:
            return True
        for m in mine.melds:
            if m.tiles and m.type != "chi" and kind_of(m.tiles[0]) in honours:
                return True
        if any(after[j] >= 2 for j in honours):
            return True  # a yakuhai pair that may still become a pung
        # tanyao: at most one terminal or honour left in the hand, none in the melds
        outside = sum(after[j] for j in range(34) if not _simple(j))
        return all(_simple(j) for j in meld_kinds) and outside <= 1


def _simple(k: int) -> bool:
    return k < 27 and 0 < k % 9 < 8


def _flush_line(kinds: list[int], meld_kinds: list[int]) -> bool:
    """One suit (with honours) across the melds, and at most two tiles off it in hand."""
    suits = {j // 9 for j in meld_kinds if j < 27}
    if len(suits) > 1:
        return False
    if suits:
        suit = suits.pop()
    else:
        by_suit = [sum(1 for j in kinds if j < 27 and j // 9 == s) for s in range(3)]
        suit = by_suit.index(max(by_suit))
    off = sum(1 for j in kinds if j < 27 and j // 9 != suit)
    return off <= 2


def _near(counts: list[int], k: int) -> bool:
    """Whether drawing ``k`` can matter: the hand holds it or a suited neighbour."""
    if counts[k]:
        return True
    if k >= 27:
        return False
    base = k - k % 9
    return any(counts[j] for j in range(max(base, k - 2), min(base + 8, k + 2) + 1))


def _isolation(counts: list[int], k: int) -> int:
    """Neighbours of ``k`` in hand (fewer: a better discard); honours come first."""
    n = counts[k] - 1
    if k < 27:
        base = k - k % 9
        n += sum(counts[j] for j in range(max(base, k - 2), min(base + 8, k + 2) + 1) if j != k)
        n += 1 if 0 < k % 9 < 8 else 0
    return n


def _discard_of(discards: list[Discard], k: int) -> Discard:
    """The discard of kind ``k`` (a plain five before a red one)."""
    return min(
        (a for a in discards if kind_of(a.tile) == k),
        key=lambda a: a.tile,
    )


def _look(hand: HandView, me: int, counts: list[int], removed: tuple[int, ...]) -> _Seen:
    visible = list(counts)
    for k in removed:  # kinds the set lacks (2m-8m in three-player riichi): none left
        visible[k] = 4
    for s in hand.seats:
        for t in s.flowers:  # kinds set aside (kita) are out of the wall too
            if not is_flower(t):
                visible[kind_of(t)] += 1
        for d in s.discards:
            if not d.called and not is_flower(d.tile):
                visible[kind_of(d.tile)] += 1
        for m in s.melds:
            for t in m.tiles or ():
                visible[kind_of(t)] += 1
    for t in hand.dora_indicators:
        visible[kind_of(t)] += 1
    threats: list[tuple[int, float, frozenset[int]]] = []
    for i, s in enumerate(hand.seats):
        if i == me:
            continue
        level = _threat(s)
        if level > 0:
            threats.append((i, level, _safe_against(hand, i)))
    return _Seen(visible=[min(4, v) for v in visible], threats=threats)


def _threat(s: SeatView) -> float:
    if s.riichi:
        return RIICHI_THREAT
    open_melds = [m for m in s.melds if m.type != "ankan"]
    if len(open_melds) >= 3:
        return BIG_HAND_THREAT
    if len(open_melds) >= 2:
        kinds = [kind_of(t) for m in s.melds for t in (m.tiles or ())]
        suits = {k // 9 for k in kinds if k < 27}
        dragons = sum(1 for m in s.melds if m.tiles and kind_of(m.tiles[0]) in DRAGONS)
        if len(suits) <= 1 or dragons >= 2:
            return BIG_HAND_THREAT
    return 0.0


def _safe_against(hand: HandView, target: int) -> frozenset[int]:
    """Kinds that cannot win for ``target`` by a discard: its own discards (furiten), and
    after its riichi every tile passed since (it could not, or chose not to, win on it)."""
    seat = hand.seats[target]
    safe = {kind_of(d.tile) for d in seat.discards if not is_flower(d.tile)}
    declared = next((i for i, d in enumerate(seat.discards) if d.riichi), None)
    if declared is not None:
        n = len(hand.seats)  # the seats in turn order: 3 or 4
        order = (target - hand.dealer) % n
        moment = declared * n + order
        for i, s in enumerate(hand.seats):
            if i == target:
                continue
            mine = (i - hand.dealer) % n
            for j, d in enumerate(s.discards):
                if j * n + mine > moment and not is_flower(d.tile):
                    safe.add(kind_of(d.tile))
    return frozenset(safe)


def _danger(k: int, seen: _Seen) -> float:
    """How likely discarding kind ``k`` deals in, 0 (safe) to ~1, against the worst threat."""
    worst = 0.0
    for _, level, safe in seen.threats:
        worst = max(worst, level * _danger_against(k, safe, seen.visible))
    return worst


def _danger_against(k: int, safe: frozenset[int], visible: list[int]) -> float:
    if k in safe:
        return 0.0
    if k >= 27:
        return (0.5, 0.4, 0.2)[visible[k]] if visible[k] < 3 else 0.03  # shanpon, tanki
    n = k % 9 + 1
    base = k - k % 9
    danger = 0.08
    # a two-sided wait on k uses k+1,k+2 (waiting k and k+3) or k-2,k-1 (k-3 and k)
    if n <= 7:
        blocked = (n + 3 <= 9 and base + n + 2 in safe) or visible[k + 1] >= 4
        blocked = blocked or visible[k + 2] >= 4
        danger += 0.0 if blocked else 0.4
    if n >= 3:
        blocked = (n - 3 >= 1 and base + n - 4 in safe) or visible[k - 1] >= 4
        blocked = blocked or visible[k - 2] >= 4
        danger += 0.0 if blocked else 0.4
    if 2 <= n <= 8 and visible[k - 1] < 4 and visible[k + 1] < 4:
        danger += 0.08  # a closed wait
    return danger
