"""The broadcaster: each viewer's frames of each event, the spectators' delayed feed,
resending after a viewer's last frame, status and flow frames."""

from __future__ import annotations

import asyncio

from server.domain.tables.broadcast import Broadcaster
from tests.server.domain.tables.parts import conn, frames, recorder, session, start_match, types


def test_every_viewer_gets_the_events_numbered_its_own_way() -> None:
    async def run() -> None:
        s = session()
        player, other, watcher = conn(0), conn(1, player_id=None), conn(None, player_id=None)
        s.conns.update({0: player, 1: other})
        s.spectators.add(watcher)
        await start_match(s, recorder(s))
        mine, theirs, public = frames(player), frames(other), frames(watcher)
        assert len(mine) == len(theirs) == len(public) == len(s.log)
        assert [f["seq"] for f in mine] == list(range(1, len(s.log) + 1))
        # each sees its own tiles only
        assert mine != theirs and mine[0] == theirs[0]
        assert watcher.known_seq == len(s.log)

    asyncio.run(run())


def test_spectators_see_the_table_after_the_delay() -> None:
    async def run() -> None:
        s = session(delay=0.05)
        rec = recorder(s)
        watcher = conn(None, player_id=None)
        s.spectators.add(watcher)
        rec.broadcaster.run()
        await start_match(s, rec)
        assert frames(watcher) == []
        state, k = rec.broadcaster.delayed_state()
        assert state is None and k == 0  # nothing is old enough yet
        await asyncio.sleep(0.1)
        assert len(frames(watcher)) == len(s.log) == watcher.known_seq
        state, k = rec.broadcaster.delayed_state()
        assert k == len(s.log) and state is not None and state.version == s.state.version  # type: ignore[union-attr]
        assert rec.broadcaster.feed_task is not None
        rec.broadcaster.feed_task.cancel()

    asyncio.run(run())


def test_resend_after_the_viewers_last_frame() -> None:
    async def run() -> None:
        s = session()
        rec = recorder(s)
        await start_match(s, rec)
        late = conn(0)
        assert rec.broadcaster.resend(late, 5)
        assert [f["seq"] for f in frames(late)] == list(range(6, len(s.log) + 1))
        ahead = conn(0)
        assert not rec.broadcaster.resend(ahead, len(s.log) + 1)
        (error,) = frames(ahead)
        assert error["type"] == "error" and error["code"] == "bad_seq"

    asyncio.run(run())


def test_status_to_everyone_flow_frames_to_those_who_asked() -> None:
    s = session()
    plain, flow, watcher = conn(0), conn(1, flow=True), conn(None, flow=True)
    s.conns.update({0: plain, 1: flow})
    s.spectators.add(watcher)
    b = Broadcaster(s)
    b.status("paused", "a reason")
    b.to_flow('{"type":"presence"}')
    assert types(plain) == ["status"]
    assert types(flow) == types(watcher) == ["status", "presence"]
    assert frames(plain)[0] == {
        "type": "status",
        "status": "paused",
        "reason": "a reason",
        "seats": s.record.seats,
    }


def test_the_sent_state_leaves_out_what_claim_pacing_holds() -> None:
    async def run() -> None:
        s = session()
        rec = recorder(s)
        await start_match(s, rec)
        assert rec.broadcaster.sent_state() == (s.state, len(s.log))
        s.pacer.held = s.log[-2:]
        state, k = rec.broadcaster.sent_state()
        assert k == len(s.log) - 2 and state is not None
        assert state.version < s.state.version  # type: ignore[union-attr]

    asyncio.run(run())
