"""Events: the facts the table records, a tagged union on ``type`` (same JSON on the wire,
in the DB and in fixtures). ``engine.evolve`` is the only reader that changes state;
``engine.views.redact`` is the only door to a viewer.

Fields that only some viewers may see are optional: a redacted copy sets them to None
(``Dealt.tiles``, ``Drew.tile``, ``KongDeclared.meld`` for face-down kongs,
``ClaimWindowOpened.options``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter

from engine.actions import Action
from engine.melds import Meld
from engine.state import HandResult, Payment, Standing, WindowKind
from engine.tiles import Tile


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchStarted:
    type: Literal["match_started"] = "match_started"
    ruleset: str
    commitment: str  # SHA-256 of the seed (engine.wall.commitment)
    scores: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted:
    type: Literal["hand_started"] = "hand_started"
    hand_number: int
    dealer: int
    round_wind: int
    honba: int
    seating: tuple[int, ...]
    label: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt:
    type: Literal["dealt"] = "dealt"
    seat: int
    count: int
    tiles: tuple[Tile, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew:
    type: Literal["drew"] = "drew"
    seat: int
    replacement: bool = False
    tile: Tile | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FlowerSetAside:
    type: Literal["flower_set_aside"] = "flower_set_aside"
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded:
    type: Literal["discarded"] = "discarded"
    seat: int
    tile: Tile
    riichi: bool = False
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimWindowOpened:
    type: Literal["claim_window_opened"] = "claim_window_opened"
    kind: WindowKind
    seat: int
    tile: Tile
    final: bool = False
    options: tuple[tuple[int, tuple[Action, ...]], ...] | None = None
    completes: tuple[int, ...] | None = None  # private bookkeeping for furiten


@dataclass(frozen=True, slots=True, kw_only=True)
class Answered:
    type: Literal["answered"] = "answered"
    seat: int
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class Called:
    """A chow, pung or big melded kong on the window's discard."""

    type: Literal["called"] = "called"
    seat: int
    from_seat: int
    tile: Tile
    meld: Meld


@dataclass(frozen=True, slots=True, kw_only=True)
class KongDeclared:
    """A concealed or added kong (before any robbing window)."""

    type: Literal["kong_declared"] = "kong_declared"
    seat: int
    kind: Literal["concealed", "added"]
    tile: Tile | None = None  # the added tile; a face-down concealed kong hides it
    meld: Meld | None = None
    face_down: bool = False  # a concealed kong laid face down (MCR §4): others see no tiles


@dataclass(frozen=True, slots=True, kw_only=True)
class KongMade:
    """The kong stands (nobody robbed it); a replacement draw follows."""

    type: Literal["kong_made"] = "kong_made"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DoraRevealed:
    type: Literal["dora_revealed"] = "dora_revealed"
    indicator: Tile


@dataclass(frozen=True, slots=True, kw_only=True)
class RiichiAccepted:
    type: Literal["riichi_accepted"] = "riichi_accepted"
    seat: int
    deposit: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Furiten:
    """Private: the seat let a winning tile pass (temporary, or for the hand after riichi).
    ``tile`` names it only where furiten is per tile (``FuritenRules.per_tile``)."""

    type: Literal["furiten"] = "furiten"
    seat: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded:
    type: Literal["hand_ended"] = "hand_ended"
    result: HandResult


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled:
    type: Literal["settled"] = "settled"
    payments: tuple[Payment, ...]
    scores: tuple[int, ...]  # per player, after the payments
    pot: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeCalled:
    """The match's time is up (a tournament round's time limit, called by its organizer:
    ``engine.time_limit.call_time``). ``finish``: the hand in play had begun and is
    played to its end as the match's last; otherwise it had not begun (nobody had
    discarded or declared a kong yet) and is not played: ``match_ended`` follows at once."""

    type: Literal["time_called"] = "time_called"
    hand_number: int
    finish: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchEnded:
    type: Literal["match_ended"] = "match_ended"
    standings: tuple[Standing, ...]
    seed: str  # revealed so anyone can check the commitment and rebuild the walls


Event = (
    MatchStarted
    | HandStarted
    | Dealt
    | Drew
    | FlowerSetAside
    | Discarded
    | ClaimWindowOpened
    | Answered
    | Called
    | KongDeclared
    | KongMade
    | DoraRevealed
    | RiichiAccepted
    | Furiten
    | HandEnded
    | Settled
    | TimeCalled
    | MatchEnded
)
EVENT_TYPES: tuple[type[Any], ...] = (
    MatchStarted,
    HandStarted,
    Dealt,
    Drew,
    FlowerSetAside,
    Discarded,
    ClaimWindowOpened,
    Answered,
    Called,
    KongDeclared,
    KongMade,
    DoraRevealed,
    RiichiAccepted,
    Furiten,
    HandEnded,
    Settled,
    TimeCalled,
    MatchEnded,
)

EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Annotated[Event, Field(discriminator="type")])


def event_to_json(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = EVENT_ADAPTER.dump_python(event, mode="json")
    return out


def event_from_json(obj: Any) -> Event:
    return EVENT_ADAPTER.validate_python(obj)
