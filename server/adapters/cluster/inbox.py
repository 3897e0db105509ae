"""The instance's inbox (docs/cluster.md): one pub/sub channel per instance carries the
relay's frames and the adopt requests of a draining instance.

Both ends of the WebSocket relay (server.adapters.cluster.relay) meet here: a client
connected here for a table owned elsewhere is piped to its owner (``relay``), and a client
connected elsewhere for a table owned here is served on a ``RelayedSocket`` by the ordinary
endpoint (``serve_socket``). While Redis is unreachable every relayed socket closes and
its client reconnects when it is back."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Any

import orjson
from redis.exceptions import RedisError
from starlette.websockets import WebSocket

from server.adapters.cluster.core import MOVED, NodeCore, ServeSocket, Unavailable, log
from server.adapters.cluster.relay import RelayedSocket, pipe
from server.adapters.cluster.takeover import Takeovers
from server.domain.protocol.messages import CloseCode

# the query parameters of a relayed connection that the endpoint takes
KNOWN = ("token", "seat", "state_on_prompt", "protocol", "flow", "auth")


class Inbox:
    def __init__(
        self, node: NodeCore, takeovers: Takeovers, app: Any, serve_socket: ServeSocket | None
    ) -> None:
        self.node = node
        self.takeovers = takeovers
        self.app = app
        # the WebSocket endpoint that serves a relayed connection here (the composition
        # root hands in server.adapters.ws.endpoint.table_socket)
        self.serve_socket = serve_socket
        self.relays: dict[str, asyncio.Queue[dict[str, Any]]] = {}  # here: conn -> frames
        self.relays_to: dict[str, str] = {}  # here: conn -> owner instance
        self.served: dict[str, RelayedSocket] = {}  # owned here, client elsewhere

    async def loop(self) -> None:
        node = self.node
        while True:
            pubsub = node.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(node.keys.inbox(node.id))
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message.get("type") == "message":
                        self.dispatch(orjson.loads(message["data"]))
            except (RedisError, OSError):
                self.all_lost()
                await asyncio.sleep(node.interval)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("cluster: inbox failed")
                self.all_lost()
                await asyncio.sleep(node.interval)
            finally:
                with contextlib.suppress(Exception):
                    aclose: Any = pubsub.aclose  # untyped in older redis-py (pyproject: redis>=5)
                    await aclose()

    def dispatch(self, message: dict[str, Any]) -> None:
        node = self.node
        kind = message.get("k")
        conn_id = str(message.get("c", ""))
        if kind in ("out", "close") and conn_id in self.relays:
            self.relays[conn_id].put_nowait(message)
        elif kind in ("in", "close") and conn_id in self.served:
            self.served[conn_id].feed(message)
        elif kind == "in":  # the owner forgot this connection: the relay closes it
            peer = str(message.get("from") or "")
            if peer:
                refuse = {"k": "close", "c": conn_id, "code": CloseCode.GOING_AWAY, "r": MOVED}
                node.spawn(node.send(peer, refuse), "relay-refuse")
        elif kind == "open":  # registered now: the frames right behind it find it
            peer = str(message.get("from", ""))
            query = {str(k): str(v) for k, v in dict(message.get("q") or {}).items()}
            headers = {str(k): str(v) for k, v in dict(message.get("h") or {}).items()}
            sock = RelayedSocket(self.app, node.send, conn_id, peer, query, headers)
            self.served[conn_id] = sock
            node.spawn(self._serve(sock, str(message.get("table", ""))), f"relay-{conn_id}")
        elif kind == "adopt":
            node.spawn(self._adopt(str(message.get("table", ""))), "adopt")

    async def _adopt(self, table_id: str) -> None:
        try:
            await self.takeovers.claim(table_id)
        except Exception:
            log.exception("table %s: adopting failed", table_id)

    async def _serve(self, sock: RelayedSocket, table_id: str) -> None:
        """A client connected at another instance, for a table owned here: run the
        ordinary endpoint on a stand-in socket."""
        conn_id = sock.conn_id
        params = {k: v for k, v in sock.query_params.items() if k in KNOWN}
        try:
            # The relaying instance saw this instance's lease, which a takeover takes
            # before it rebuilds the table: the connection waits for the rebuild. (A table
            # not live here afterwards is refused as moving, 1001: the client reconnects.)
            await self.takeovers.rebuilt(table_id)
            if self.serve_socket is None:
                raise RuntimeError("no endpoint to serve relayed connections")
            await self.serve_socket(sock, table_id, **params)
        except Exception:
            log.exception("table %s: relayed connection failed", table_id)
        finally:
            self.served.pop(conn_id, None)
            await sock.close(CloseCode.GOING_AWAY, "bye")

    def lost(self, conn_id: str) -> None:
        """The relayed connection ``conn_id`` (its client here) cannot go on."""
        queue = self.relays.get(conn_id)
        if queue is not None:
            queue.put_nowait({"k": "lost"})

    def all_lost(self) -> None:
        """Every relayed connection, either way, ends (Redis failed, or the instance leaves)."""
        for conn_id in list(self.relays):
            self.lost(conn_id)
        for sock in list(self.served.values()):
            sock.gone()

    async def relay(self, ws: WebSocket, table_id: str) -> bool:
        """Serve ``ws`` through the table's owner if that is another instance (True when
        done); False: the table is served here (owned, taken over, or not live)."""
        node = self.node
        try:
            owner = await self.takeovers.locate(table_id)
        except Unavailable as exc:
            await ws.accept()
            await ws.send_json({"type": "error", "code": "table_moving", "message": str(exc)})
            await ws.close(CloseCode.GOING_AWAY, "the table is moving; reconnect")
            return True
        if owner is None:
            return False
        await ws.accept()
        conn_id = secrets.token_hex(8)
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.relays[conn_id] = queue
        self.relays_to[conn_id] = owner
        try:
            await pipe(ws, owner, conn_id, node.id, table_id, queue, node.send)
        except (RedisError, OSError):
            with contextlib.suppress(Exception):
                await ws.close(CloseCode.GOING_AWAY, "the table's instance is unreachable")
        finally:
            self.relays.pop(conn_id, None)
            self.relays_to.pop(conn_id, None)
        return True
