"""Every reading of a riichi hand (riichi.md §5), built straight into ``Reading`` objects.

This is the same enumeration as ``engine.shapes.arrangements`` (four sets and a pair,
seven different pairs, thirteen orphans, every block the winning tile can sit in), cut
to what riichi needs and shaped for speed: each suit's splits are memoised on its
9 counts, and a reading carries the numbers the yaku and fu rules read (sets, pair,
wait, concealed triplets, set fu). ``tests/rulesets/riichi/test_decompose.py`` checks it
against the engine on generated hands.
"""

from __future__ import annotations

from itertools import product

from engine.blocks import BlockKind, suit_partitions
from engine.melds import Meld
from engine.shapes import Wait
from rulesets.riichi.hand import (
    ANKAN,
    CHI,
    KIND_OF,
    PON,
    SHAPE_KOKUSHI,
    SHAPE_SEVEN_PAIRS,
    SHAPE_STANDARD,
    SUIT_FIELDS,
    WAIT_CLOSED,
    WAIT_EDGE,
    WAIT_PUNG,
    WAIT_SINGLE,
    WAIT_SPECIAL,
    WAIT_TWO_SIDED,
    YAOCHUU_MASK,
    Reading,
    Split,
    SuitPart,
    reading_features,
    suit_part,
)

_YAOCHUU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def splits_of(sp: SuitPart) -> tuple[Split, ...]:
    """The splits of one suit part (remembered on it)."""
    found = sp.splits
    if found is None:
        offset = 9 * sp.suit
        size = 7 if sp.suit == 3 else 9
        counts = tuple(sp.part >> 3 * (offset + i) & 7 for i in range(size))
        found = sp.splits = _suit_splits(counts, offset)
    return found


def key_of(counts: list[int]) -> int:
    """One suit's counts as a suit key (base 8, the suit's first kind lowest)."""
    key = 0
    for c in reversed(counts):
        key = key * 8 + c
    return key


def _set_fu(kind: int, concealed: bool, kong: bool) -> int:
    value = 4 if kind in _YAOCHUU_KINDS else 2
    if concealed:
        value *= 2
    if kong:
        value *= 4
    return value


def _suit_splits(counts: tuple[int, ...], offset: int) -> tuple[Split, ...]:
    """All ways to cut one suit (its counts, its first kind) into chows/pungs and at most
    one pair (``engine.blocks.suit_partitions``), with the fu of its concealed pungs."""
    out: list[Split] = []
    for sets, pair in suit_partitions(list(counts), len(counts) == 7):
        chows = tuple(offset + n for kind, n in sets if kind is BlockKind.CHOW)
        pungs = tuple(offset + n for kind, n in sets if kind is not BlockKind.CHOW)
        fu = sum(_set_fu(p, True, False) for p in pungs)
        out.append((chows, pungs, offset + pair if pair >= 0 else -1, fu))
    return tuple(out)


# kind -> fu of its open pung (§9 step 4); concealed doubles it, a kan quadruples it
_OPEN_PUNG_FU = tuple(4 if k in _YAOCHUU_KINDS else 2 for k in range(34))


class MeldSummary:
    """What the declared melds add to every reading."""

    __slots__ = ("ankou", "chows", "fu", "kongs", "triplets")

    def __init__(self, melds: tuple[Meld, ...]) -> None:
        chows: list[int] = []
        triplets: list[int] = []
        kongs = ankou = fu = 0
        kind_of = KIND_OF
        for m in melds:
            tiles = m.tiles
            t = m.type
            if t is CHI:
                chows.append(min(kind_of[tiles[0]], kind_of[tiles[1]], kind_of[tiles[2]]))
                continue
            kind = kind_of[tiles[0]]
            triplets.append(kind)
            if t is PON:
                fu += _OPEN_PUNG_FU[kind]
            elif t is ANKAN:
                kongs += 1
                ankou += 1
                fu += 8 * _OPEN_PUNG_FU[kind]
            else:
                kongs += 1
                fu += 4 * _OPEN_PUNG_FU[kind]
        self.chows = chows
        self.triplets = triplets
        self.kongs = kongs
        self.ankou = ankou
        self.fu = fu


_NO_MELDS = MeldSummary(())


def _chow_wait(start: int, win: int) -> Wait:
    pos = win - start
    if pos == 1:
        return WAIT_CLOSED
    number = start % 9
    if (pos == 2 and number == 0) or (pos == 0 and number == 6):
        return WAIT_EDGE
    return WAIT_TWO_SIDED


def standard_readings(
    parts: list[SuitPart], melds: MeldSummary, win: int, tsumo: bool
) -> list[Reading]:
    """Four sets and a pair; ``parts`` are the concealed part with the winning tile."""
    per_suit: list[tuple[Split, ...]] = []
    first: list[Split] = []
    single = True
    for sp in parts:
        splits = sp.splits
        if splits is None:
            splits = splits_of(sp)
        if not splits:
            return []
        if len(splits) > 1:
            single = False
        per_suit.append(splits)
        first.append(splits[0])
    combos: list[tuple[Split, ...]] | list[list[Split]]
    combos = [first] if single else list(product(*per_suit))
    out: list[Reading] = []
    meld_chows = melds.chows
    meld_triplets = melds.triplets
    kongs = melds.kongs
    for combo in combos:
        pair = -1
        chows: list[int] = []
        pungs: list[int] = []
        pung_fu = melds.fu
        for cs, ps, p, fu in combo:
            if p >= 0:
                if pair >= 0:
                    pair = -2
                    break
                pair = p
            if cs:
                chows += cs
            if ps:
                pungs += ps
                pung_fu += fu
        if pair < 0:
            continue
        all_chows = sorted(chows + meld_chows) if meld_chows else chows
        triplets = sorted(pungs + meld_triplets) if meld_triplets else pungs
        base_ankou = melds.ankou + len(pungs)
        features = reading_features(SHAPE_STANDARD, all_chows, triplets, kongs)
        if pair == win:
            out.append(Reading(SHAPE_STANDARD, all_chows, triplets, kongs, base_ankou,
                               pair, WAIT_SINGLE, pung_fu, features))
        if win in pungs:
            if tsumo:
                ankou, fu = base_ankou, pung_fu
            else:  # §5: the triplet completed by ron is open
                ankou = base_ankou - 1
                fu = pung_fu - _OPEN_PUNG_FU[win]
            out.append(Reading(SHAPE_STANDARD, all_chows, triplets, kongs, ankou,
                               pair, WAIT_PUNG, fu, features))
        seen = -1
        for s in chows:
            if s != seen and s <= win <= s + 2:
                seen = s
                out.append(Reading(SHAPE_STANDARD, all_chows, triplets, kongs,
                                   base_ankou, pair, _chow_wait(s, win), pung_fu, features))
    return out


def seven_pairs_reading(parts: list[SuitPart]) -> Reading | None:
    pairs = 0
    for sp in parts:
        pairs += sp.pairs
    if pairs != 7:
        return None
    r = Reading(SHAPE_SEVEN_PAIRS, [], [], 0, 0, -1, WAIT_SINGLE, 0)
    r.pairs = [k for sp in parts for k in sp.kinds]
    return r


def kokushi_reading(key: int, win: int) -> Reading | None:
    if sum(1 << k for k in _YAOCHUU_KINDS if key >> 3 * k & 7) != YAOCHUU_MASK:
        return None
    if sum(key >> 3 * k & 7 for k in _YAOCHUU_KINDS) != 14:
        return None
    # the winning tile is the duplicate: the 13 kinds were all held before (13-wait)
    wait = WAIT_SINGLE if key >> 3 * win & 7 == 2 else WAIT_SPECIAL
    return Reading(SHAPE_KOKUSHI, [], [], 0, 0, -1, wait, 0)


def hand_readings(
    key: int, parts: list[SuitPart], melds: tuple[Meld, ...], win: int, tsumo: bool
) -> list[Reading]:
    """Every reading of the hand (empty: not a winning shape). ``key``: the concealed part
    with the winning tile as a hand key (hand.py); ``parts``: its non-empty suit parts."""
    out = standard_readings(parts, MeldSummary(melds) if melds else _NO_MELDS, win, tsumo)
    if not melds:
        r = seven_pairs_reading(parts)
        if r is not None:
            out.append(r)
        elif not out:
            k = kokushi_reading(key, win)
            if k is not None:
                out.append(k)
    return out


def readings(
    counts: list[int], suit_keys: list[int], melds: tuple[Meld, ...], win: int, tsumo: bool
) -> list[Reading]:
    """``hand_readings`` for the concealed part with the winning tile given as ``counts``
    and as ``key_of`` keys per suit (the keys are what is read)."""
    key = sum(k << 27 * suit for suit, k in enumerate(suit_keys))
    parts = [suit_part(key & f) for f in SUIT_FIELDS if key & f]
    return hand_readings(key, parts, melds, win, tsumo)
