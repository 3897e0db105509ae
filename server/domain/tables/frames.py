"""Server frames built from the table's log and state, always through engine.views
(``redact`` for events, ``view_for`` for states) — the only door to the wire."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.actions import Action, action_to_json
from engine.events import (
    Event,
    HandEnded,
    HandStarted,
    MatchEnded,
    Settled,
    event_to_json,
)
from engine.evolve import evolve
from engine.state import MatchState, Table
from engine.views import Viewer, redact, shown_at_end, view_for, view_to_json
from engine.wall import commitment
from server.domain.records.sheet import HAND_EVENTS, hand_row, row_json
from server.domain.tables.connection import dumps
from server.domain.tables.numbering import Entry, visible
from server.ports.storage import LoggedEvent


@dataclass(slots=True)
class Prompt:
    """An open prompt of one table place, with its clock and bot handles.

    A prompt is one thing with two numbers. ``version`` is the engine's: the
    ``MatchState.prompt`` it was opened at, which ``Action.prompt`` names and
    ``engine.decide.check`` compares (``stale``). ``prompt_id`` is its name on the wire,
    in the place's own numbering: ``Numbering.prompt_id(place, version)``
    (server.domain.tables.numbering; a per-viewer number, so a seat's ids never tell it of
    another seat's claim window). This record is the one translation point between
    them: ``wire_action`` gives an offered action the wire id, ``engine_action`` gives an
    answer to this prompt back the engine's version.
    """

    place: int
    seat: int
    prompt_id: int
    actions: tuple[Action, ...]
    claim: bool
    opened: float  # loop time
    allowance: float | None  # seconds; None: untimed
    # the engine's prompt (``MatchState.prompt``) this answers; ``prompt_id`` is its id on
    # the wire, in the place's own numbering (server.domain.tables.numbering)
    version: int = -1
    handles: list[asyncio.TimerHandle] = field(default_factory=list)
    # the text of each action frame offered → the action it stands for (offered_frames)
    offered: dict[str, Action] | None = None

    def wire_action(self, action: Action) -> Action:
        """``action`` as offered on the wire: its ``prompt`` is this prompt's ``prompt_id``."""
        return replace(action, prompt=self.prompt_id)

    def engine_action(self, action: Action) -> Action:
        """An answer to this prompt (``action.prompt`` the ``prompt_id``) as the engine
        takes it: its ``prompt`` is this prompt's ``version``. An action without a prompt
        (a bot's) stays without: the engine then leaves staleness to the session."""
        if action.prompt is None or action.prompt == self.version:
            return action
        return replace(action, prompt=self.version)

    def cancel(self) -> None:
        for h in self.handles:
            h.cancel()
        self.handles.clear()


FrameCache = dict[Any, tuple[Event, list[tuple[str, str]]]]  # the texts around seq


@dataclass(frozen=True, slots=True)
class Match:
    """What rebuilds a hand of this match from its events (its table and seed)."""

    table: Table
    seed: str


def event_frames(
    entry: Entry,
    viewer: Viewer,
    log: Sequence[Entry],
    face_down: bool,
    cache: FrameCache,
    match: Match | None = None,
    assist: bool = True,
    sealed: bool = False,
    seq: int | None = None,
) -> list[str]:
    """The frames one viewer gets for one log entry: the redacted ``event``, and after a
    ``settled`` / ``match_ended`` event the ``hand_end`` / ``match_end`` summary (with
    ``match``, its ``revealed`` hands). ``assist`` False: no ``furiten`` frames (it tells
    a seat it waits on a tile); ``sealed``: the match's end does not name the seed (a
    duplicate-wall set still played; docs/fair-play.md). ``seq``: the viewer's number of
    the entry (server.domain.tables.numbering), else the log's."""
    if not visible(entry.event, viewer, assist):
        return []  # e.g. a window only for the seats with an option (claim_pacing)
    seen = redact(entry.event, viewer, face_down_kongs=face_down)
    if seen is None:
        return []
    if sealed and isinstance(seen, MatchEnded):
        seen = replace(seen, seed="")
    number = entry.seq if seq is None else seq
    try:  # equal redacted copies (every other seat's view of a draw) share frames
        hash(seen)
        key: Any = seen
    except TypeError:
        key = id(seen)
    hit = cache.get(key)
    if hit is not None and (hit[0] is seen or hit[0] == seen):
        return [f"{head}{number}{tail}" for head, tail in hit[1]]
    payload = entry.json if seen is entry.event else event_to_json(seen)
    templates = [_numbered({"type": "event", "seq": 0, "event": payload})]
    if isinstance(seen, Settled):
        templates.append(_numbered(hand_end_frame(entry, log, match)))
    elif isinstance(seen, MatchEnded):
        templates.append(_numbered(match_end_frame(entry, seen)))
    cache[key] = (seen, templates)
    return [f"{head}{number}{tail}" for head, tail in templates]


def _numbered(frame: dict[str, Any]) -> tuple[str, str]:
    """``frame``'s text around its seq (the key after ``type``): the same frame for every
    viewer, each with its own number."""
    text = dumps(frame | {"seq": 0})
    cut = text.index(',"seq":') + 7
    return text[:cut], text[cut + 1 :]


def hand_end_frame(
    entry: Entry, log: Sequence[Entry], match: Match | None = None
) -> dict[str, Any]:
    """The hand's public result (the last ``hand_ended`` event) with its settlement and
    its scoresheet row, the same projection the records store (server.domain.records.sheet);
    ``revealed``: per hand seat the concealed tiles everyone may see now the hand is over
    (engine.views.shown_at_end: tenpai hands at an exhaustive draw), else null."""
    hand: list[LoggedEvent] = []
    start = 0
    for i in range(entry.seq - 1, -1, -1):
        e = log[i]
        if e.json.get("type") in HAND_EVENTS:
            hand.append(LoggedEvent("", e.seq, None, e.json))
        if isinstance(e.event, HandStarted):
            start = i
            break
    row = hand_row("", hand[::-1])
    ended = next(e for e in hand if e.event["type"] == "hand_ended")
    settled = entry.json
    return {
        "type": "hand_end",
        "seq": entry.seq,
        "result": ended.event["result"],
        "payments": settled["payments"],
        "scores": settled["scores"],
        "pot": settled["pot"],
        "sheet": row_json(row),
        "revealed": _revealed(log, start, entry.seq, match),
    }


def _revealed(
    log: Sequence[Entry], start: int, end: int, match: Match | None
) -> list[list[int] | None]:
    """The hand of log[start:end] rebuilt from its events (the same ``evolve`` the table
    ran), shown as engine.views allows once it is over."""
    if match is None:
        return [None, None, None, None]
    # the scores only need a place per player (a riichi deposit is taken from them)
    state = MatchState(table=match.table, seed=match.seed, scores=(0, 0, 0, 0))
    for e in log[start:end]:
        state = evolve(state, e.event)
        if isinstance(e.event, HandEnded):
            break
    shown = shown_at_end(state)
    return [None if tiles is None else list(tiles) for tiles in shown]


def match_end_frame(entry: Entry, ended: MatchEnded) -> dict[str, Any]:
    return {
        "type": "match_end",
        "seq": entry.seq,
        "standings": entry.json["standings"],
        "scores": [s.score for s in sorted(ended.standings, key=lambda s: s.player)],
        "seed": ended.seed or None,
        "commitment": commitment(ended.seed) if ended.seed else None,
    }


def state_frame(
    state: MatchState, viewer: Viewer, seq: int, assist: bool = True, prompt: int | None = None
) -> dict[str, Any]:
    """The viewer's ``state`` frame as of its frame ``seq``; with ``prompt`` (the viewer's
    number of the open prompt) the view's ``version`` and ``prompt`` are in the viewer's
    numbering too (server.domain.tables.numbering), else the log's."""
    view = view_for(state, viewer)
    if not assist and view.hand is not None and view.hand.furiten:
        view = replace(view, hand=replace(view.hand, furiten=False))
    if prompt is not None:
        view = replace(view, version=seq, prompt=prompt)
    return {"type": "state", "seq": seq, "view": view_to_json(view)}


_ACTION_JSON: dict[Action, dict[str, Any]] = {}  # actions' JSON (cleared when full)
ACTION_JSON_LIMIT = 4096


def action_json(a: Action) -> dict[str, Any]:
    """``action_to_json(a)``, remembered per action (never mutated: callers copy)."""
    out = _ACTION_JSON.get(a)
    if out is None:
        if len(_ACTION_JSON) >= ACTION_JSON_LIMIT:
            _ACTION_JSON.clear()
        out = _ACTION_JSON[a] = action_to_json(a)
    return out


def offered_frames(p: Prompt) -> dict[str, Action]:
    """The action frames ``p`` offers, as the client sends them back: each frame's text →
    the action parsing that text gives (the offered action with its wire prompt id).
    Built once per prompt."""
    if p.offered is None:
        pid = p.prompt_id
        p.offered = {
            dumps(
                {"type": "action", "prompt_id": pid, "action": action_json(a) | {"prompt": pid}}
            ): p.wire_action(a)
            for a in p.actions
        }
    return p.offered


def prompt_frame(p: Prompt, bank: float, loop_now: float) -> str:
    """The prompt's frame: its clock and the action frames it offers (each one's text as
    ``offered_frames`` has it; the whole is the text ``dumps`` writes for the frame)."""
    deadline = None
    if p.allowance is not None:
        left = p.opened + p.allowance - loop_now
        deadline = round(time.time() + max(left, 0.0), 3)
    head = dumps(
        {
            "type": "prompt",
            "prompt_id": p.prompt_id,
            "deadline": deadline,
            "bank": round(bank, 3) if p.allowance is not None else None,
        }
    )
    return f'{head[:-1]},"actions":[{",".join(offered_frames(p))}]}}'
