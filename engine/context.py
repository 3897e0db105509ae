"""``WinContext``: the neutral description of a win (../shared/formats/hand-jsonl.md).

The engine builds it from table state when a seat wins; tests and ``jantaku score`` build
it from a JSON object with ``WinContext.from_json``. Rulesets only ever read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.hand_check import flag_problem, hand_problem
from engine.melds import Meld, MeldError
from engine.notation import NotationError, format_tiles, parse_tile, parse_tiles, sort_key
from engine.tiles import Tile, counts_of, kind_of


class InvalidInput(ValueError):
    """A hand description that cannot be scored (the ``invalid_input`` result)."""


@dataclass(frozen=True, slots=True)
class WinContext:
    concealed: tuple[Tile, ...]  # standing tiles, without the winning tile and the melds
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = 1  # 1 East .. 4 North
    round_wind: int = 1
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    last_tile_of_kind: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    flowers: int = 0
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)  # ruleset-specific flags

    @property
    def tile_count(self) -> int:
        """Tiles in the hand counting a kong as 3 (14 for 13-tile rulesets, 17 for 16-tile)."""
        return len(self.concealed) + 1 + 3 * len(self.melds)

    def concealed_counts(self) -> list[int]:
        """Counts of the concealed part including the winning tile."""
        counts = counts_of(self.concealed)
        counts[kind_of(self.win_tile)] += 1
        return counts

    def all_counts(self) -> list[int]:
        """Counts of every tile of the hand (concealed, winning tile, melds)."""
        counts = self.concealed_counts()
        for meld in self.melds:
            for k in meld.kinds():
                counts[k] += 1
        return counts

    @property
    def win_kind(self) -> int:
        return kind_of(self.win_tile)

    @property
    def is_open(self) -> bool:
        return any(not m.is_concealed for m in self.melds)

    def check(self, hand_tiles: int) -> None:
        """Raise ``InvalidInput`` unless this is a well-formed hand of ``hand_tiles`` tiles
        (14 or 17, kongs counting 3) with no kind more than four times, indicators included,
        and no flag that contradicts the others or the tiles (``hand_check.flag_problem``)."""
        problem = hand_problem(self, hand_tiles) or flag_problem(self)
        if problem is not None:
            raise InvalidInput(problem)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> WinContext:
        """Build from a hand-jsonl input object; raises ``InvalidInput`` with a message."""
        try:
            raw = HandInput.model_validate(obj)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "input"
            raise InvalidInput(f"{where}: {first['msg']}") from None
        if raw.kita and raw.flowers:
            raise InvalidInput("kita and flowers: give the tiles set aside once, not both")
        try:
            concealed = tuple(sorted(parse_tiles(raw.concealed), key=sort_key))
            win_tile = parse_tile(raw.win_tile)
            melds = tuple(Meld.parse(m.type, m.tiles) for m in raw.melds)
            dora = _indicators("dora_indicators", raw.dora_indicators)
            ura = _indicators("ura_dora_indicators", raw.ura_dora_indicators)
        except (NotationError, MeldError) as exc:
            raise InvalidInput(str(exc)) from None
        return cls(
            concealed=concealed,
            win_tile=win_tile,
            melds=melds,
            tsumo=raw.tsumo,
            seat_wind=raw.seat_wind,
            round_wind=raw.round_wind,
            riichi=raw.riichi,
            double_riichi=raw.double_riichi,
            ippatsu=raw.ippatsu,
            haitei=raw.haitei,
            houtei=raw.houtei,
            rinshan=raw.rinshan,
            chankan=raw.chankan,
            last_tile_of_kind=raw.last_tile_of_kind,
            tenhou=raw.tenhou,
            chiihou=raw.chiihou,
            renhou=raw.renhou,
            flowers=raw.flowers or raw.kita,
            dora_indicators=dora,
            ura_dora_indicators=ura,
        )

    def to_json(self) -> dict[str, Any]:
        """The hand-jsonl input object for this context (defaults omitted)."""
        out: dict[str, Any] = {
            "concealed": format_tiles(self.concealed),
            "win_tile": format_tiles([self.win_tile]),
        }
        if self.melds:
            out["melds"] = [
                {"type": m.type.value, "tiles": format_tiles(m.tiles)} for m in self.melds
            ]
        for name in _FLAGS:
            if getattr(self, name):
                out[name] = True
        for name in ("seat_wind", "round_wind"):
            if getattr(self, name) != 1:
                out[name] = getattr(self, name)
        if self.flowers:
            out["flowers"] = self.flowers
        if self.dora_indicators:
            out["dora_indicators"] = [format_tiles([t]) for t in self.dora_indicators]
        if self.ura_dora_indicators:
            out["ura_dora_indicators"] = [format_tiles([t]) for t in self.ura_dora_indicators]
        return out


def _indicators(field: str, texts: list[str]) -> tuple[Tile, ...]:
    """One tile per indicator string: ``"10m"`` is an error, not two indicators."""
    out = []
    for i, text in enumerate(texts):
        try:
            out.append(parse_tile(text))
        except NotationError as exc:
            raise InvalidInput(f"{field}.{i}: '{text}' is not one tile ({exc.reason})") from None
    return tuple(out)


_FLAGS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "last_tile_of_kind",
    "tenhou",
    "chiihou",
    "renhou",
)


class MeldInput(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: str
    tiles: str


class HandInput(BaseModel):
    """The hand-jsonl input object as it arrives (strings not yet parsed)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    id: Any = None
    concealed: str
    melds: list[MeldInput] = []
    win_tile: str
    tsumo: bool = False
    seat_wind: int = Field(1, ge=1, le=4)
    round_wind: int = Field(1, ge=1, le=4)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    last_tile_of_kind: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    flowers: int = Field(0, ge=0, le=8)
    # Norths set aside (three-player riichi's kita): the same count as ``flowers``,
    # under the name its players use; give one or the other
    kita: int = Field(0, ge=0, le=8)
    dora_indicators: list[str] = []
    ura_dora_indicators: list[str] = []
