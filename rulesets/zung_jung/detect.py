"""Which Zung Jung patterns one reading of a winning hand meets (zung-jung.md §5-§6).

``HandFacts`` holds what does not depend on the reading (tile composition, flags);
``detect`` adds the set-based patterns of one ``engine.shapes.Arrangement``. Both return
raw counts: series and irregular-hand exclusions are applied by the scorer from the
catalogue's data.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engine.context import WinContext
from engine.melds import MeldType
from engine.shapes import Arrangement, Block, BlockKind, Shape
from engine.tiles import (
    DRAGONS,
    EAST,
    WINDS,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    kind_of,
)

Counts = dict[str, int]


@dataclass(frozen=True, slots=True)
class HandFacts:
    counts: tuple[int, ...]  # every tile of the hand, melds and winning tile included
    tsumo: bool
    seat_wind_kind: int
    composition: Counts  # patterns that depend only on which tiles are held
    incidental: Counts  # category 9
    terminals_and_honors_only: bool
    nine_gates: bool


def build_facts(win: WinContext) -> HandFacts:
    counts = tuple(win.all_counts())
    kinds = [k for k in range(34) if counts[k]]
    suits = {k // 9 for k in kinds if k < 27}
    honors = any(is_honor(k) for k in kinds)
    comp: Counts = {}
    if all(not is_terminal_or_honor(k) for k in kinds):
        comp["no_terminals"] = 1
    if len(suits) == 1:
        comp["mixed_one_suit" if honors else "pure_one_suit"] = 1
    if not suits:
        comp["all_honors"] = 1
    if all(is_terminal(k) for k in kinds):
        comp["pure_greater_terminals"] = 1
    return HandFacts(
        counts=counts,
        tsumo=win.tsumo,
        seat_wind_kind=EAST + win.seat_wind - 1,
        composition=comp,
        incidental=incidental(win),
        terminals_and_honors_only=all(is_terminal_or_honor(k) for k in kinds),
        nine_gates=_nine_gates(win),
    )


def incidental(win: WinContext) -> Counts:
    """Category 9 from the win's flags (validated by the scorer)."""
    out: Counts = {}
    if win.haitei and win.tsumo:
        out["final_draw"] = 1
    if win.houtei and not win.tsumo:
        out["final_discard"] = 1
    if win.rinshan and win.tsumo:
        out["win_on_kong"] = 1
    if win.chankan and not win.tsumo:
        out["robbing_a_kong"] = 1
    if win.tenhou and win.tsumo and win.seat_wind == 1:
        out["blessing_of_heaven"] = 1
    # 9.4.2 is a win on East's first discard. `chiihou` on a discard win is ZJ's 地和 as
    # such (hand-jsonl); the table says so in extra["dealer_first_discard"]; `renhou` (won
    # before one's own first discard, no call or kong yet) proves it only for South.
    if (
        not win.tsumo
        and win.seat_wind != 1
        and (
            win.chiihou
            or win.extra.get("dealer_first_discard", False)
            or (win.renhou and win.seat_wind == 2)
        )
    ):
        out["blessing_of_earth"] = 1
    return out


def _nine_gates(win: WinContext) -> bool:
    """2.2: the 13 standing tiles are 1112345678999 of one suit, won on that suit."""
    if win.melds or len(win.concealed) != 13:
        return False
    c = Counter(kind_of(t) for t in win.concealed)
    suit = min(c) // 9
    if suit > 2 or win.win_kind // 9 != suit:
        return False
    base = suit * 9
    want = {base + i: n for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3))}
    return dict(c) == want


def _triplet(b: Block) -> bool:
    return b.kind is BlockKind.PUNG or b.kind is BlockKind.KONG


def detect(arr: Arrangement, facts: HandFacts) -> Counts:
    """All patterns this reading meets, before exclusions (Value Honor counted per set)."""
    out: Counts = dict(facts.composition)
    out.update(facts.incidental)
    if arr.shape is Shape.SEVEN_PAIRS:
        out["seven_pairs"] = 1
        if facts.terminals_and_honors_only:
            out["mixed_greater_terminals"] = 1
        return out
    if arr.shape is Shape.THIRTEEN_ORPHANS:
        out["thirteen_terminals"] = 1
        return out
    out.update(_standard(arr, facts))
    return out


def _standard(arr: Arrangement, facts: HandFacts) -> Counts:
    out: Counts = {}
    sets = [b for b in arr.blocks if b.is_set]
    pair = next(b.tile for b in arr.blocks if b.kind is BlockKind.PAIR)
    chows = sorted(b.tile for b in sets if b.kind is BlockKind.CHOW)
    trips = sorted(b.tile for b in sets if _triplet(b))
    trip_set = set(trips)

    # 1 trivial
    if len(chows) == 4:
        out["all_sequences"] = 1
    if all(b.meld is None or b.meld is MeldType.ANKAN for b in sets):
        out["concealed_hand"] = 1
    if facts.nine_gates:
        out["nine_gates"] = 1

    # 3 honors: Value Honor counts per set (§5 item 3)
    value = sum(1 for t in trips if t in DRAGONS or t == facts.seat_wind_kind)
    if value:
        out["value_honor"] = value
    dragons = sum(1 for t in trips if t in DRAGONS)
    winds = sum(1 for t in trips if t in WINDS)
    if dragons == 3:
        out["big_three_dragons"] = 1
    elif dragons == 2 and pair in DRAGONS:
        out["small_three_dragons"] = 1
    if winds == 4:
        out["big_four_winds"] = 1
    elif winds == 3 and pair in WINDS:
        out["small_four_winds"] = 1
    elif winds == 3:
        out["big_three_winds"] = 1
    elif winds == 2 and pair in WINDS:
        out["small_three_winds"] = 1

    # 4 triplets and kongs; §5 item 5: a triplet completed by the winning discard is exposed
    if len(trips) == 4:
        out["all_triplets"] = 1
    concealed = sum(
        1
        for i, b in enumerate(arr.blocks)
        if _triplet(b)
        and (b.meld is None or b.meld is MeldType.ANKAN)
        and not (i == arr.win_index and not facts.tsumo)
    )
    if concealed >= 2:
        out[("two", "three", "four")[concealed - 2] + "_concealed_triplets"] = 1
    kongs = sum(1 for b in sets if b.kind is BlockKind.KONG)
    if kongs:
        out[("one_kong", "two_kongs", "three_kongs", "four_kongs")[kongs - 1]] = 1

    # 5 identical sequences
    same = Counter(chows)
    most = max(same.values(), default=0)
    if most == 4:
        out["four_identical_sequences"] = 1
    elif most == 3:
        out["three_identical_sequences"] = 1
    elif sum(n // 2 for n in same.values()) == 2:
        out["two_identical_sequences_twice"] = 1
    elif most == 2:
        out["two_identical_sequences"] = 1

    # 6 similar sets (numbers 0..8 across the three suits)
    for n in range(9):
        if all(s * 9 + n in same for s in range(3)):
            out["three_similar_sequences"] = 1
        suited = [s for s in range(3) if s * 9 + n in trip_set]
        if len(suited) == 3:
            out["three_similar_triplets"] = 1
        elif len(suited) == 2 and pair < 27 and pair % 9 == n and pair // 9 not in suited:
            out["small_three_similar_triplets"] = 1

    # 7 consecutive sets
    for s in range(3):
        if all(s * 9 + n in same for n in (0, 3, 6)):
            out["nine_tile_straight"] = 1
        run = _longest_run([t % 9 for t in trips if t // 9 == s])
        if run >= 4:
            out["four_consecutive_triplets"] = 1
        elif run == 3:
            out["three_consecutive_triplets"] = 1

    # 8 terminals: every set and the pair holds a terminal (or an honor)
    blocks = [*sets, Block(BlockKind.PAIR, pair)]
    if all(any(is_terminal_or_honor(k) for k in b.kinds()) for b in blocks):
        honors = any(is_honor(b.tile) for b in blocks)
        out["mixed_lesser_terminals" if honors else "pure_lesser_terminals"] = 1
    if facts.terminals_and_honors_only and len(trips) == 4:
        out["mixed_greater_terminals"] = 1
    return out


def _longest_run(numbers: list[int]) -> int:
    best = run = 0
    prev = -2
    for n in sorted(set(numbers)):
        run = run + 1 if n == prev + 1 else 1
        best = max(best, run)
        prev = n
    return best
