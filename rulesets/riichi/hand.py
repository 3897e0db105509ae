"""What the yaku and fu rules look at: facts about the whole hand (computed once per win)
and one reading of it (sets, pair, wait), built by ``rulesets.riichi.decompose``."""

from __future__ import annotations

from collections.abc import Iterable

from engine.context import WinContext
from engine.melds import MeldType
from engine.shapes import Shape, Wait
from engine.tiles import DRAGONS, RED_MAN, RED_PIN, RED_SOU, WINDS
from rulesets.riichi.options import RiichiOptions

# Enum members as plain names: reading a member off its Enum class costs ~0.2 µs in
# Python 3.11, too much for the per-hand path.
SHAPE_STANDARD = Shape.STANDARD
SHAPE_SEVEN_PAIRS = Shape.SEVEN_PAIRS
SHAPE_KOKUSHI = Shape.THIRTEEN_ORPHANS
WAIT_SINGLE = Wait.SINGLE
WAIT_CLOSED = Wait.CLOSED
WAIT_EDGE = Wait.EDGE
WAIT_TWO_SIDED = Wait.TWO_SIDED
WAIT_PUNG = Wait.PUNG
WAIT_SPECIAL = Wait.SPECIAL
CHI = MeldType.CHI
PON = MeldType.PON
ANKAN = MeldType.ANKAN

# tile id (0..44) -> kind; flowers never reach riichi scoring (check() rejects them)
KIND_OF: tuple[int, ...] = (*range(34), *([-1] * 8), 4, 13, 22)
# A hand key holds the count of every kind in base 8 (3 bits a kind, kind 0 lowest), so the
# key of some tiles is the sum of their TILE_BIT, and ``key >> 3 * kind & 7`` is a count.
TILE_BIT: tuple[int, ...] = tuple(1 << 3 * k if k >= 0 else 0 for k in KIND_OF)
SUIT_FIELDS: tuple[int, ...] = (0o777777777, 0o777777777 << 27, 0o777777777 << 54, 0o7777777 << 81)
assert KIND_OF[RED_MAN] == 4 and KIND_OF[RED_PIN] == 13 and KIND_OF[RED_SOU] == 22


def _mask(kinds: Iterable[int]) -> int:
    return sum(1 << k for k in kinds)


MAN_MASK = _mask(range(0, 9))
PIN_MASK = _mask(range(9, 18))
SOU_MASK = _mask(range(18, 27))
HONOR_MASK = _mask(range(27, 34))
TERMINAL_MASK = _mask((0, 8, 9, 17, 18, 26))
YAOCHUU_MASK = TERMINAL_MASK | HONOR_MASK
GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s 6z (§1)
SUIT_MASKS = (MAN_MASK, PIN_MASK, SOU_MASK)

# Hand features (``HandFacts.features``), used by per-hand ``YakuDef.needs``.
TSUMO = 1
SIMPLES = 2
YAOCHUU = 4
ONE_SUIT = 8
GREEN = 16
RIICHI = 32  # the flags of the win, one bit each
DOUBLE_RIICHI = 64
IPPATSU = 128
RINSHAN = 256
CHANKAN = 512
HAITEI = 1024
HOUTEI = 2048
TENHOU = 4096
CHIIHOU = 8192
EXTRA = 16384  # some ruleset-specific flag


# One suit's way to be cut into sets: (chow starts, pung kinds, pair kind or -1, fu of the
# pungs as concealed), kinds sorted; filled in by ``rulesets.riichi.decompose``.
Split = tuple[tuple[int, ...], tuple[int, ...], int, int]


class SuitPart:
    """Facts about one suit's part of a hand key (shared by every hand with that part)."""

    __slots__ = ("kinds", "mask", "pairs", "part", "splits", "suit")

    def __init__(self, part: int) -> None:
        self.part = part
        suit = self.suit = min((part.bit_length() - 1) // 27, 3)
        kinds: list[int] = []
        pairs = 0
        for k in range(9 * suit, 34 if suit == 3 else 9 * suit + 9):
            c = part >> 3 * k & 7
            if c:
                kinds.append(k)
                pairs += c == 2
        self.kinds = tuple(kinds)
        self.mask = _mask(kinds)
        self.pairs = pairs  # kinds held exactly twice
        self.splits: tuple[Split, ...] | None = None


_PARTS: dict[int, SuitPart] = {}


def suit_part(part: int) -> SuitPart:
    """The (remembered) facts of a non-empty suit part ``key & SUIT_FIELDS[suit]``."""
    found = _PARTS.get(part)
    if found is None:
        found = SuitPart(part)
        if len(_PARTS) < 1 << 17:
            _PARTS[part] = found
    return found


def counts_of_key(key: int) -> list[int]:
    return [key >> 3 * k & 7 for k in range(34)]


class HandFacts:
    """Reading-independent facts of a win."""

    __slots__ = (
        "closed",
        "concealed_key",
        "ctx",
        "dealer",
        "features",
        "has_honors",
        "has_melds",
        "key",
        "mask",
        "opts",
        "parts",
        "reading_bits",
        "round_tile",
        "seat_tile",
        "suit",
        "suits",
    )

    def __init__(self, ctx: WinContext, opts: RiichiOptions) -> None:
        self.ctx = ctx
        self.opts = opts
        bit = TILE_BIT
        key = sum(map(bit.__getitem__, ctx.concealed), bit[ctx.win_tile])
        self.concealed_key = key
        parts: list[SuitPart] = []
        mask = 0
        get = _PARTS.get
        for field in SUIT_FIELDS:
            part = key & field
            if part:
                sp = get(part) or suit_part(part)
                parts.append(sp)
                mask |= sp.mask
        self.parts = parts  # the concealed part with the winning tile, suit by suit
        closed = True
        melds = ctx.melds
        if melds:
            kind_of = KIND_OF
            for meld in melds:
                for t in meld.tiles:
                    mask |= 1 << kind_of[t]
                    key += bit[t]
                if meld.type is not ANKAN:
                    closed = False
        self.key = key  # the whole hand, melds included
        self.mask = mask
        self.closed = closed
        self.has_melds = bool(melds)
        self.dealer = ctx.seat_wind == 1
        self.seat_tile = 26 + ctx.seat_wind
        self.round_tile = 26 + ctx.round_wind
        suits = 0
        suit = -1
        if mask & MAN_MASK:
            suits = 1
            suit = 0
        if mask & PIN_MASK:
            suits += 1
            suit = 1
        if mask & SOU_MASK:
            suits += 1
            suit = 2
        self.suits = suits
        self.suit = suit if suits == 1 else -1  # the only suit, if just one
        self.has_honors = bool(mask & HONOR_MASK)
        features = TSUMO if ctx.tsumo else 0
        if ctx.riichi:
            features |= RIICHI
        if ctx.double_riichi:
            features |= DOUBLE_RIICHI
        if ctx.ippatsu:
            features |= IPPATSU
        if ctx.rinshan:
            features |= RINSHAN
        if ctx.chankan:
            features |= CHANKAN
        if ctx.haitei:
            features |= HAITEI
        if ctx.houtei:
            features |= HOUTEI
        if ctx.tenhou:
            features |= TENHOU
        if ctx.chiihou:
            features |= CHIIHOU
        if ctx.extra:
            features |= EXTRA
        if not mask & YAOCHUU_MASK:
            features |= SIMPLES
        elif not mask & ~YAOCHUU_MASK:
            features |= YAOCHUU
        if suits == 1:
            features |= ONE_SUIT
        if not mask & ~GREEN_MASK:
            features |= GREEN
        self.features = features
        bits = 0
        if self.has_honors:
            bits = HAND_HONORS | HAND_ALL_HONORS if not suits else HAND_HONORS
        if mask & TERMINAL_MASK:
            bits |= HAND_TERMINALS
        self.reading_bits = bits

    def count(self, kind: int) -> int:
        """How many tiles of ``kind`` the hand holds, melds included."""
        return self.key >> 3 * kind & 7


# Reading features (``Reading.features``), used by ``YakuDef.needs`` to skip predicates early.
CHOWS = 1
TRIPLETS = 2
HONOR_TRIPLETS = 4
THREE_KANS = 8
SEVEN_PAIRS = 16
KOKUSHI = 32
THREE_CHOWS = 64
THREE_TRIPLETS = 128
# ...and reading-level bits that come from the hand (``HandFacts.reading_bits``)
HAND_HONORS = 256  # some honor tile
HAND_TERMINALS = 512  # some terminal tile
HAND_ALL_HONORS = 1024


_NO_PAIRS: list[int] = []


def reading_features(shape: Shape, chows: list[int], triplets: list[int], kongs: int) -> int:
    """The feature bits of a reading (shared by readings of one decomposition)."""
    features = 0
    if chows:
        features = CHOWS if len(chows) < 3 else CHOWS | THREE_CHOWS
    if triplets:
        features |= TRIPLETS if len(triplets) < 3 else TRIPLETS | THREE_TRIPLETS
        if triplets[-1] >= 27:
            features |= HONOR_TRIPLETS
        if kongs >= 3:
            features |= THREE_KANS
    if shape is SHAPE_SEVEN_PAIRS:
        features |= SEVEN_PAIRS
    elif shape is SHAPE_KOKUSHI:
        features |= KOKUSHI
    return features


class Reading:
    """One interpretation of the hand. ``chows``/``triplets`` are sorted lowest kinds (melds
    included; kans are triplets too), ``ankou`` counts concealed triplets and closed kans
    (§5: a triplet completed by ron is open), ``set_fu`` is the fu of all triplets/kans."""

    __slots__ = ("ankou", "chows", "features", "kongs", "pair", "pairs", "set_fu", "shape",
                 "triplets", "wait")

    def __init__(
        self,
        shape: Shape,
        chows: list[int],
        triplets: list[int],
        kongs: int,
        ankou: int,
        pair: int,
        wait: Wait,
        set_fu: int,
        features: int = -1,
    ) -> None:
        self.shape = shape
        self.chows = chows
        self.triplets = triplets
        self.kongs = kongs
        self.ankou = ankou
        self.pair = pair
        self.pairs: list[int] = _NO_PAIRS  # seven pairs readings set their pairs
        self.wait = wait
        self.set_fu = set_fu
        self.features = features if features >= 0 else reading_features(
            shape, chows, triplets, kongs
        )

    def outside(self, terminal_only: bool) -> bool:
        """Every set and the pair contain a terminal (or an honor unless ``terminal_only``)."""
        allowed = TERMINAL_MASK if terminal_only else YAOCHUU_MASK
        if not (1 << self.pair) & allowed:
            return False
        for t in self.triplets:
            if not (1 << t) & allowed:
                return False
        return all(s % 9 in (0, 6) for s in self.chows)


def dragon_triplets(r: Reading) -> int:
    return sum(1 for t in r.triplets if t in DRAGONS)


def wind_triplets(r: Reading) -> int:
    return sum(1 for t in r.triplets if t in WINDS)
