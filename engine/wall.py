"""The wall: which tiles, in which order, and where the dead wall's special tiles lie.

Shuffle derivation (anyone can re-check a finished match):
``key = SHA-256(utf8(seed) || b"/hand/" || utf8(str(hand_number)))`` feeds
``engine.rng.SeededStream``, which Fisher–Yates-shuffles the tile set in the canonical
order of ``engine.tiles.full_tile_set``. Before the first hand a match publishes
``commitment(seed) = hex(SHA-256(utf8(seed)))`` and reveals ``seed`` when it ends.

Layout of the shuffled ``tiles``: normal draws take ``tiles[0], tiles[1], …`` (the front).
With no dead wall (MCR) replacement draws take ``tiles[-1], tiles[-2], …`` (the tail).
With a dead wall of ``dead_wall`` tiles, the dead wall is the last ``dead_wall`` tiles and
``dead_index(i)`` addresses its ``i``-th tile; replacements, dora and ura indicators sit at
the positions the ``WallSpec`` names. Where replacement tiles come from is the table's
``Replacement``; ``Wall``'s geometry methods (``live_end``, ``remaining``,
``replacement_index``, ``replacement_available``, ``dead_wall_remaining``) are the one
place that turns it, the spec and the draw counters into wall indices.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from enum import StrEnum

from engine.rng import SeededStream
from engine.tiles import NUM_KINDS, Tile, full_tile_set, is_flower, kind_of


class Replacement(StrEnum):
    """Where replacement tiles (kongs and flowers) come from (``TableRules.replacement``)."""

    TAIL = "tail"  # the far end of a wall without a dead wall (MCR)
    DEAD_WALL = "dead_wall"  # the WallSpec's replacement positions (riichi, Three Kingdoms)
    LIVE_TAIL = "live_tail"  # the back of the drawable part; the dead wall is never drawn (ZJ)


# Enum members as plain module names for the per-draw paths (engine.state does the same).
_TAIL, _DEAD_WALL, _LIVE_TAIL = Replacement.TAIL, Replacement.DEAD_WALL, Replacement.LIVE_TAIL


@dataclass(frozen=True, slots=True)
class WallSpec:
    flowers: bool = False
    red_fives: tuple[int, int, int] = (0, 0, 0)  # red fives of man, pin and sou
    hand_size: int = 13  # 13 or 16
    dead_wall: int = 0  # 0 = none: replacements come from the tail
    replacement_positions: tuple[int, ...] = ()  # dead-wall indices of the replacement tiles
    dora_positions: tuple[int, ...] = ()  # first is the initial indicator, then kan-dora
    ura_positions: tuple[int, ...] = ()
    # Riichi keeps the dead wall at its size by moving the live wall's last tile into it
    # after each replacement draw; Three Kingdoms fixes the last live tile instead.
    replenish_dead_wall: bool = False
    # kinds not in the set at all (three-player riichi drops 2m-8m: 108 tiles)
    removed_kinds: tuple[int, ...] = ()
    # replacement draws beyond ``replacement_positions`` (a replenished dead wall only):
    # each takes the live wall's last tile, the one replenishing would have moved into the
    # dead wall (three-player riichi: 4 kongs and 4 kita, riichi.wiki "Sanma")
    extra_replacements: int = 0

    def __post_init__(self) -> None:
        if self.hand_size not in (13, 16):
            raise ValueError("hand_size must be 13 or 16")
        if self.extra_replacements and not self.replenish_dead_wall:
            raise ValueError("extra replacements come from a replenished dead wall only")
        for k in self.removed_kinds:
            if not 0 <= k < NUM_KINDS:
                raise ValueError(f"removed kind {k} is not a kind 0..33")
            if k < 27 and k % 9 == 4 and self.red_fives[k // 9]:
                raise ValueError(f"red fives of a removed kind {k}")
        for pos in (*self.replacement_positions, *self.dora_positions, *self.ura_positions):
            if not 0 <= pos < self.dead_wall:
                raise ValueError(
                    f"dead-wall position {pos} outside a dead wall of {self.dead_wall}"
                )

    def tile_set(self) -> list[Tile]:
        tiles = full_tile_set(flowers=self.flowers, red_fives=self.red_fives)
        if self.removed_kinds:
            gone = set(self.removed_kinds)
            tiles = [t for t in tiles if is_flower(t) or kind_of(t) not in gone]
        return tiles

    @property
    def total_tiles(self) -> int:
        return 136 - 4 * len(set(self.removed_kinds)) + (8 if self.flowers else 0)

    def kinds(self) -> tuple[int, ...]:
        """The kinds in the set, in order (all 34 unless ``removed_kinds``)."""
        gone = set(self.removed_kinds)
        return tuple(k for k in range(NUM_KINDS) if k not in gone)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def verify(seed: str, published_commitment: str) -> bool:
    """Whether ``seed`` is the one a match committed to before its first hand."""
    return hmac.compare_digest(commitment(seed), published_commitment.lower())


def shuffle_key(seed: str, hand_number: int) -> bytes:
    return hashlib.sha256(seed.encode("utf-8") + b"/hand/" + str(hand_number).encode()).digest()


@dataclass(frozen=True, slots=True)
class Wall:
    spec: WallSpec
    tiles: tuple[Tile, ...]
    # every dora indicator of the wall in the order they are shown (derived from ``tiles``)
    dora: tuple[Tile, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        end = len(self.tiles) - self.spec.dead_wall
        dora = tuple(self.tiles[end + p] for p in self.spec.dora_positions)
        object.__setattr__(self, "dora", dora)  # the dataclass idiom for a derived field

    @classmethod
    def build(cls, spec: WallSpec, seed: str, hand_number: int) -> Wall:
        tiles = spec.tile_set()
        SeededStream(shuffle_key(seed, hand_number)).shuffle(tiles)
        return cls(spec, tuple(tiles))

    def dead_index(self, i: int) -> int:
        """Index in ``tiles`` of the dead wall's ``i``-th tile."""
        return len(self.tiles) - self.spec.dead_wall + i

    def dora_indicator(self, n: int) -> Tile:
        """The ``n``-th dora indicator (0 = the first one shown)."""
        return self.dora[n]

    def ura_indicator(self, n: int) -> Tile:
        return self.tiles[self.dead_index(self.spec.ura_positions[n])]

    # The wall's geometry, in one place: where the drawable part ends, where the next
    # replacement tile lies and what is left of the dead wall, after ``drawn`` replacement
    # draws from ``source`` (the table's ``Replacement``). ``HandState`` asks these with
    # its own counters.

    def live_end(self, source: Replacement, drawn: int) -> int:
        """Exclusive end of the drawable part (drawn from the front): without a dead wall,
        and for Zung Jung's supplements, each replacement shortens it by one; a dead wall
        replenished from the live wall (riichi) shortens it too; Three Kingdoms' fixed dead
        wall does not."""
        if source is _DEAD_WALL:
            end = len(self.tiles) - self.spec.dead_wall
            return end - drawn if self.spec.replenish_dead_wall else end
        if source is _TAIL:
            return len(self.tiles) - drawn
        return len(self.tiles) - self.spec.dead_wall - drawn

    def remaining(self, source: Replacement, drawn: int, front: int) -> int:
        """Tiles still drawable when ``front`` tiles were drawn from the front."""
        return self.live_end(source, drawn) - front

    def replacement_index(self, source: Replacement, drawn: int) -> int:
        """Index in ``tiles`` of the next replacement tile: the ``WallSpec``'s next
        replacement position in the dead wall, else the back of the drawable part."""
        if source is _DEAD_WALL:
            positions = self.spec.replacement_positions
            if drawn < len(positions):
                return self.dead_index(positions[drawn])
            if drawn < len(positions) + self.spec.extra_replacements:
                return self.live_end(source, drawn) - 1
            raise IndexError("no replacement tile left in the dead wall")
        return self.live_end(source, drawn) - 1

    def replacement_available(self, source: Replacement, drawn: int, front: int) -> bool:
        if source is _DEAD_WALL:
            positions = len(self.spec.replacement_positions)
            if drawn < positions:
                return True
            extra = drawn < positions + self.spec.extra_replacements
            return extra and self.live_end(source, drawn) - front >= 1
        return self.live_end(source, drawn) - front >= 1

    def dead_wall_remaining(self, source: Replacement, drawn: int) -> int:
        """Tiles left in the dead wall: riichi keeps it at its size, Three Kingdoms draws
        it down, Zung Jung never draws it, MCR has none."""
        spec = self.spec
        if source is _DEAD_WALL and not spec.replenish_dead_wall:
            return spec.dead_wall - drawn
        return 0 if source is _TAIL else spec.dead_wall
