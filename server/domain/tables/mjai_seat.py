"""External mjai bots at a riichi table (a seat ``bot:mjai:<name>``, docs/mjai.md).

The operator registers each bot in the settings (``JANTAKU_MJAI_BOTS='{"name": "command
line"}'``). A seat runs its bot as a subprocess speaking the mjai.app protocol on
stdin/stdout: the server writes one line holding a JSON array of the events the seat
has not seen yet (its own view: ``rulesets.riichi.mjai`` over ``engine.views.redact``),
up to the moment the seat may act, and the bot answers one JSON object on one line —
an action, or ``{"type": "none"}``. A riichi is two answers: ``reach``, then (after the
server echoes ``[{"type":"reach","actor":seat}]``) the ``dahai``.

Every answer has a time limit (``answer_seconds``, ``start_seconds`` for the batch with
``start_game``); an answer that is late, not JSON, too long or not one of the seat's
legal actions gives None, and the table plays its timeout move instead (logged, and
noted in the bot's log as ``jantaku: ... answer replaced by the timeout move``). A bot
that exits, or answered badly, is restarted at its next turn and replays the match from
``start_game``. The process gets CPU-time, memory and file-size limits; its stderr goes
to a per-table log file. As mjai.app starts a submission (``python bot.py <player id>``),
the seat number is the command line's last argument.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareAbort,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.events import Event
from engine.ruleset import MjaiCodec
from engine.tiles import Tile, kind_of
from engine.views import TableView, redact
from server.domain import registry

log = logging.getLogger("jantaku.mjai")

PREFIX = "bot:mjai:"


@dataclass(frozen=True)
class Limits:
    answer_seconds: float = 2.0
    start_seconds: float = 10.0
    cpu_seconds: int = 600  # per process (RLIMIT_CPU)
    memory_bytes: int = 2 * 1024**3  # address space (RLIMIT_AS)
    line_bytes: int = 64 * 1024  # longest answer line read
    file_bytes: int = 16 * 1024**2  # RLIMIT_FSIZE: files the bot writes (and its stderr log)


def _limiter(limits: Limits) -> Callable[[], None]:
    def apply() -> None:  # runs in the child before exec
        resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
        resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))

    return apply


class BadAnswer(Exception):
    pass


def codec_of(ruleset_id: str | None = None) -> MjaiCodec:
    """The mjai codec of ``ruleset_id`` (``Ruleset.mjai``); without one, that of the first
    installed ruleset that has one (mjai's tile names are the protocol's, the same for
    every ruleset that speaks it). ``LookupError`` when there is none."""
    found = [registry.load(ruleset_id)] if ruleset_id is not None else registry.loadable()
    for ruleset in found:
        if ruleset.mjai is not None:
            return ruleset.mjai
    raise LookupError(f"no mjai codec for {ruleset_id or 'any installed ruleset'}")


def to_action(
    answer: Any,
    legal: Sequence[Action],
    reach: bool,
    parse_tile_name: Callable[[str], Tile] | None = None,
) -> Action:
    """The legal action an mjai answer names (``BadAnswer`` if none); ``parse_tile_name``
    the codec's (``codec_of``)."""
    if parse_tile_name is None:
        parse_tile_name = codec_of().parse_tile
    if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
        raise BadAnswer(f"not an mjai action: {str(answer)[:120]}")
    kind = answer["type"]
    found: list[Action]
    try:
        if kind == "none":
            found = [a for a in legal if isinstance(a, Pass)]
        elif kind == "dahai":
            tile = parse_tile_name(str(answer.get("pai")))
            found = [
                a for a in legal if isinstance(a, Discard) and a.tile == tile and a.riichi == reach
            ]
        elif kind == "hora":
            found = [a for a in legal if isinstance(a, SelfDrawWin | Win)]
        elif kind in ("chi", "pon"):
            consumed = sorted(parse_tile_name(str(t)) for t in answer.get("consumed") or ())
            cls = Chow if kind == "chi" else Pung
            found = [a for a in legal if isinstance(a, cls) and sorted(a.tiles) == consumed]
        elif kind == "daiminkan":
            found = [a for a in legal if isinstance(a, Kong)]
        elif kind == "ankan":
            first = kind_of(parse_tile_name(str((answer.get("consumed") or ["?"])[0])))
            found = [a for a in legal if isinstance(a, ConcealedKong) and kind_of(a.tile) == first]
        elif kind == "kakan":
            tile = parse_tile_name(str(answer.get("pai")))
            found = [a for a in legal if isinstance(a, AddedKong) and a.tile == tile]
        elif kind == "ryukyoku":
            found = [a for a in legal if isinstance(a, DeclareAbort)]
        else:
            found = []
    except ValueError as exc:
        raise BadAnswer(str(exc)) from None
    if not found:
        shown = json.dumps(answer, separators=(",", ":"))[:200]
        raise BadAnswer(f"{shown} is not among the seat's legal actions")
    return found[0]


class MjaiSeat:
    """One seat's external bot: its event stream, its process, its answers."""

    def __init__(
        self,
        name: str,
        command: str,
        seat: int,
        names: Sequence[str],
        stderr_path: Path,
        limits: Limits = Limits(),
        codec: MjaiCodec | None = None,
    ) -> None:
        self.name = name
        # as mjai.app starts a submission (``python bot.py <player id>``): the seat last
        self.argv = [*shlex.split(command), str(seat)]
        self.seat = seat
        self.codec = codec or codec_of()
        self.stream = self.codec.stream(seat, names)
        self.stderr_path = stderr_path
        self.limits = limits
        self.proc: asyncio.subprocess.Process | None = None
        self._stderr: IO[bytes] | None = None
        self.sent = 0  # messages of the stream the running process has seen
        self.restarts = 0
        self.replaced = 0  # answers the timeout move replaced

    def observe(self, events: Sequence[Event]) -> None:
        for ev in events:
            self.stream.feed(redact(ev, self.seat))

    async def _spawn(self) -> asyncio.subprocess.Process:
        await self.close()
        self.stderr_path.parent.mkdir(parents=True, exist_ok=True)
        self._stderr = self.stderr_path.open("ab")
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=self._stderr,
            limit=self.limits.line_bytes,
            preexec_fn=_limiter(self.limits),
        )
        self.sent = 0
        return self.proc

    async def _ask(self, batch: list[dict[str, Any]], timeout: float) -> Any:
        proc = self.proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        proc.stdin.write((json.dumps(batch, separators=(",", ":")) + "\n").encode())
        await proc.stdin.drain()
        line = await asyncio.wait_for(proc.stdout.readline(), timeout)
        if not line:
            raise BadAnswer("the bot closed its output")
        return json.loads(line)

    async def act(self, view: TableView) -> Action | None:
        """The seat's move for ``view`` (its legal actions), or None: the table's timeout
        move is played instead."""
        try:
            if self.proc is None or self.proc.returncode is not None:
                if self.proc is not None:
                    self.restarts += 1
                    log.warning("mjai bot %s (seat %d) restarts", self.name, self.seat)
                await self._spawn()
            batch = self.stream.out[self.sent :]
            first = self.sent == 0
            self.sent = len(self.stream.out)
            limit = self.limits.start_seconds if first else self.limits.answer_seconds
            answer = await self._ask(batch, limit)
            if isinstance(answer, dict) and answer.get("type") == "reach":
                echo = {"type": "reach", "actor": self.seat}
                answer = await self._ask([echo], self.limits.answer_seconds)
                self.sent += 1  # the log shows the reach before the discard, as echoed
                return to_action(answer, view.legal, True, self.codec.parse_tile)
            return to_action(answer, view.legal, False, self.codec.parse_tile)
        except (TimeoutError, BadAnswer, ValueError, OSError, asyncio.LimitOverrunError) as exc:
            why = "no answer in time" if isinstance(exc, TimeoutError) else str(exc)[:200]
            log.warning("mjai bot %s (seat %d): %s; the timeout move", self.name, self.seat, why)
            self.replaced += 1
            self._note(f"seat {self.seat}: answer replaced by the timeout move: {why}")
            await self.close()  # restarted (and replayed from start_game) at its next turn
            self.proc = None
            return None

    def _note(self, text: str) -> None:
        """A line of the server's own in the bot's log (``jantaku: ...``), so that its
        author sees why an answer was refused."""
        with contextlib.suppress(OSError):
            self.stderr_path.parent.mkdir(parents=True, exist_ok=True)
            with self.stderr_path.open("ab") as f:
                f.write(f"jantaku: mjai bot {self.name}, {text}\n".encode())

    async def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
