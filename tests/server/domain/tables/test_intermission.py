"""Between hands: the wait for the flow clients' ``ready``, its frames, and its end (all
ready, the deadline, or nobody left to wait for)."""

from __future__ import annotations

import asyncio

from server.domain.tables.broadcast import Broadcaster
from server.domain.tables.intermission import BetweenHands
from server.domain.tables.session import TableSession
from tests.server.domain.tables.parts import conn, frames, session


def between(s: TableSession, released: list[bool]) -> BetweenHands:
    return BetweenHands(s, Broadcaster(s), released=lambda: released.append(True))


def test_the_wait_ends_when_every_flow_player_is_ready() -> None:
    async def run() -> None:
        s = session(["p-a", "p-b", "p-c", "bot:greedy"], hand_pause=5)
        a, b, c = conn(0, flow=True), conn(1, flow=True), conn(2)
        s.conns.update({0: a, 1: b, 2: c})
        released: list[bool] = []
        part = between(s, released)
        part.begin()
        assert part.hold is not None and part.hold.waiting == {0, 1}  # c never confirms
        opened = frames(a)[-1]
        assert opened["open"] and opened["waiting"] == [0, 1] and opened["deadline"] > 0
        part.ready(conn(0, flow=True))  # not the seat's connection: ignored
        assert part.hold.waiting == {0, 1}
        part.ready(a)
        assert frames(b)[-1]["waiting"] == [1] and released == []
        part.ready(b)
        assert part.hold is None and released == [True]
        assert frames(a)[-1] == {
            "type": "intermission",
            "open": False,
            "deadline": None,
            "waiting": [],
        }
        assert frames(c) == []

    asyncio.run(run())


def test_a_player_who_leaves_is_no_longer_waited_for() -> None:
    async def run() -> None:
        s = session(["p-a", "p-b", "bot:greedy", "bot:greedy"], hand_pause=5)
        a, b = conn(0, flow=True), conn(1, flow=True)
        s.conns.update({0: a, 1: b})
        released: list[bool] = []
        part = between(s, released)
        part.begin()
        sent = len(frames(b))
        part.left(0)
        assert len(frames(b)) == sent  # the presence frame that follows tells of it
        part.left(1)
        assert part.hold is None and released == [True]

    asyncio.run(run())


def test_the_deadline_ends_the_wait() -> None:
    async def run() -> None:
        s = session(hand_pause=0.01)
        loop = asyncio.create_task(s._loop())
        s.conns[0] = conn(0, flow=True)
        released: list[bool] = []
        part = between(s, released)
        part.begin()
        assert part.hold is not None
        await asyncio.sleep(0.05)
        assert part.hold is None and released == [True]
        loop.cancel()

    asyncio.run(run())


def test_no_wait_without_a_pause_or_anyone_to_wait_for() -> None:
    s = session(hand_pause=0)
    s.conns[0] = conn(0, flow=True)
    part = between(s, [])
    part.begin()
    assert part.hold is None
    s = session(hand_pause=5)
    s.conns[0] = conn(0)  # not a flow client
    part = between(s, [])
    part.begin()
    assert part.hold is None
