"""Player actions: a tagged union on ``type``, the same JSON on the wire, in the DB and in
fixtures (``action_to_json`` / ``action_from_json``; ``ACTION_ADAPTER.json_schema()``).

``prompt`` is the engine's id of the prompt the action answers: the ``MatchState.prompt``
(the state's version when the prompt opened) that ``engine.decide.check`` compares, so an
answer to a closed prompt is ``stale``. None skips that check (in-process bots, replays of
fixtures written by hand). On the wire a prompt has a per-viewer id instead; the server
translates at one point (``server.domain.tables.frames.Prompt``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from engine.tiles import Tile


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard:
    type: Literal["discard"] = "discard"
    seat: int
    tile: Tile
    riichi: bool = False  # declare riichi with this discard
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcealedKong:
    type: Literal["concealed_kong"] = "concealed_kong"
    seat: int
    tile: Tile  # any tile of the kind (all four copies are used)
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddedKong:
    type: Literal["added_kong"] = "added_kong"
    seat: int
    tile: Tile  # the physical tile added to the melded pung
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfDrawWin:
    type: Literal["self_draw_win"] = "self_draw_win"
    seat: int
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareFlower:
    """Set a held flower aside and draw its replacement (flower timing ``on_own_turn``)."""

    type: Literal["declare_flower"] = "declare_flower"
    seat: int
    tile: Tile
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareAbort:
    """Declare the nine-terminals abortive draw on one's first turn (riichi.md §12.2)."""

    type: Literal["declare_abort"] = "declare_abort"
    seat: int
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass:
    type: Literal["pass"] = "pass"
    seat: int
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Chow:
    type: Literal["chow"] = "chow"
    seat: int
    tiles: tuple[Tile, Tile]  # the two tiles from the hand
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pung:
    type: Literal["pung"] = "pung"
    seat: int
    tiles: tuple[Tile, Tile]
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Kong:
    """A big melded kong on a discard (three from the hand)."""

    type: Literal["kong"] = "kong"
    seat: int
    prompt: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Win:
    """Win on a discard, or rob a kong."""

    type: Literal["win"] = "win"
    seat: int
    prompt: int | None = None


Action = (
    Discard
    | ConcealedKong
    | AddedKong
    | SelfDrawWin
    | DeclareFlower
    | DeclareAbort
    | Pass
    | Chow
    | Pung
    | Kong
    | Win
)
ACTION_TYPES: tuple[type[Any], ...] = (
    Discard,
    ConcealedKong,
    AddedKong,
    SelfDrawWin,
    DeclareFlower,
    DeclareAbort,
    Pass,
    Chow,
    Pung,
    Kong,
    Win,
)
TURN_ACTIONS = (Discard, ConcealedKong, AddedKong, SelfDrawWin, DeclareFlower, DeclareAbort)
CLAIM_ACTIONS = (Pass, Chow, Pung, Kong, Win)

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="type")])


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = ACTION_ADAPTER.dump_python(action, mode="json", exclude_none=True)
    return out


def action_from_json(obj: Any) -> Action:
    """Parse a JSON object (dict) into an action; raises pydantic.ValidationError."""
    return ACTION_ADAPTER.validate_python(obj)


def unprompted(action: Action) -> Action:
    """The action without its prompt id, for comparison with legal actions."""
    return action if action.prompt is None else dataclasses.replace(action, prompt=None)
