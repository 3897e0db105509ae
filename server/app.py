"""``create_app(settings)``: the FastAPI application (REST, WebSocket, OpenAPI at /docs)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from server.adapters.cluster.admin import administration_for
from server.adapters.cluster.node import ClusterNode
from server.adapters.cluster.placement import placement_for
from server.adapters.cluster.routing import FORWARDED
from server.adapters.cluster.shared import ClusterShared
from server.adapters.ratelimits import RateLimiter
from server.adapters.rest import (
    accounts,
    admin,
    analysis,
    cluster,
    collusion,
    corrections,
    ladder,
    leagues,
    matches,
    players,
    queues,
    ratings,
    rulesets,
    tables,
    tournaments,
)
from server.adapters.rest.errors import install as install_errors
from server.adapters.rest.openapi import install as install_error_docs
from server.adapters.rest.read_limits import ReadLimits
from server.adapters.sql.queues import SqlQueueStore
from server.adapters.sql.store import SqlStore
from server.adapters.web import mount as mount_web
from server.adapters.web.docs_pages import install as install_docs
from server.adapters.web.headers import SecurityHeaders
from server.adapters.ws.endpoint import table_socket
from server.adapters.ws.queue_socket import queue_socket
from server.config import Settings
from server.domain import logscrub, registry
from server.domain.accounts.tokens import admin_token_hash
from server.domain.matchmaking.store import MemoryQueueStore, QueueStore
from server.domain.protocol.messages import PROTOCOL_VERSION
from server.domain.tables.gc_pacing import GcPacer
from server.domain.tables.manager import TableManager
from server.ports.storage import Store
from server.usecases.context import Services
from server.usecases.matchmaking import Matchmaker
from server.usecases.tournaments import reveal_if_over

log = logging.getLogger("jantaku.app")


def queue_store_for(store: Store) -> QueueStore:
    """The SQL queue store on a SQL store's database; else one in this process."""
    if isinstance(store, SqlStore):
        return SqlQueueStore(store.db)
    return MemoryQueueStore()


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The application on ``store``; without one, on the SQL database of
    ``settings.database_url`` (migrated to the newest schema at start-up)."""
    settings = settings or Settings()
    # two packages claiming one ruleset id stop the start (RulesetConflict names both); a
    # ruleset that does not load is left out, listed as unavailable and logged
    for ruleset_id, reason in registry.check_installed().items():
        log.error("ruleset %s is unavailable: %s", ruleset_id, reason)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage: Store = store if store is not None else await SqlStore.open(settings.database_url)
        services = Services(
            settings=settings,
            store=storage,
            manager=TableManager(storage, settings, RateLimiter(settings)),
            admin_hash=admin_token_hash(settings),
        )
        services.unseal = reveal_if_over  # a duplicate round's last table ended
        app.state.services = services
        services.matchmaker = matchmaker = Matchmaker(services, queue_store_for(storage))
        node: ClusterNode | None = None
        shared: ClusterShared | None = None
        if settings.redis_url:  # one instance of a cluster: it takes tables by lease
            node = ClusterNode(settings, storage, services.manager, app, serve_socket=table_socket)
            app.state.placement = placement_for  # a round's tables over the instances
            app.state.cluster_admin = administration_for  # /api/admin/cluster
            shared = ClusterShared(node)
            services.cluster, services.shared = node, shared
            await node.start()
            await shared.start()
        else:
            await services.manager.restore_all()  # unfinished tables of a persistent store
        matchmaker.start()
        pacer = GcPacer(
            settings.gc_freeze_seconds, settings.gc_full_seconds, settings.gc_full_growth
        )
        pacer.start()
        try:
            yield
        finally:
            await pacer.stop()
            await matchmaker.stop()
            await services.manager.shutdown()
            if shared is not None:
                await shared.close()
            if node is not None:
                await node.close()
            await services.manager.limiter.close()
            await storage.close()

    app = FastAPI(
        title="Jantaku",
        version="0.1.0",
        summary="A multi-variant mahjong game server",
        description=f"REST for players and admins; play over WebSocket protocol "
        f"v{PROTOCOL_VERSION} at /ws/tables/{{table_id}}?auth=frame, the token in the first "
        f'frame {{"type": "auth", "token": …}} (docs/protocol.md; docs/security.md).',
        lifespan=lifespan,
        docs_url=None,  # served by server.adapters.web.docs_pages from local assets (works offline)
        redoc_url=None,
    )
    install_docs(app)
    install_errors(app)
    install_error_docs(app)
    logscrub.install()
    app.include_router(players.router)
    app.include_router(accounts.router)
    app.include_router(accounts.admin_router)
    app.include_router(rulesets.router)
    app.include_router(tables.router)
    app.include_router(admin.router)
    app.include_router(collusion.router)
    app.include_router(cluster.router)
    app.include_router(matches.router)
    app.include_router(corrections.router)
    app.include_router(ratings.router)
    app.include_router(tournaments.router)
    app.include_router(leagues.router)
    app.include_router(analysis.router)
    app.include_router(queues.router)
    app.include_router(ladder.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", table_socket)
    app.add_api_websocket_route("/ws/queues/{queue_id}", queue_socket)

    @app.get("/api/health", tags=["health"])
    async def health() -> dict[str, str]:
        return {"status": "ok"}

    if settings.redis_url:
        from server.adapters.cluster.routing import install as install_routing

        install_routing(app)  # REST to a table's owner (docs/cluster.md)
    mount_web(app)  # the browser client at / (server/adapters/web)
    app.add_middleware(  # REST reads per address; a peer's forwarded read was counted there
        ReadLimits,
        rate=settings.api_read_rate_per_address,
        skip_header=FORWARDED if settings.redis_url else None,
    )
    app.add_middleware(SecurityHeaders)  # outermost: forwarded answers get them too
    return app
