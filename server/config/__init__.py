"""Server settings (pydantic-settings): every field can be set by a ``JANTAKU_*`` variable,
e.g. ``JANTAKU_PORT=9000`` or ``JANTAKU_ADMIN_TOKEN=…``."""

from __future__ import annotations

from pathlib import Path

from limits import parse, parse_many
from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from server.config.queues import DEFAULT_QUEUES, QueueSpec


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="JANTAKU_", extra="ignore")

    # The database: a SQLite file in the working directory by default; PostgreSQL in
    # production, e.g. postgresql+asyncpg://jantaku:secret@db:5432/jantaku. Migrations are
    # applied at start-up.
    database_url: str = "sqlite+aiosqlite:///jantaku.db"

    host: str = "127.0.0.1"
    port: int = Field(8000, ge=0, le=65535)
    # Bearer token of the administrator. When unset, one is generated at the first start,
    # printed once, and only its SHA-256 is kept in ``admin_token_file``.
    admin_token: str | None = None
    admin_token_file: Path = Path(".jantaku/admin_token.sha256")

    # Bots: seconds a bot seat "thinks" before acting (0 in tests).
    bot_delay: float = Field(0.6, ge=0)
    # External mjai bots a riichi table may seat as "bot:mjai:<name>": name -> the command
    # line of a program speaking mjai on stdin/stdout (docs/mjai.md), e.g.
    # JANTAKU_MJAI_BOTS='{"tsumogiri": "python3 /opt/bots/tsumogiri.py"}'. Each answer has
    # ``mjai_answer_seconds`` (the first batch, with start_game, ``mjai_start_seconds``);
    # each process gets ``mjai_cpu_seconds`` of CPU and ``mjai_memory_mb`` of memory; its
    # stderr goes to ``mjai_log_dir/<table id>.log``.
    mjai_bots: dict[str, str] = Field(default_factory=dict)
    mjai_answer_seconds: float = Field(2.0, gt=0)
    mjai_start_seconds: float = Field(10.0, gt=0)
    mjai_cpu_seconds: int = Field(600, ge=1)
    mjai_memory_mb: int = Field(2048, ge=64)
    mjai_log_dir: Path = Path(".jantaku/mjai")

    # Default timers of a new table, in seconds (0 = untimed). The move clock starts when
    # the prompt is sent; once it runs out the seat's time bank is spent, then the server
    # plays for the seat (discard the drawn tile / pass).
    move_time: float = Field(15.0, ge=0)
    claim_time: float = Field(8.0, ge=0)
    time_bank: float = Field(60.0, ge=0)

    # Tables: per-player limits ("N/second|minute|hour" in the ``limits`` notation), and
    # how long a finished or aborted table stays in memory (its record stays in the
    # database; REST answers from there afterwards).
    max_open_tables_per_player: int = Field(5, ge=1)  # waiting/playing/paused it created
    table_create_rate: str = "30/minute"
    table_grace_seconds: float = Field(300.0, ge=0)

    # WebSocket: browsers may connect only from these origins (scheme://host[:port]);
    # empty = same origin as the request's Host; "*" = any. Clients that send no Origin
    # (non-browsers) are not affected.
    allowed_origins: list[str] = Field(default_factory=list)
    # Keepalive: a client that has not answered a ping ``ws_ping_timeout`` seconds after it
    # was sent does not read its frames and is closed with 4429.
    ws_ping_interval: float = Field(20.0, gt=0)
    ws_ping_timeout: float = Field(20.0, gt=0)
    # Frames parsed with limits (docs/protocol.md: json_too_deep, number_too_long)
    json_max_depth: int = Field(32, ge=2)
    json_max_number_chars: int = Field(64, ge=16)
    frames_per_10s: int = Field(300, ge=10)  # any frame; more get rate_limited
    pings_per_10s: int = Field(20, ge=1)
    # Between hands, the next hand waits (at most this many seconds) until every player
    # whose client confirms hand ends (``flow=true`` on the socket) has pressed OK; 0: the
    # next hand starts at once.
    hand_pause: float = Field(15.0, ge=0)
    # A seated player who is not connected has their seat played by a bot after this many
    # seconds away, until they come back; 0: never (their clock still runs).
    absent_grace: float = Field(20.0, ge=0)

    # WebSocket limits
    max_frame_bytes: int = Field(16 * 1024, ge=256)
    garbage_limit: int = Field(5, ge=1)  # bad frames in a row before the connection closes
    chat_max_chars: int = Field(300, ge=1)
    chat_per_10s: int = Field(5, ge=1)
    resync_per_10s: int = Field(10, ge=1)
    send_queue_limit: int = Field(16384, ge=16)  # frames queued for a slow client

    # Accounts (docs/security.md). Sessions end ``session_ttl_hours`` after they were
    # opened (a guest's after ``guest_session_ttl_hours``: its token is its only key).
    session_ttl_hours: float = Field(24 * 30, gt=0)
    guest_session_ttl_hours: float = Field(24 * 30, gt=0)
    # argon2id cost (argon2-cffi's defaults: RFC 9106's low-memory profile)
    argon2_time_cost: int = Field(3, ge=1)
    argon2_memory_kib: int = Field(65536, ge=8)
    argon2_parallelism: int = Field(4, ge=1)
    # Rate limits ("N/second|minute|hour", the ``limits`` notation), per client address
    # and per account name; over the limit the answer is 429 with Retry-After.
    register_rate_per_address: str = "30/minute"
    register_rate_per_name: str = "10/minute"
    login_rate_per_address: str = "30/minute"
    # Login attempts on one account name *from one address* (429 past it). A name alone is
    # never locked: anyone could keep anyone out from many addresses. Past
    # ``login_slow_per_name`` attempts on a name from all addresses together, each further
    # attempt on it is answered ``login_slowdown_seconds`` later instead.
    login_rate_per_name: str = "10/minute"
    login_slow_per_name: str = "10/minute"
    login_slowdown_seconds: float = Field(2.0, ge=0, le=30)
    # REST reads (GET/HEAD under /api/ but /api/health) per client address, counted by
    # each instance in its memory (server.adapters.rest.read_limits); one rate or several
    # separated by ";".
    api_read_rate_per_address: str = "30/second;600/minute"
    # Open WebSocket connections (tables and queues) per client address on one instance.
    ws_connections_per_address: int = Field(32, ge=1)
    # Seconds a WebSocket opened with ``?auth=frame`` has to send its ``auth`` frame.
    ws_auth_timeout: float = Field(10.0, gt=0)
    # The pre-accounts ``?token=`` on the WebSocket URL (deprecated; the token lands in
    # access logs and browser history). Off: such a connection is refused.
    ws_query_token: bool = False

    # Matchmaking queues (docs/matchmaking.md): the catalogue; how often each queue tries
    # to form tables (seconds); the band curve: [seconds waited, rating half-width] points,
    # piecewise linear, flat after the last (ratings are OpenSkill mu - 3 sigma); seconds
    # the longest-waiting player waits before bots fill the table (None: never), unless
    # a queue sets its own.
    queues: list[QueueSpec] = Field(default_factory=lambda: list(DEFAULT_QUEUES))
    queue_tick: float = Field(1.0, gt=0)
    queue_band_curve: list[tuple[float, float]] = Field(
        default_factory=lambda: [(0.0, 3.0), (30.0, 6.0), (120.0, 15.0), (300.0, 1000.0)]
    )
    queue_bot_fill_after: float | None = Field(180.0, ge=0)
    # Claim pacing at tables with a human (docs/fair-play.md): whatever follows a discard
    # reaches everyone no earlier than this many seconds after it, whether or not anyone
    # could claim, so the time a discard takes to pass tells nothing. 0: off (the default,
    # for speed; a public server should set about 1).
    claim_min_seconds: float = Field(0.0, ge=0, le=30)

    # Garbage-collector pacing (server.domain.tables.gc_pacing): every ``gc_freeze_seconds`` the
    # objects alive are frozen out of the collector's walks (0: off, CPython's own
    # schedule); one full collection runs over everything every ``gc_full_seconds``, or
    # sooner once the frozen objects are ``gc_full_growth`` times what the last one left.
    gc_freeze_seconds: float = Field(2.0, ge=0, le=3600)
    gc_full_seconds: float = Field(120.0, ge=1, le=86_400)
    gc_full_growth: float = Field(2.0, ge=1.1, le=100)
    # Cluster (docs/cluster.md): with a Redis URL, e.g. redis://redis:6379/0, this instance
    # joins the instances that share its PostgreSQL database; unset, it runs alone. A
    # table's lease expires ``lease_seconds`` after its owner's last renewal (a dead
    # instance's tables move then). ``instance_id`` defaults to host-pid-random;
    # ``advertise_url`` is where the other instances reach this one over HTTP (default
    # http://<host>:<port>); ``cluster_namespace`` prefixes every Redis key;
    # ``redis_max_connections`` bounds the instance's Redis pool (a caller waits for a free
    # connection, at most half a lease).
    redis_url: str | None = None
    redis_max_connections: int = Field(1000, ge=4, le=100_000)
    lease_seconds: float = Field(3.0, ge=0.5, le=60)
    instance_id: str | None = Field(None, min_length=1, max_length=64, pattern=r"^[\w.:-]+$")
    advertise_url: str | None = None
    cluster_namespace: str = Field("jantaku", min_length=1, max_length=32, pattern=r"^[\w-]+$")

    @field_validator(
        "table_create_rate",
        "register_rate_per_address",
        "register_rate_per_name",
        "login_rate_per_address",
        "login_rate_per_name",
        "login_slow_per_name",
    )
    @classmethod
    def _rate(cls, value: str) -> str:
        parse(value)  # ValueError names the bad notation
        return value

    @field_validator("api_read_rate_per_address")
    @classmethod
    def _rates(cls, value: str) -> str:
        parse_many(value)
        return value
