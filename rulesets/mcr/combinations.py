"""The combination fans of one arrangement's chows and pungs (mcr.md §11.5).

They are found together, not fan by fan: §11.5's account-once rule lets a chow take part
in one more combination only, so whether two chows still score Mixed Double Chow depends
on which bigger combination used them. ``rulesets.mcr.reading`` keeps the result as a
fact of the reading, which the combination fans' predicates read.

Sets are compared in the order of the reference calculator's tile codes (characters,
bamboo, dots, then East South West North Red Green White) because §11.5's "first
combination found" and the account-once trimming depend on an order; totals do not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rulesets.mcr.hand import Counts

_SUIT_RANK: Final = (0, 2, 1)  # m, p, s -> the reference order m, s, p
_HONOR_ORDER: Final = {27: 27, 28: 28, 29: 29, 30: 30, 33: 31, 32: 32, 31: 33}


def order_key(kind: int) -> int:
    """A kind's position in the reference calculator's tile order."""
    if kind >= 27:
        return _HONOR_ORDER[kind]
    return _SUIT_RANK[kind // 9] * 9 + kind % 9


_ORDER: Final = tuple(order_key(k) for k in range(34))


def in_reference_order(kinds: list[int]) -> list[int]:
    """``kinds`` sorted in the reference calculator's tile order (in place: at most four
    sets, so an insertion sort)."""
    order = _ORDER
    for i in range(1, len(kinds)):
        k = kinds[i]
        key = order[k]
        j = i - 1
        while j >= 0 and order[kinds[j]] > key:
            kinds[j + 1] = kinds[j]
            j -= 1
        kinds[j + 1] = k
    return kinds


def _sort3(a: int, b: int, c: int) -> tuple[int, int, int]:
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
        if a > b:
            a, b = b, a
    return a, b, c


# ------------------------------------------------------------------ chow combinations

PDC: Final = "pure_double_chow"
MDC: Final = "mixed_double_chow"
SS: Final = "short_straight"
TTC: Final = "two_terminal_chows"
_TRIM_ORDER: Final = (TTC, SS, MDC, PDC)  # account once: duplicates go first, in this order
# Four sets split into three for a 3-set fan and the one left, in the reference calculator's
# order of trying them (the first split with a fan is kept, §11.5).
_THREE_AND_ONE: Final = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))


def _allowed_fan(fan: str | None, allowed: frozenset[str] | None) -> str | None:
    """``fan`` unless beginner rules (§16) leave it out."""
    return fan if allowed is None or fan in allowed else None


def _two_chows(a: int, b: int) -> str | None:
    """The 2-chow fan of two chows given by their first kinds."""
    if a // 9 != b // 9:
        return MDC if a % 9 == b % 9 else None
    if a - b in (3, -3):
        return SS
    ra = a % 9
    rb = b % 9
    if (ra == 0 and rb == 6) or (ra == 6 and rb == 0):
        return TTC
    if a == b:
        return PDC
    return None


def _three_chows(a: int, b: int, c: int) -> str | None:
    sa, sb, sc = a // 9, b // 9, c // 9
    ra, rb, rc = a % 9, b % 9, c % 9
    if sa != sb and sa != sc and sb != sc:
        r0, r1, r2 = _sort3(ra, rb, rc)
        if r1 == r0 + 1 and r2 == r1 + 1:
            return "mixed_shifted_chows"
        if ra == rb == rc:
            return "mixed_triple_chow"
        if r0 == 0 and r1 == 3 and r2 == 6:
            return "mixed_straight"
        return None
    if not sa == sb == sc:
        return None
    x, y, z = _sort3(a, b, c)
    if y == x + 3 and z == y + 3:
        return "pure_straight"
    if (y == x + 2 and z == y + 2) or (y == x + 1 and z == y + 1):
        return "pure_shifted_chows"
    if x == y == z:
        return "pure_triple_chow"
    return None


def _four_chows(t: Sequence[int]) -> str | None:
    if not t[0] // 9 == t[1] // 9 == t[2] // 9 == t[3] // 9:
        return None
    x = sorted(t)
    step = x[1] - x[0]
    if x[2] - x[1] != step or x[3] - x[2] != step:
        return None
    if step == 1 or step == 2:
        return "four_pure_shifted_chows"
    if step == 0:
        return "quadruple_chow"
    return None


def _trim(fans: list[str], limit: int, out: Counts) -> None:
    """§11.5 account once and non-identical: keep at most ``limit`` chow-pair fans,
    dropping repeated fans before single ones, each time in ``_TRIM_ORDER``."""
    kept = [0, 0, 0, 0]  # by position in _TRIM_ORDER
    for f in fans:
        kept[0 if f == TTC else 1 if f == SS else 2 if f == MDC else 3] += 1
    n = len(fans)
    for keep in range(1, -1, -1):
        for i in range(4):
            while n > limit and kept[i] > keep:
                kept[i] -= 1
                n -= 1
    for i in range(4):
        if kept[i]:
            f = _TRIM_ORDER[i]
            out[f] = out.get(f, 0) + kept[i]


def chow_fans(
    chows: list[int], pair: int, out: Counts, allowed: frozenset[str] | None = None
) -> None:
    """Chow combination fans (§11.5); ``chows`` sorted in reference order. A fan outside
    ``allowed`` (beginner rules, §16) is treated as absent: the search goes on without it."""
    n = len(chows)
    if n == 4:
        suit = pair // 9
        if pair < 27 and pair % 9 == 4:
            ranks = sorted(c % 9 for c in chows)
            suits = [c // 9 for c in chows]
            if ranks == [0, 0, 6, 6]:
                if all(s == suit for s in suits) and _allowed_fan("pure_terminal_chows", allowed):
                    out["pure_terminal_chows"] = 1
                    return
                if suit not in suits and len(set(suits)) == 2:
                    lows = {c // 9 for c in chows if c % 9 == 0}
                    highs = {c // 9 for c in chows if c % 9 == 6}
                    fan = _allowed_fan("three_suited_terminal_chows", allowed)
                    if len(lows) == 2 and lows == highs and fan:
                        out[fan] = 1
                        return
        fan = _allowed_fan(_four_chows(chows), allowed)
        if fan:
            out[fan] = 1
            return
        for i, j, k, rest in _THREE_AND_ONE:
            fan = _allowed_fan(_three_chows(chows[i], chows[j], chows[k]), allowed)
            if fan:
                out[fan] = 1
                extra = {_two_chows(chows[m], chows[rest]) for m in (i, j, k)}
                for f in (PDC, MDC, SS, TTC):
                    if f in extra:
                        out[f] = 1
                        break
                return
        fans: list[str] = []
        linked = [False, False, False, False]  # the chows in some 2-chow fan
        for a in range(4):
            for b in range(a + 1, 4):
                two = _two_chows(chows[a], chows[b])
                if two is not None:
                    fans.append(two)
                    linked[a] = linked[b] = True
        if fans:
            _trim(fans, 3 - linked.count(False), out)
    elif n == 3:
        fan = _allowed_fan(_three_chows(chows[0], chows[1], chows[2]), allowed)
        if fan:
            out[fan] = 1
            return
        fans = []
        for a, b in ((0, 1), (0, 2), (1, 2)):
            two = _two_chows(chows[a], chows[b])
            if two is not None:
                fans.append(two)
        _trim(fans, 2, out)
    elif n == 2:
        fan = _two_chows(chows[0], chows[1])
        if fan:
            out[fan] = 1


# ------------------------------------------------------------------ pung combinations


def _two_pungs(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def _three_pungs(a: int, b: int, c: int) -> str | None:
    if a < 27 and b < 27 and c < 27:
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa != sb and sa != sc and sb != sc:
            r0, r1, r2 = _sort3(a % 9, b % 9, c % 9)
            if r1 == r0 + 1 and r2 == r1 + 1:
                return "mixed_shifted_pungs"
            if r0 == r2:
                return "triple_pung"
            return None
        x, y, z = _sort3(a, b, c)
        if sa == sb == sc and y == x + 1 and z == y + 1:
            return "pure_shifted_pungs"
        return None
    # three pungs are of three different kinds
    if 27 <= a < 31 and 27 <= b < 31 and 27 <= c < 31:
        return "big_three_winds"
    if a >= 31 and b >= 31 and c >= 31:
        return "big_three_dragons"
    return None


def _four_pungs(t: Sequence[int]) -> str | None:
    x = sorted(t)  # four pungs are of four different kinds
    if x[3] < 27 and x[0] // 9 == x[3] // 9 and x[3] - x[0] == 3:
        return "four_pure_shifted_pungs"
    if x[0] == 27 and x[3] == 30:
        return "big_four_winds"
    return None


def pung_fans(pungs: list[int], out: Counts, allowed: frozenset[str] | None = None) -> None:
    """Pung combination fans (§11.5, last paragraph); ``pungs`` sorted in reference order.
    Fans outside ``allowed`` are treated as absent, as in ``chow_fans``."""
    n = len(pungs)
    if n == 4:
        fan = _allowed_fan(_four_pungs(pungs), allowed)
        if fan:
            out[fan] = 1
            return
        for i, j, k, free in _THREE_AND_ONE:
            fan = _allowed_fan(_three_pungs(pungs[i], pungs[j], pungs[k]), allowed)
            if fan:
                out[fan] = 1
                for m in range(4):
                    if m == free:
                        continue
                    extra = _two_pungs(pungs[m], pungs[free])
                    if extra:
                        out[extra] = out.get(extra, 0) + 1
                        break
                return
    elif n == 3:
        fan = _allowed_fan(_three_pungs(pungs[0], pungs[1], pungs[2]), allowed)
        if fan:
            out[fan] = 1
            return
    for a in range(n):
        for b in range(a + 1, n):
            fan = _two_pungs(pungs[a], pungs[b])
            if fan:
                out[fan] = out.get(fan, 0) + 1
