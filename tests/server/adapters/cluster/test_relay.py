"""The relay's numbered frames, in one process: a bus stands in for Redis pub/sub and
loses or fails the publishes a test picks. Whatever is lost, in either direction, the
client gets an unbroken prefix of the owner's frames and then a 1001 close (it
reconnects and resyncs), or every frame and the owner's own close; never a gap."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from redis.exceptions import TimeoutError as RedisTimeout

from server.adapters.cluster.relay import RelayedSocket, pipe
from server.domain.protocol.messages import CloseCode

FRAMES = 12


class Bus:
    """Pub/sub for two instances, ``owner`` and ``relay``; ``fault(message)`` says what
    happens to a publish: None (delivered), "drop" (lost silently, as pub/sub may) or
    "fail" (the publish times out and raises; the frame is lost)."""

    def __init__(self, fault: Callable[[dict[str, Any]], str | None]) -> None:
        self.fault = fault
        self.down: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sock: RelayedSocket | None = None

    async def send(self, peer: str, message: dict[str, Any]) -> None:
        await asyncio.sleep(0)
        what = self.fault(message)
        if what == "fail":
            await asyncio.sleep(0.01)  # Redis answers slowly, then the socket times out
            raise RedisTimeout("Timeout reading from socket")
        if what == "drop" or message["k"] == "open":
            return
        if peer == "relay":
            self.down.put_nowait(message)
        elif self.sock is not None:
            self.sock.feed(message)


class Client:
    """The client's WebSocket at the relaying instance: sends ``ping k`` now and then."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.query_params: dict[str, str] = {}
        self.got: list[str] = []
        self.closed: int | None = None
        self._out = [f"ping {k}" for k in range(4)]

    async def receive(self) -> dict[str, Any]:
        if self._out:
            await asyncio.sleep(0.002)
            return {"type": "websocket.receive", "text": self._out.pop(0)}
        await asyncio.Event().wait()  # then the client only listens
        raise AssertionError

    async def send_text(self, text: str) -> None:
        self.got.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = code


async def owner_endpoint(sock: RelayedSocket, heard: list[str]) -> None:
    """The owner's side: write FRAMES frames (stopping when writing fails), read what
    the client sends until it goes, then close normally as the endpoint does."""

    async def read() -> None:
        while True:
            message = await sock.receive()
            if message["type"] == "websocket.disconnect":
                return
            heard.append(message["text"])

    reader = asyncio.create_task(read())
    try:
        for k in range(FRAMES):
            await sock.send_text(f"frame {k}")
            await asyncio.sleep(0.003)
    except Exception:
        await reader  # the failed write also ended the reader
    else:
        sock.gone()  # done: the test's client would now be told goodbye
        await reader
    await sock.close(CloseCode.NORMAL, "bye")


def run(fault: Callable[[dict[str, Any]], str | None]) -> tuple[Client, list[str]]:
    async def scenario() -> tuple[Client, list[str]]:
        bus = Bus(fault)
        sock = RelayedSocket(None, bus.send, "c1", "relay", {}, {})
        bus.sock = sock
        client = Client()
        heard: list[str] = []
        owner = asyncio.create_task(owner_endpoint(sock, heard))
        await asyncio.wait_for(
            pipe(client, "owner", "c1", "relay", "t1", bus.down, bus.send),  # type: ignore[arg-type]
            5,
        )
        await asyncio.wait_for(owner, 5)
        return client, heard

    return asyncio.run(scenario())


def frame_number(message: dict[str, Any]) -> int | None:
    text = str(message.get("t", ""))
    return int(text.split()[1]) if message["k"] == "out" else None


def test_without_loss_every_frame_arrives_and_the_close_is_the_owners() -> None:
    client, heard = run(lambda m: None)
    assert client.got == [f"frame {k}" for k in range(FRAMES)]
    assert client.closed == CloseCode.NORMAL
    assert heard == [f"ping {k}" for k in range(4)]


@pytest.mark.parametrize("what", ["drop", "fail"])
@pytest.mark.parametrize("lost", [0, 3, FRAMES - 1])
def test_a_lost_owner_frame_closes_the_client_with_1001(what: str, lost: int) -> None:
    client, _ = run(lambda m: what if frame_number(m) == lost else None)
    assert client.got == [f"frame {k}" for k in range(lost)]  # a prefix: no gap
    assert client.closed == CloseCode.GOING_AWAY


def test_a_failed_publish_sends_nothing_after_it() -> None:
    sent: list[int | None] = []

    def fault(m: dict[str, Any]) -> str | None:
        sent.append(frame_number(m))
        return "fail" if frame_number(m) == 2 else None

    client, _ = run(fault)
    assert client.got == ["frame 0", "frame 1"]
    assert client.closed == CloseCode.GOING_AWAY
    assert [n for n in sent if n is not None] == [0, 1, 2]


@pytest.mark.parametrize("what", ["drop", "fail"])
def test_a_lost_client_frame_closes_the_client_with_1001(what: str) -> None:
    client, heard = run(lambda m: what if m.get("t") == "ping 1" else None)
    assert heard == ["ping 0"]  # the owner never acts on a frame after a lost one
    assert client.closed == CloseCode.GOING_AWAY
    assert client.got == [f"frame {k}" for k in range(len(client.got))]


def test_a_lost_close_from_the_owner_is_sent_again() -> None:
    tries: list[int] = []

    def fault(m: dict[str, Any]) -> str | None:
        if m["k"] == "close" and "code" in m:
            tries.append(1)
            return "fail" if len(tries) < 3 else None
        return None

    client, _ = run(fault)
    assert len(tries) == 3
    assert client.got == [f"frame {k}" for k in range(FRAMES)]
    assert client.closed == CloseCode.NORMAL
