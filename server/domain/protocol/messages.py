"""The versioned WebSocket protocol (docs/protocol.md): one pydantic model per message.

Engine objects travel as the engine's own JSON (``engine.actions`` / ``engine.events`` /
``engine.views``); every server frame is built from ``engine.views`` (``view_for`` /
``redact``), the only door to the wire. JSON Schemas of all messages are exported to
docs/schemas/ by ``server.domain.protocol.schemas``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.actions import Action
from engine.events import Event
from engine.state import HandResult, Payment, Standing
from engine.views import TableView
from server.domain.records.models import HandRowOut

PROTOCOL_VERSION = 1

ActionField = Annotated[Action, Field(discriminator="type")]
EventField = Annotated[Event, Field(discriminator="type")]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ------------------------------------------------------------------ client → server


class AuthMsg(_Msg):
    """The first frame of a connection opened with ``?auth=frame``: the player's bearer
    token, so that it never travels in a URL. Valid only as the first frame."""

    type: Literal["auth"] = "auth"
    token: str = Field(min_length=1, max_length=512)


class ActionMsg(_Msg):
    """Answer the open prompt with one of the actions it offered."""

    type: Literal["action"] = "action"
    prompt_id: int
    action: ActionField


class ResyncMsg(_Msg):
    """Ask for your frames after your frame ``last_seq`` (0: the whole match)."""

    type: Literal["resync"] = "resync"
    last_seq: int = Field(0, ge=0)


class PingMsg(_Msg):
    type: Literal["ping"] = "ping"
    nonce: str | int | None = None


class ChatMsg(_Msg):
    """A line of table chat (length-capped and rate-limited by the server)."""

    type: Literal["chat"] = "chat"
    text: str = Field(min_length=1)  # the server caps the length (chat_too_long)


class ReadyMsg(_Msg):
    """The player has seen the hand's end (pressed OK): the next hand may start. Only
    waited for from connections opened with ``flow=true``; otherwise ignored."""

    type: Literal["ready"] = "ready"


ClientMsg = ActionMsg | ResyncMsg | PingMsg | ChatMsg | ReadyMsg
CLIENT_ADAPTER: TypeAdapter[ClientMsg] = TypeAdapter(
    Annotated[ClientMsg, Field(discriminator="type")]
)
CLIENT_TYPES = ("action", "resync", "ping", "chat", "ready")


# ------------------------------------------------------------------ server → client


class RulesetRef(_Msg):
    id: str
    version: str


class WelcomeMsg(_Msg):
    """First frame of every connection."""

    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    table_id: str
    ruleset: RulesetRef
    options: dict[str, Any]  # the table's ruleset options (non-default values)
    assist: bool = True  # false: no hints or furiten display while the table runs
    role: Literal["player", "spectator"]
    seat: int | None  # the table place (engine player index) of a player; None: spectator
    player_id: str | None
    seats: list[str]  # who sits at each place: "open", "bot:greedy", a player id
    last_seq: int  # your seq of the last event already reflected in the next ``state``
    spectator_delay: float = 0.0
    status: str


class StateMsg(_Msg):
    """The full redacted view (engine.views.view_for) as of event ``seq``."""

    type: Literal["state"] = "state"
    seq: int
    view: TableView


class EventMsg(_Msg):
    """One redacted engine event. ``seq`` is the viewer's own number of it: each viewer
    numbers the events it is shown 1, 2, 3 … without a gap (docs/protocol.md)."""

    type: Literal["event"] = "event"
    seq: int
    event: EventField


class PromptMsg(_Msg):
    """The seat must act. ``actions`` are complete ``action`` frames: send one back as is.
    ``deadline`` is a Unix time (seconds) or None when untimed; ``bank`` is the time bank
    left (counted into the deadline)."""

    type: Literal["prompt"] = "prompt"
    prompt_id: int
    deadline: float | None
    bank: float | None
    actions: list[ActionMsg]


class HandEndMsg(_Msg):
    """A hand is over: its result (wins with itemised patterns), its payments, and its
    scoresheet row (``sheet``: per table place the deposits paid into the pot and the
    deltas, the pot before and after; the row GET /api/matches/{id} shows)."""

    type: Literal["hand_end"] = "hand_end"
    seq: int
    result: HandResult
    payments: list[Payment]
    scores: list[int]  # per table place, after the payments
    pot: int
    sheet: HandRowOut
    # per hand seat, the concealed tiles everyone sees now the hand is over: the tenpai
    # seats' hands at an exhaustive draw (engine.views.shown_at_end); null for the others
    revealed: list[list[int] | None] | None = None


class MatchEndMsg(_Msg):
    type: Literal["match_end"] = "match_end"
    seq: int
    standings: list[Standing]  # rank, raw score and table points per table place
    scores: list[int]
    seed: str  # revealed: SHA-256(seed) equals the commitment published at the start
    commitment: str


class ErrorMsg(_Msg):
    """A refused frame; nothing changed. ``ref`` points at the offending input (the
    prompt id, the message type, or the start of an unparsable frame)."""

    type: Literal["error"] = "error"
    code: str
    message: str
    ref: Any = None


class PongMsg(_Msg):
    type: Literal["pong"] = "pong"
    nonce: str | int | None = None
    server_time: float


class ChatOutMsg(_Msg):
    type: Literal["chat"] = "chat"
    seat: int | None  # None: a spectator
    name: str
    text: str
    time: float


class StatusMsg(_Msg):
    """The table's status changed (paused, playing, aborted, finished) or a seat changed
    hands (``seats``)."""

    type: Literal["status"] = "status"
    status: str
    reason: str = ""
    seats: list[str] | None = None


class IntermissionMsg(_Msg):
    """(``flow=true`` connections) The hand is over and the next one waits: until every
    place in ``waiting`` sent ``ready`` or until ``deadline`` (Unix time). ``open`` false:
    the wait is over and the next hand's prompts follow."""

    type: Literal["intermission"] = "intermission"
    open: bool
    deadline: float | None
    waiting: list[int]  # table places whose OK is awaited


class PresenceMsg(_Msg):
    """(``flow=true`` connections) Who is here, per table place: ``connected`` (bots are
    always), and ``standin``: a bot plays the place for its absent player until they
    return."""

    type: Literal["presence"] = "presence"
    connected: list[bool]
    standin: list[bool]


ServerMsg = (
    WelcomeMsg
    | StateMsg
    | EventMsg
    | PromptMsg
    | HandEndMsg
    | MatchEndMsg
    | ErrorMsg
    | PongMsg
    | ChatOutMsg
    | StatusMsg
    | IntermissionMsg
    | PresenceMsg
)
SERVER_ADAPTER: TypeAdapter[ServerMsg] = TypeAdapter(
    Annotated[ServerMsg, Field(discriminator="type")]
)

ALL_MESSAGES: dict[str, type[BaseModel]] = {
    "client.auth": AuthMsg,
    "client.action": ActionMsg,
    "client.resync": ResyncMsg,
    "client.ping": PingMsg,
    "client.chat": ChatMsg,
    "client.ready": ReadyMsg,
    "server.welcome": WelcomeMsg,
    "server.state": StateMsg,
    "server.event": EventMsg,
    "server.prompt": PromptMsg,
    "server.hand_end": HandEndMsg,
    "server.match_end": MatchEndMsg,
    "server.error": ErrorMsg,
    "server.pong": PongMsg,
    "server.chat": ChatOutMsg,
    "server.status": StatusMsg,
    "server.intermission": IntermissionMsg,
    "server.presence": PresenceMsg,
}


class CloseCode:
    """WebSocket close codes used by the server (4000-4999: application codes)."""

    NORMAL = 1000
    GOING_AWAY = 1001
    TRY_AGAIN_LATER = 1013  # too many connections from the client's address
    TOO_MUCH_GARBAGE = 4400  # repeated bad frames
    UNAUTHORIZED = 4401  # missing, unknown or revoked token
    FORBIDDEN = 4403  # the token does not sit at this table/seat and may not spectate
    NO_TABLE = 4404
    UNSUPPORTED_PROTOCOL = 4406  # ?protocol=N names a version the server does not speak
    REPLACED = 4409  # a newer connection with the same token took over
    KICKED = 4410  # an admin kicked the connection, or the seat was given away
    TABLE_CLOSED = 4411  # the table was aborted or the match ended
    TOO_SLOW = 4429  # the client does not read its frames
