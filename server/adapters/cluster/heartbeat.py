"""The heartbeat (docs/cluster.md): every ``interval`` the instance's registry entry (its
load, its tables) and the renewal of every lease it holds.

A table whose lease another instance now holds is dropped at once (its actor stops, its
sockets close with 1001 and reconnect to the new owner). A relayed connection to or from
an instance that has gone silent ends, and while Redis stays unreachable for longer than
a lease every relayed connection ends (a close the other side sent may be lost too). The
owner meanwhile keeps playing its tables: the database still fences every append."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from redis.exceptions import RedisError

from server.adapters.cluster.core import NodeCore, log
from server.adapters.cluster.inbox import Inbox
from server.adapters.cluster.leases import current_epoch


class Heartbeat:
    def __init__(self, node: NodeCore, inbox: Inbox) -> None:
        self.node = node
        self.inbox = inbox

    async def loop(self) -> None:
        node = self.node
        down_since = time.monotonic()
        while True:
            try:
                await self.beat()
                if not node.redis_up:
                    log.info("cluster: Redis is reachable again")
                node.redis_up = True
            except (RedisError, OSError) as exc:
                if node.redis_up:
                    log.warning("cluster: Redis unreachable (%s)", type(exc).__name__)
                    down_since = time.monotonic()
                node.redis_up = False
                if time.monotonic() - down_since > node.settings.lease_seconds:
                    self.inbox.all_lost()  # a close the other side sent may be lost too
            except Exception:
                log.exception("cluster: heartbeat failed")
            await asyncio.sleep(node.interval)

    async def beat(self) -> None:
        node = self.node
        await node.registry.beat(node.load())
        outcome = await node.leases.renew(sorted(node.owned))
        for table_id, result in outcome.items():
            if result == 0 and table_id in node.owned:
                log.warning("table %s: lease lost; stopping", table_id)
                node.drop(table_id)
            elif result == 2:  # Redis lost the key: keep it only if the token is still ours
                actor = node.manager.actors.get(table_id)
                epoch = await current_epoch(node.store, table_id)
                if actor is None or epoch != actor.fence:
                    node.drop(table_id)
        await node.instances()
        alive = await node.alive()
        ended: Counter[str] = Counter()
        for conn_id, owner in list(self.inbox.relays_to.items()):
            if owner not in alive:
                self.inbox.lost(conn_id)
                ended[owner] += 1
        for sock in list(self.inbox.served.values()):
            if sock.peer not in alive:
                sock.gone()
                ended[sock.peer] += 1
        for peer, count in sorted(ended.items()):
            log.warning("instance %s is silent: %d relayed connections to it ended", peer, count)
