"""Per-viewer frame numbering (server.domain.tables.numbering; issue 23, claim timing reveals
nothing): each viewer numbers the frames it is shown 1, 2, 3 … so a seat without an option
gets the same frames, numbers and timing whether or not another seat had a window."""

from __future__ import annotations

import asyncio
import json
import random
from functools import partial
from itertools import pairwise
from typing import Any

from engine.actions import Pass
from engine.events import Answered, ClaimWindowOpened, Discarded, Drew, Event, event_to_json
from server.adapters.memory.store import MemoryStore
from server.config import Settings
from server.domain.registry import build_table
from server.domain.tables.actor import TableActor
from server.domain.tables.connection import Connection
from server.domain.tables.frames import event_frames
from server.domain.tables.manager import TableManager
from server.domain.tables.numbering import Entry, Numbering
from tests.server.viewer_seqs import shown

MINIMUM = 0.02  # claim pacing: every table here has four human places


def entries(events: list[Event]) -> list[Entry]:
    return [Entry(i, e, (0, 1, 2, 3), 0.0, event_to_json(e)) for i, e in enumerate(events, 1)]


def frames_of(log: list[Entry], place: int | None) -> list[str]:
    numbers = Numbering(assist=True)
    numbers.extend(log)
    out: list[str] = []
    for entry in log:
        seq = numbers.number(place, entry)
        out += event_frames(entry, place, log, False, {}, seq=seq)
    return out


def test_a_window_elsewhere_changes_no_byte_of_a_seat_without_an_option() -> None:
    """Seat 2 may claim seat 0's discard and passes: seats 1 and 3 get byte-identical
    frames with and without that window; seat 2 gets its window and its answer too."""
    discard, draw = Discarded(seat=0, tile=5), Drew(seat=1, tile=9)
    window = ClaimWindowOpened(kind="discard", seat=0, tile=5, options=((2, (Pass(seat=2),)),))
    answer = Answered(seat=2, action=Pass(seat=2))
    plain, windowed = entries([discard, draw]), entries([discard, window, answer, draw])
    for place in (1, 3):
        assert frames_of(windowed, place) == frames_of(plain, place)
        assert [json.loads(f)["seq"] for f in frames_of(windowed, place)] == [1, 2]
    mine = [json.loads(f) for f in frames_of(windowed, 2)]
    assert [(f["seq"], f["event"]["type"]) for f in mine] == [
        (1, "discarded"),
        (2, "claim_window_opened"),
        (3, "answered"),
        (4, "drew"),
    ]
    # a spectator, like the seats without an option, never hears of it
    assert frames_of(windowed, None) == frames_of(plain, None)


class Recorder(Connection):
    """A connection whose frames are kept with their loop time of sending."""

    def __init__(self, place: int | None) -> None:
        super().__init__(None, player_id=None, name="x", place=place)  # type: ignore[arg-type]
        self.queue_limit = 1 << 30
        self.got: list[tuple[float, dict[str, Any], str]] = []

    def send(self, frame: dict[str, Any] | str) -> None:
        text = frame if isinstance(frame, str) else json.dumps(frame)
        self.got.append((asyncio.get_running_loop().time(), json.loads(text), text))


async def played(manager: TableManager) -> tuple[TableActor, list[Recorder]]:
    """An MCR hand of four human places answering at random, and a spectator, paced."""
    seats = [f"p-{place}" for place in range(4)]
    actor = await manager.create(
        ruleset="mcr",
        ruleset_version="1",
        options={"hands_per_session": 1},
        seats=seats,
        names={place: f"player {place}" for place in range(4)},
        timers={"move": 0, "claim": 0, "bank": 0},
        spectators={"allowed": True, "delay": 0},
        created_by="admin",
    )
    conns = [Recorder(place) for place in range(4)] + [Recorder(None)]
    for place, conn in enumerate(conns):
        conn.player_id = seats[place] if place < 4 else None
        conn.state_on_prompt = place % 2 == 0
        await actor.call(lambda conn=conn: actor.join(conn))  # type: ignore[misc]
    rng = random.Random("numbering")
    for _ in range(5000):
        if actor.record.status != "playing":
            break
        while actor.pacer.holding or not actor.prompts:  # the prompts open at the release
            if actor.record.status != "playing":
                break
            await asyncio.sleep(0.002)
        if actor.record.status != "playing":
            break
        place = min(actor.prompts)
        p = actor.prompts[place]
        action = p.actions[rng.randrange(len(p.actions))]
        refused = await actor.call(lambda: actor.act(conns[place], p.prompt_id, action))  # noqa: B023
        assert refused is None, refused
    assert actor.record.status == "finished"
    return actor, conns


def test_every_viewer_numbers_its_own_frames_and_paced_timing_is_the_same() -> None:
    async def run() -> None:
        store = MemoryStore()
        settings = Settings(
            admin_token="x", bot_delay=0, hand_pause=0, absent_grace=0, claim_min_seconds=MINIMUM
        )
        manager = TableManager(store, settings)
        actor, conns = await played(manager)
        log = [(e.seq, e.json) for e in actor.log]
        hidden_somewhere = 0
        gaps: dict[str, list[float]] = {"window": [], "none": []}
        for conn in conns:
            place = conn.place
            mine = shown(log, place)
            events = [(at, f) for at, f, _ in conn.got if f["type"] == "event"]
            first = events[0][1]["seq"]
            # exactly the viewer's redacted copies of the events it may see, numbered
            # without a gap, from its first frame on
            assert [f["seq"] for _, f in events] == list(range(first, first + len(events)))
            assert [f["event"] for _, f in events] == [e for _, e in mine[first - 1 :]]
            hidden_somewhere += len(actor.log) - len(mine)
            # its prompt ids are its own frame numbers: the frame that opened the prompt
            last, state_prompt = 0, -1
            for _, f, _ in conn.got:
                if f["type"] == "event":
                    last = f["seq"]
                elif f["type"] == "state":
                    last = last or f["seq"]  # the welcome's state: the table so far
                    assert f["seq"] == f["view"]["version"] == last
                    state_prompt = f["view"]["prompt"]
                elif f["type"] == "prompt":
                    assert f["prompt_id"] == last, (place, f["prompt_id"], last)
                    if conn.state_on_prompt:
                        assert state_prompt == last
            # paced: whatever follows a discard it could not claim comes no earlier than
            # the minimum, with or without another seat's window in between
            at_log = [s for s, _ in mine]
            for (at, f), (later, after) in pairwise(events):
                if f["event"]["type"] != "discarded":
                    continue
                assert after["seq"] == f["seq"] + 1
                if after["event"]["type"] in ("claim_window_opened", "called", "hand_ended"):
                    continue  # its own option (asked at once), or a call or win: seen anyway
                nxt = actor.log[at_log[f["seq"] - 1]].event  # the log's event after it
                key = "window" if isinstance(nxt, ClaimWindowOpened) else "none"
                gaps[key].append(later - at)
        assert hidden_somewhere > 0  # some viewer did miss events: the test means something
        assert gaps["window"] and gaps["none"], gaps
        assert min(gaps["window"] + gaps["none"]) >= MINIMUM * 0.5, gaps
        await manager.shutdown()

    asyncio.run(run())


def test_a_resync_across_hidden_events_replays_exactly_the_missing_frames() -> None:
    """After a window another seat had (hidden from this one), a resync from the viewer's
    last frame before it replays exactly the frames it got after that, byte for byte; so
    does the same table rebuilt from its stored log (a restart, or another instance's
    takeover)."""

    async def run() -> None:
        store = MemoryStore()
        settings = Settings(admin_token="x", bot_delay=0, hand_pause=0, absent_grace=0)
        manager = TableManager(store, settings)
        actor, conns = await played(manager)
        log = [(e.seq, e.json) for e in actor.log]
        record = actor.record
        rebuilt = TableActor(record, build_table("mcr", record.options), store, settings)
        rebuilt.run()
        stored = await store.events.read(actor.id)
        await rebuilt.call(lambda: rebuilt.recover(record.seed or "", stored))
        tried = 0
        for conn in conns:
            mine = [s for s, _ in shown(log, conn.place)]
            events = [
                text for _, f, text in conn.got if f["type"] in ("event", "hand_end", "match_end")
            ]
            first = next(f["seq"] for _, f, _ in conn.got if f["type"] == "event")
            # the viewer's frames n, n+1 with a hidden log event between them
            cuts = [n for n in range(first, len(mine)) if mine[n] > mine[n - 1] + 1]
            assert cuts, conn.place
            for n in cuts[:3]:
                skip = sum(1 for t in events if json.loads(t)["seq"] <= n)
                for table in (actor, rebuilt):
                    again = Recorder(conn.place)
                    await table.call(partial(table.resync, again, n))
                    assert [t for _, _, t in again.got] == events[skip:]
                    tried += 1
            # ahead of the viewer's own last frame: refused, in its numbering
            ahead = Recorder(conn.place)
            await actor.call(lambda: actor.resync(ahead, len(mine) + 1))  # noqa: B023
            assert ahead.got[0][1]["code"] == "bad_seq", ahead.got
        assert tried >= 10
        await rebuilt.stop()
        await manager.shutdown()

    asyncio.run(run())
