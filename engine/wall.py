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
the positions the ``WallSpec`` names.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field

from engine.rng import SeededStream
from engine.tiles import Tile, full_tile_set


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

    def __post_init__(self) -> None:
        if self.hand_size not in (13, 16):
            raise ValueError("hand_size must be 13 or 16")
        for pos in (*self.replacement_positions, *self.dora_positions, *self.ura_positions):
            if not 0 <= pos < self.dead_wall:
                raise ValueError(
                    f"dead-wall position {pos} outside a dead wall of {self.dead_wall}"
                )

    def tile_set(self) -> list[Tile]:
        return full_tile_set(flowers=self.flowers, red_fives=self.red_fives)

    @property
    def total_tiles(self) -> int:
        return 136 + (8 if self.flowers else 0)


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

    def replacement_index(self, n: int) -> int:
        """Index in ``tiles`` of the ``n``-th replacement draw (0-based)."""
        if self.spec.dead_wall == 0:
            return len(self.tiles) - 1 - n
        positions = self.spec.replacement_positions
        if n < len(positions):
            return self.dead_index(positions[n])
        raise IndexError("no replacement tile left in the dead wall")

    def live_end(self, replacements_drawn: int) -> int:
        """Exclusive end of the live wall (drawable from the front) after that many
        replacement draws."""
        if self.spec.dead_wall == 0:
            return len(self.tiles) - replacements_drawn
        end = len(self.tiles) - self.spec.dead_wall
        return end - replacements_drawn if self.spec.replenish_dead_wall else end
