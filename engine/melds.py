"""Declared melds: the sets a player has called or declared (chi, pon, kongs)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.notation import NotationError, format_tiles, parse_tiles
from engine.tiles import Tile, is_flower, kind_of, lowest_kind


class MeldType(StrEnum):
    CHI = "chi"  # chow claimed from the previous player's discard
    PON = "pon"  # pung claimed from a discard
    MINKAN = "minkan"  # kong claimed from a discard (big melded kong)
    ANKAN = "ankan"  # concealed kong
    KAKAN = "kakan"  # melded pung extended to a kong (added kong)


KONG_TYPES = frozenset({MeldType.MINKAN, MeldType.ANKAN, MeldType.KAKAN})


class MeldError(ValueError):
    """A meld whose tiles do not form its declared type."""


@dataclass(frozen=True, slots=True)
class Meld:
    type: MeldType
    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        if any(is_flower(t) for t in self.tiles):
            raise MeldError("a flower cannot be part of a meld")
        kinds = sorted(kind_of(t) for t in self.tiles)
        if self.type is MeldType.CHI:
            ok = (
                len(kinds) == 3
                and kinds[0] < 27
                and kinds[0] // 9 == kinds[2] // 9
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
            )
            if not ok:
                raise MeldError(f"'{format_tiles(self.tiles)}' is not a chow")
        else:
            size = 3 if self.type is MeldType.PON else 4
            if len(kinds) != size or kinds[0] != kinds[-1]:
                raise MeldError(f"'{format_tiles(self.tiles)}' is not a {self.type.value}")

    @classmethod
    def parse(cls, meld_type: str, tiles: str) -> Meld:
        try:
            typ = MeldType(meld_type)
        except ValueError:
            names = ", ".join(m.value for m in MeldType)
            raise MeldError(f"unknown meld type '{meld_type}' (expected one of {names})") from None
        try:
            parsed = parse_tiles(tiles)
        except NotationError as exc:
            raise MeldError(f"meld tiles '{tiles}': {exc}") from None
        return cls(typ, tuple(parsed))

    @property
    def kind(self) -> int:
        """The lowest kind in the meld (the chow's first tile, the pung's tile)."""
        return lowest_kind(self.tiles)

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def is_chow(self) -> bool:
        return self.type is MeldType.CHI

    @property
    def is_concealed(self) -> bool:
        """Only a concealed kong keeps the hand concealed."""
        return self.type is MeldType.ANKAN

    def kinds(self) -> list[int]:
        return [kind_of(t) for t in self.tiles]

    def __str__(self) -> str:
        return f"{self.type.value}:{format_tiles(self.tiles)}"
