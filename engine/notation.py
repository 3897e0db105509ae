"""mpsz tile notation (../shared/formats/hand-jsonl.md §Tiles).

``"123m0p55z f3"``: digits followed by their suit letter; ``0`` in m/p/s is a red five;
a flower is ``f`` followed by its number 1..8. Order does not matter and spaces are
ignored. ``format_tiles`` writes the canonical form (suits in m p s z f order, numbers
ascending, a red five after the plain fives), so ``parse_tiles(format_tiles(ts))`` is ``ts`` sorted.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.tiles import (
    FIRST_FLOWER,
    NUM_FLOWERS,
    RED_FIVES,
    SUIT_LETTERS,
    Tile,
    is_flower,
    is_red,
    kind_of,
)


class NotationError(ValueError):
    """A tile string that cannot be read; ``position`` is the 0-based index of the fault."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"{reason} at {position}")


def parse_tiles(text: str) -> list[Tile]:
    """Read an mpsz string into tiles, in the order written."""
    if not isinstance(text, str):
        raise NotationError(str(text), 0, "tile notation must be a string")
    tiles: list[Tile] = []
    pending: list[tuple[int, int]] = []  # (digit, position) waiting for their suit letter
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch.isspace():
            pos += 1
            continue
        if ch.isdigit() and ch.isascii():
            pending.append((int(ch), pos))
            pos += 1
            continue
        if ch == "f":
            if pending:
                raise NotationError(text, pending[0][1], "digits without a suit letter")
            tiles.append(_flower(text, pos))
            pos += 2
            continue
        if ch not in SUIT_LETTERS:
            if pending and ch.isalpha():
                raise NotationError(text, pos, f"unknown suit '{ch}'")
            raise NotationError(text, pos, f"unexpected character '{ch}'")
        if not pending:
            raise NotationError(text, pos, f"suit '{ch}' has no digits before it")
        suit = SUIT_LETTERS.index(ch)
        for digit, dpos in pending:
            tiles.append(_suited_or_honor(text, digit, suit, dpos))
        pending = []
        pos += 1
    if pending:
        raise NotationError(text, pending[0][1], "digits without a suit letter")
    return tiles


def _flower(text: str, pos: int) -> Tile:
    digit = text[pos + 1 : pos + 2]
    if not (digit.isascii() and digit.isdigit()) or not 1 <= int(digit) <= NUM_FLOWERS:
        raise NotationError(text, pos, f"flower needs a number 1..8 after 'f', got '{digit}'")
    return FIRST_FLOWER + int(digit) - 1


def _suited_or_honor(text: str, digit: int, suit: int, pos: int) -> Tile:
    if suit == 3:
        if not 1 <= digit <= 7:
            raise NotationError(text, pos, f"no honor {digit}z (honors are 1z..7z)")
        return 27 + digit - 1
    if digit == 0:
        return RED_FIVES[suit]
    return suit * 9 + digit - 1


def parse_tile(text: str) -> Tile:
    """Read exactly one tile."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise NotationError(text, 0, f"expected one tile, found {len(tiles)}")
    return tiles[0]


def sort_key(tile: Tile) -> tuple[int, int, int]:
    if is_flower(tile):
        return (4, tile - FIRST_FLOWER, 0)
    kind = kind_of(tile)
    return (kind // 9, kind % 9, 1 if is_red(tile) else 0)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical mpsz string for ``tiles`` (sorted, one suit letter per group)."""
    groups: dict[str, list[str]] = {}
    flowers: list[str] = []
    for tile in sorted(tiles, key=sort_key):
        if is_flower(tile):
            flowers.append(f"f{tile - FIRST_FLOWER + 1}")
            continue
        kind = kind_of(tile)
        letter = SUIT_LETTERS[kind // 9]
        groups.setdefault(letter, []).append("0" if is_red(tile) else str(kind % 9 + 1))
    return "".join("".join(digits) + letter for letter, digits in groups.items()) + "".join(flowers)


def format_tile(tile: Tile) -> str:
    return format_tiles([tile])


def format_kinds(kinds: Iterable[int]) -> str:
    return format_tiles(kinds)
