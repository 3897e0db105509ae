"""Tile identities.

A tile is a small int:

* ``0..33`` are the 34 kinds: ``0..8`` characters 1-9 (m), ``9..17`` dots (p),
  ``18..26`` bamboo (s), ``27..33`` honors 1z..7z (East South West North White Green Red).
* ``34..41`` are the eight flowers ``f1..f8`` (one copy each).
* ``42, 43, 44`` are the red fives ``0m 0p 0s``: a five in every respect (``kind_of``
  maps them to 4, 13, 22), distinguishable only for dora counting.

Code that reasons about hand shapes works on kinds and on count vectors of length 34.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

Tile = int

NUM_KINDS: Final = 34
MAN, PIN, SOU, HONOR, FLOWER = 0, 1, 2, 3, 4
SUIT_LETTERS: Final = "mpsz"

FIRST_FLOWER: Final = 34
NUM_FLOWERS: Final = 8
RED_MAN: Final = 42
RED_PIN: Final = 43
RED_SOU: Final = 44
RED_FIVES: Final = (RED_MAN, RED_PIN, RED_SOU)
MAX_TILE: Final = RED_SOU

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
HONORS: Final = tuple(range(27, 34))
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS: Final = TERMINALS + HONORS


def is_valid(tile: int) -> bool:
    return 0 <= tile <= MAX_TILE


def is_flower(tile: Tile) -> bool:
    return FIRST_FLOWER <= tile < FIRST_FLOWER + NUM_FLOWERS


def is_red(tile: Tile) -> bool:
    return tile in RED_FIVES


def kind_of(tile: Tile) -> int:
    """The kind 0..33 of a non-flower tile (red fives map to their five)."""
    if tile < NUM_KINDS:
        return tile
    if tile >= RED_MAN:
        return (tile - RED_MAN) * 9 + 4
    raise ValueError(f"flower {tile} has no kind")


def suit_of(kind: int) -> int:
    """MAN, PIN, SOU or HONOR for a kind 0..33."""
    return kind // 9


def number_of(kind: int) -> int:
    """1..9 for suited kinds, 1..7 for honors."""
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_suited(kind: int) -> bool:
    return kind < 27


def is_terminal(kind: int) -> bool:
    return kind < 27 and kind % 9 in (0, 8)


def is_terminal_or_honor(kind: int) -> bool:
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: int) -> bool:
    return kind < 27 and 0 < kind % 9 < 8


def kind_from(number: int, suit: int) -> int:
    return suit * 9 + number - 1


# Kind of every tile id, with a spare slot (index NUM_KINDS) that flowers count into.
KIND_OR_SPARE: Final = tuple(
    NUM_KINDS if FIRST_FLOWER <= t < FIRST_FLOWER + NUM_FLOWERS else kind_of(t)
    for t in range(MAX_TILE + 1)
)


def lowest_kind(tiles: Iterable[Tile]) -> int:
    """The lowest kind among non-flower ``tiles`` (red fives count as fives)."""
    low = NUM_KINDS
    table = KIND_OR_SPARE
    for t in tiles:
        k = table[t]
        if k < low:
            low = k
    return low


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """A 34-long count vector of the kinds in ``tiles`` (flowers are ignored)."""
    counts = [0] * (NUM_KINDS + 1)
    table = KIND_OR_SPARE
    for t in tiles:
        counts[table[t]] += 1
    counts.pop()
    return counts


def full_tile_set(*, flowers: bool, red_fives: tuple[int, int, int] = (0, 0, 0)) -> list[Tile]:
    """Every physical tile: 4 of each kind, optionally the 8 flowers, and with
    ``red_fives[i]`` of suit i's fives (man, pin, sou) replaced by red ones."""
    if len(red_fives) != 3 or not all(0 <= n <= 4 for n in red_fives):
        raise ValueError("red_fives gives 0 to 4 red fives for each of man, pin and sou")
    tiles: list[Tile] = []
    for kind in range(NUM_KINDS):
        tiles.extend([kind] * 4)
    for suit, red, n in zip((MAN, PIN, SOU), RED_FIVES, red_fives, strict=True):
        five = kind_from(5, suit)
        for _ in range(n):
            tiles.remove(five)
            tiles.append(red)
    if flowers:
        tiles.extend(range(FIRST_FLOWER, FIRST_FLOWER + NUM_FLOWERS))
    return tiles
