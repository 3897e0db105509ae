"""What the server stores, as records and repository protocols (async, so that SQL
implementations fit without changing callers)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The displayed rating: mu - 3 sigma (a conservative estimate)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class HistoryRow:
    """What one match did to one player's rating."""

    ruleset: str
    match_id: str
    ended: datetime
    player: str
    place: int
    rank: int
    before: Rating
    after: Rating

    @property
    def key(self) -> tuple[datetime, str]:
        return (self.ended, self.match_id)


class StorageError(Exception):
    """The store could not write (database unreachable, disk full …): nothing was
    written, and the caller may try again."""


class Fenced(StorageError):
    """The event log refused an append whose fencing token (``LoggedEvent.epoch``) is not
    the table's current owner epoch: another instance took the table over
    (docs/cluster.md). The actor that gets it must stop at once."""


class NameTaken(Exception):
    """Another account already has this name (compared by
    ``server.domain.accounts.rules.name_key``)."""


@dataclass
class PlayerRecord:
    id: str
    name: str
    name_key: str  # server.domain.accounts.rules.name_key(name), unique
    created: datetime
    last_seen: datetime | None = None
    password_hash: str | None = None  # argon2id; None: a guest
    role: str = "player"  # admin | organizer | player


@dataclass
class SessionRecord:
    """One login. Only the SHA-256 of its bearer token is kept; ``id`` is a public handle
    that lets the owner list and end it, and authenticates nothing."""

    id: str
    player_id: str
    token_hash: str
    created: datetime
    expires: datetime
    label: str = ""
    last_used: datetime | None = None


@dataclass
class MergeReport:
    """What a merge re-pointed from the source account to the target."""

    matches: int = 0  # matches.seats / matches.created_by
    standings: int = 0
    other: dict[str, int] = field(default_factory=dict)  # further player-id columns


LIVE_STATUSES = ("waiting", "playing", "paused")  # a table not yet over


@dataclass
class TableRecord:
    """A table and its match. ``seats[i]`` is "open", "bot:<brain>" or a player id; ``i``
    is the table place (the engine's player index, not the hand seat)."""

    id: str
    ruleset: str
    ruleset_version: str
    options: dict[str, Any]
    seats: list[str]
    timers: dict[str, float]
    spectators: dict[str, Any]
    created_by: str  # a player id, or "admin"
    created: datetime
    status: str = "waiting"  # waiting | playing | paused | finished | aborted
    commitment: str | None = None  # SHA-256 of the seed, published at the start
    seed: str | None = None  # revealed at the end of the match
    started: datetime | None = None
    ended: datetime | None = None
    scores: list[int] = field(default_factory=list)  # the corrected sheet's totals
    pot: int = 0  # deposits left on the table (the sheet's)
    hand_label: str = ""
    hands_played: int = 0
    standings: list[dict[str, Any]] = field(default_factory=list)
    voided: bool = False  # set only by an admin correction (RecordRepository.void_match)
    # Time bank left per table place, seconds, saved whenever a bank is spent (None: every
    # bank is still full), so that a restarted table keeps its clocks.
    banks: list[float] | None = None
    # Per table place, the hands (hand numbers) in which a stand-in bot played the seat of
    # an absent player after the grace period (None: never), so the records can say so.
    standins: list[list[int]] | None = None
    # Fair play (docs/fair-play.md): False turns the assistance off at this table (no review
    # hints while it runs, no furiten/waits display); ranked queue and tournament tables
    # default to False, casual tables to True.
    assist: bool = True
    # A duplicate-wall set the table belongs to ("<tournament id>/<round>") while that set
    # is still being played: the seed, the full log and the sheet stay sealed until every
    # table of the set is over (None: nothing sealed).
    sealed_by: str | None = None


# The record's fields the event log and the corrections project (server.domain.records.sheet);
# ``TableRepository.save`` never writes them.
PROJECTED_FIELDS = ("scores", "pot", "hand_label", "hands_played", "standings", "voided")


@dataclass(frozen=True)
class LoggedEvent:
    table_id: str
    seq: int  # 1, 2, 3 … per table
    hand_number: int | None
    event: dict[str, Any]  # the engine's unredacted event JSON
    # the owner's fencing token (a cluster instance's lease epoch); None: not fenced
    epoch: int | None = None


@dataclass
class HandRow:
    """One line of a match's scoresheet, written with the hand's final events. Seats in
    ``wins``/``payments`` are table places (``result.seating`` applied)."""

    table_id: str
    hand_number: int
    seq: int  # seq of the hand_ended event
    label: str
    round_wind: int
    dealer: int  # table place of the dealer
    honba: int
    outcome: str  # win | exhaustive_draw | abortive_draw
    abort: str | None
    winners: list[int]
    discarder: int | None
    wins: list[dict[str, Any]]  # per win: place, from, tile, self_draw, patterns, total
    total: int  # the winning hands' totals added up
    payments: list[dict[str, Any]]  # payer, payee (places; None = the table), amount, reason
    scores: list[int]  # per place, after the hand (as played)
    deposits: list[int]  # per place: riichi deposits paid into the pot during the hand
    deltas: list[int]  # per place: payments received - paid - deposits
    pot_before: int  # deposits on the table when the hand started
    pot: int  # and after its settlement
    riichi: list[int] = field(default_factory=list)  # places whose riichi was accepted
    tenpai: list[int] = field(default_factory=list)  # places ready at an exhaustive draw
    called: list[int] = field(default_factory=list)  # places that claimed a discard


@dataclass
class StandingRow:
    table_id: str
    place: int
    player: str  # the occupant of the place when the match ended
    rank: int
    score: int
    points: float  # table points, or the uma/oka-adjusted result


@dataclass
class CorrectionRow:
    """An administrator's correction of a match's records, an event of the scoresheet
    projection of its own: ``adjust`` (a penalty or bonus line: ``amount`` to ``place``),
    ``void_hand`` (``hand_number`` no longer counts) or ``void_match``."""

    id: int
    table_id: str
    kind: str  # adjust | void_hand | void_match
    place: int | None
    amount: int
    hand_number: int | None
    reason: str
    by: str
    at: datetime


@dataclass
class AuditRow:
    id: int
    table_id: str | None
    action: str  # void_hand | void_match | adjust_score
    reason: str
    by: str
    at: datetime
    detail: dict[str, Any] = field(default_factory=dict)  # with the sheet before and after


@dataclass
class LeaderRow:
    """A player's counted (finished, not voided) matches of one ruleset, summed."""

    player: str
    matches: int
    points: float  # table points, or uma/oka results
    score: int  # raw scores
    rank_sum: int


class PlayerRepository(Protocol):
    async def add(self, player: PlayerRecord) -> None:
        """Store a new player; ``NameTaken`` when its name key is not free."""
        ...

    async def get(self, player_id: str) -> PlayerRecord | None: ...

    async def by_name_key(self, name_key: str) -> PlayerRecord | None: ...

    async def list(self) -> list[PlayerRecord]: ...

    async def touch(self, player_id: str, when: datetime) -> None: ...

    async def set_password(self, player_id: str, password_hash: str | None) -> bool: ...

    async def set_role(self, player_id: str, role: str) -> bool: ...

    async def merge(self, source: str, target: str) -> MergeReport:
        """Re-point every reference to ``source`` (seats, creators, standings, sessions,
        statistics) to ``target``, then delete ``source``. The caller has checked that
        both exist, differ, and never sat at one table together."""
        ...

    async def shared_matches(self, a: str, b: str) -> tuple[str, ...]:
        """Ids of the matches both players sat at."""
        ...


class SessionRepository(Protocol):
    async def add(self, session: SessionRecord) -> None: ...

    async def by_token_hash(self, token_hash: str, now: datetime) -> SessionRecord | None:
        """The session of this token hash unless it has expired."""
        ...

    async def of_player(self, player_id: str, now: datetime) -> list[SessionRecord]:
        """The player's sessions that have not expired, oldest first."""
        ...

    async def touch(self, session_id: str, when: datetime) -> None: ...

    async def end(self, player_id: str, session_id: str) -> bool: ...

    async def end_all(self, player_id: str, keep: str | None = None) -> int:
        """End every session of the player except ``keep``; how many ended."""
        ...


class TableRepository(Protocol):
    async def add(self, table: TableRecord) -> None: ...

    async def get(self, table_id: str) -> TableRecord | None: ...

    async def live_of(self, player_id: str) -> list[TableRecord]:
        """The tables not yet over (waiting, playing, paused) at which the player sits,
        whichever instance runs them (the cluster-wide view)."""
        ...

    async def list(self) -> list[TableRecord]: ...

    async def save(self, table: TableRecord, epoch: int | None = None) -> None:
        """Store the record's current fields (status, seats, scores, seed …). With
        ``epoch`` (a cluster owner's fencing token) the write is refused with ``Fenced``,
        and nothing changes, unless the table's owner epoch is still ``epoch``. The seal
        only opens: a record whose stored ``sealed_by`` is already None is never sealed
        again by a save (an actor elsewhere may still hold the old seal in memory)."""
        ...


class EventLog(Protocol):
    async def append(self, events: list[LoggedEvent]) -> None:
        """Append events atomically; seqs are consecutive after the table's last one."""
        ...

    async def read(self, table_id: str, after_seq: int = 0) -> list[LoggedEvent]: ...


class RecordRepository(Protocol):
    """The match records the event log writes (scoresheet rows with the hand's final
    events, standings with the last hand) and the admin corrections with their audit."""

    async def hands(self, table_id: str) -> list[HandRow]: ...

    async def standings(self, table_id: str) -> list[StandingRow]: ...

    async def corrections(self, table_id: str) -> list[CorrectionRow]: ...

    async def audit(self, table_id: str | None = None) -> list[AuditRow]: ...

    async def history(self, player_id: str) -> list[StandingRow]:
        """The player's standings in finished, not voided matches (newest first)."""
        ...

    async def leaderboard(
        self,
        ruleset: str,
        since: datetime | None = None,
        until: datetime | None = None,
        matches: Collection[str] | None = None,
    ) -> list[LeaderRow]:
        """Per player (bots left out), over the counted matches of ``ruleset`` that ended
        in [since, until) and, given ``matches``, are among them (a tournament's);
        unordered (server.domain.records.leaderboard orders them)."""
        ...

    async def stats(self, player_id: str, ruleset: str) -> dict[str, Any] | None:
        """The player's stored statistics aggregate of ``ruleset`` (None: no match)."""
        ...

    async def rebuild(self, table_id: str) -> bool:
        """Project the match again from its stored events and corrections (False: no
        such match)."""
        ...

    async def ratings(self, ruleset: str) -> dict[str, Rating]:
        """Every rated player's current rating of ``ruleset`` (server.domain.records.ratings)."""
        ...

    async def rating_history(self, ruleset: str, player: str | None = None) -> list[HistoryRow]:
        """The rating history of ``ruleset`` (of one player), in the order the matches
        ended."""
        ...

    async def rebuild_ratings(self, ruleset: str) -> int:
        """Replay every counted match of ``ruleset`` from nothing; the number of matches."""
        ...

    async def void_last_hand(self, table_id: str, by: str, reason: str) -> CorrectionRow | None:
        """Void the last hand not yet voided (None: nothing left to void)."""
        ...

    async def void_match(self, table_id: str, by: str, reason: str) -> bool: ...

    async def adjust(
        self, table_id: str, place: int, amount: int, by: str, reason: str
    ) -> CorrectionRow: ...


class VersionConflict(Exception):
    """Someone else saved the document since it was read: read it again and retry."""


class TournamentRepository(Protocol):
    """Tournaments (and leagues) as JSON documents with a version (server.domain.tournaments)."""

    async def add(self, kind: str, doc_id: str, data: dict[str, Any]) -> None: ...

    async def get(self, kind: str, doc_id: str) -> tuple[dict[str, Any], int] | None:
        """The document and its version (None: no such document)."""
        ...

    async def list(self, kind: str) -> list[dict[str, Any]]: ...

    async def save(self, kind: str, doc_id: str, data: dict[str, Any], version: int) -> int:
        """Replace the document read at ``version``; the new version. ``VersionConflict``
        when it changed meanwhile."""
        ...


class Store(Protocol):
    players: PlayerRepository
    sessions: SessionRepository
    tables: TableRepository
    events: EventLog
    records: RecordRepository
    tournaments: TournamentRepository

    async def close(self) -> None: ...
