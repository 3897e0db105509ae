"""``create_app(settings)``: the FastAPI application (REST, WebSocket, OpenAPI at /docs)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from server import logscrub
from server.api import (
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
from server.api.openapi import install as install_error_docs
from server.auth import admin_token_hash
from server.config import Settings
from server.db.store import SqlStore
from server.docs_pages import install as install_docs
from server.errors import install as install_errors
from server.matchmaking.matchmaker import Matchmaker
from server.matchmaking.socket import queue_socket
from server.repositories.protocols import Store
from server.runtime.gc_pacing import GcPacer
from server.runtime.manager import TableManager
from server.services import Services
from server.web import mount as mount_web
from server.ws.endpoint import table_socket
from server.ws.messages import PROTOCOL_VERSION


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The application on ``store``; without one, on the SQL database of
    ``settings.database_url`` (migrated to the newest schema at start-up)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage: Store = store if store is not None else await SqlStore.open(settings.database_url)
        services = Services(
            settings=settings,
            store=storage,
            manager=TableManager(storage, settings),
            admin_hash=admin_token_hash(settings),
        )
        app.state.services = services
        services.matchmaker = Matchmaker(services)
        if settings.redis_url:  # one instance of a cluster: it takes tables by lease
            from server.cluster.node import ClusterNode
            from server.cluster.shared import ClusterShared

            services.cluster = ClusterNode(settings, storage, services.manager, app)
            services.shared = ClusterShared(services.cluster)
            await services.cluster.start()
            await services.shared.start()
        else:
            await services.manager.restore_all()  # unfinished tables of a persistent store
        services.matchmaker.start()
        pacer = GcPacer(
            settings.gc_freeze_seconds, settings.gc_full_seconds, settings.gc_full_growth
        )
        pacer.start()
        try:
            yield
        finally:
            await pacer.stop()
            await services.matchmaker.stop()
            await services.manager.shutdown()
            if services.shared is not None:
                await services.shared.close()
            if services.cluster is not None:
                await services.cluster.close()
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
        docs_url=None,  # served by server.docs_pages from local assets (works offline)
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
        from server.cluster.routing import install as install_routing

        install_routing(app)  # REST to a table's owner (docs/cluster.md)
    mount_web(app)  # the browser client at / (server/web)
    return app
