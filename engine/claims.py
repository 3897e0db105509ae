"""Claim windows: who may answer a discard (or a kong that may be robbed) and with what,
and how the collected answers resolve (mcr.md §5.2-§5.3, riichi.md §4, §11.1).

Priority: win > kong = pung > chow. Several wins follow the ruleset's ``MultiWin``
policy; winners are ordered by turn order from the discarder.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from engine.actions import Action, Chow, Kong, Pass, Pung, Win
from engine.hand_keys import hand_counts, held_flowers
from engine.legal import can_kong
from engine.shapes import is_thirteen_orphans
from engine.state import SEATS, ClaimWindow, HandState, MatchState, SeatState
from engine.table_rules import Abort, MultiWin, TableRules
from engine.tiles import RED_FIVES, Tile, is_flower, kind_of
from engine.wins import is_furiten, legal_win, shape_complete_with

WindowOptions = tuple[tuple[int, tuple[Action, ...]], ...]


@lru_cache(maxsize=8)
def _pass(seat: int) -> Pass:
    return Pass(seat=seat)


# per table size (3 or 4), per seat: the other seats in turn order
_TURN_ORDER = {
    n: tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n)) for n in (3, SEATS)
}


def turn_order_from(seat: int, seats: int = SEATS) -> tuple[int, ...]:
    """The other seats of a table of ``seats`` in turn order after ``seat``."""
    return _TURN_ORDER[seats][seat]


def _pairs(tiles: list[Tile]) -> list[tuple[Tile, Tile]]:
    """Distinct physical pairs (a red five and a plain five are different choices)."""
    return sorted({(a, b) if a <= b else (b, a) for a, b in combinations(tiles, 2)})


def _has_discard_after(
    rules: TableRules, seat: SeatState, used: tuple[Tile, ...], forbidden: tuple[int, ...]
) -> bool:
    """Kuikae: a call that leaves no legal discard is itself illegal (riichi.md §4)."""
    flowers = len(held_flowers(seat.hand)) if rules.wall.flowers else 0
    if len(seat.hand) - len(used) - flowers > 4 * len(forbidden):
        return True  # more tiles left than the forbidden kinds have copies
    rest = list(seat.hand)
    for t in used:
        rest.remove(t)
    return any(not is_flower(t) and kind_of(t) not in forbidden for t in rest)


def discard_window(
    state: MatchState, hand: HandState, discarder: int, tile: Tile, final: bool
) -> tuple[WindowOptions, tuple[int, ...]]:
    """Options of every other seat on a discard, and the seats whose shape it completes."""
    rules = state.table.rules
    caches = state.table.caches  # the shape answers under these rules (TableCaches)
    k = kind_of(tile)
    options: list[tuple[int, tuple[Action, ...]]] = []
    completes: list[int] = []
    kong_ok: bool | None = None  # asked only when a seat holds three of the kind
    red = RED_FIVES[k // 9] if k < 27 and k % 9 == 4 else -1
    n_seats = rules.seats
    left = (discarder + 1) % n_seats if rules.chow and k < 27 else -1
    for s in turn_order_from(discarder, n_seats):
        seat = hand.seats[s]
        opts: list[Action] = []
        if shape_complete_with(rules, seat, k, caches):
            completes.append(s)
            if not is_furiten(rules, seat, k, caches) and legal_win(
                state, s, tile, tsumo=False, final=final
            ):
                opts.append(Win(seat=s))
        if not final and not seat.riichi:
            n_same = seat.hand.count(k) + (seat.hand.count(red) if red >= 0 else 0)
            same = [t for t in seat.hand if t in (k, red)] if n_same >= 2 else []
            if len(same) >= 3:
                if kong_ok is None:
                    kong_ok = can_kong(state, hand)
                if kong_ok:
                    opts.append(Kong(seat=s))
            if len(same) >= 2:
                forbid = rules.kuikae.forbidden_after(k)
                for pair in _pairs(same):
                    if _has_discard_after(rules, seat, pair, forbid):
                        opts.append(Pung(seat=s, tiles=pair))
            if s == left:
                opts.extend(_chows(rules, seat, s, k))
        if opts:
            opts.append(_pass(s))
            options.append((s, tuple(opts)))
    return tuple(options), tuple(completes)


def _same_kind(hand: tuple[Tile, ...], kind: int) -> list[Tile]:
    """The distinct physical tiles of a suited ``kind`` in ``hand``, ascending (a red five
    after its plain five)."""
    out = [kind] if kind in hand else []
    if kind % 9 == 4 and RED_FIVES[kind // 9] in hand:
        out.append(RED_FIVES[kind // 9])
    return out


# per suited kind claimed: (lowest kind of the chow, the two kinds needed from the hand)
_CHOW_SHAPES = tuple(
    tuple(
        (low, *(x for x in (low, low + 1, low + 2) if x != k))
        for low in (k - 2, k - 1, k)
        if low >= k - k % 9 and low + 2 <= k - k % 9 + 8
    )
    for k in range(27)
)


def _chows(rules: TableRules, seat: SeatState, s: int, k: int) -> list[Action]:
    out: list[Action] = []
    hand = seat.hand
    for low, need0, need1 in _CHOW_SHAPES[k]:
        first = _same_kind(hand, need0)
        if not first:
            continue
        second = _same_kind(hand, need1)
        if not second:
            continue
        forbid = rules.kuikae.forbidden_after(k, low)
        for a in first:
            for b in second:
                if _has_discard_after(rules, seat, (a, b), forbid):
                    out.append(Chow(seat=s, tiles=(a, b)))
    return out


def rob_window(
    state: MatchState, hand: HandState, kong_seat: int, tile: Tile, concealed: bool
) -> tuple[WindowOptions, tuple[int, ...]]:
    """Who may rob a kong: any legal win on the added tile; a concealed kong only for
    thirteen orphans where the rules allow it."""
    return _win_window(state, hand, kong_seat, tile, concealed=concealed, chankan=True)


def set_aside_window(
    state: MatchState, hand: HandState, seat: int, tile: Tile
) -> tuple[WindowOptions, tuple[int, ...]]:
    """Who may win on a tile being set aside (``SetAsideRules.ron``, kita): any legal
    win on it, scored as a win on a discard, not as a robbed kong (riichi.wiki "Sanma")."""
    return _win_window(state, hand, seat, tile, concealed=False, chankan=False)


def _win_window(
    state: MatchState,
    hand: HandState,
    kong_seat: int,
    tile: Tile,
    *,
    concealed: bool,
    chankan: bool,
) -> tuple[WindowOptions, tuple[int, ...]]:
    rules = state.table.rules
    caches = state.table.caches  # the shape answers under these rules (TableCaches)
    k = kind_of(tile)
    options: list[tuple[int, tuple[Action, ...]]] = []
    completes: list[int] = []
    for s in turn_order_from(kong_seat, rules.seats):
        seat = hand.seats[s]
        if not shape_complete_with(rules, seat, k, caches):
            continue
        counts = hand_counts(seat.hand)
        if concealed:
            counts[k] += 1
            orphans = not seat.melds and is_thirteen_orphans(counts)
            counts[k] -= 1
            if not orphans:
                continue
        completes.append(s)
        if is_furiten(rules, seat, k, caches):
            continue
        if legal_win(state, s, tile, tsumo=False, chankan=chankan) is not None:
            options.append((s, (Win(seat=s), Pass(seat=s))))
    return tuple(options), tuple(completes)


def winners(rules: TableRules, window: ClaimWindow) -> tuple[list[int], bool]:
    """The seats that win, in priority order, and whether the triple-ron abort applies."""
    claimed = {s for s, a in window.answers if isinstance(a, Win)}
    ordered = [s for s in turn_order_from(window.seat, rules.seats) if s in claimed]
    if not ordered:
        return [], False
    if rules.multi_win is MultiWin.HEAD_BUMP:
        return ordered[:1], False
    if rules.multi_win is MultiWin.DOUBLE:
        if len(ordered) >= 3 and Abort.TRIPLE_RON in rules.aborts:
            return [], True
        return ordered[:2], False
    return ordered, False


def granted_call(window: ClaimWindow) -> Action | None:
    """The meld call that wins priority when nobody wins: kong/pung, else chow."""
    for a in (a for _, a in window.answers):
        if isinstance(a, Kong | Pung):
            return a
    for a in (a for _, a in window.answers):
        if isinstance(a, Chow):
            return a
    return None
