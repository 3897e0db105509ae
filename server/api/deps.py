"""Shared dependencies of the routers: services and the two kinds of bearer tokens."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from fastapi import Depends, Header, Request

from server.auth import bearer, same_hash, token_hash
from server.errors import ApiError
from server.repositories.protocols import PlayerRecord
from server.services import Services


def services(request: Request) -> Services:
    found: Services = request.app.state.services
    return found


ServicesDep = Annotated[Services, Depends(services)]
AuthHeader = Annotated[str | None, Header(alias="Authorization", include_in_schema=False)]


def _token(authorization: str | None) -> str:
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, "unauthorized", "missing 'Authorization: Bearer <token>' header")
    return token


async def admin(svc: ServicesDep, authorization: AuthHeader = None) -> None:
    token = _token(authorization)
    if not same_hash(token_hash(token), svc.admin_hash):
        raise ApiError(403, "forbidden", "this endpoint needs the admin token")


async def player(svc: ServicesDep, authorization: AuthHeader = None) -> PlayerRecord:
    token = _token(authorization)
    found = await svc.store.players.by_token_hash(token_hash(token))
    if found is None:
        raise ApiError(401, "unauthorized", "unknown or revoked token")
    await svc.store.players.touch(found.id, datetime.now(UTC))
    return found


async def player_or_admin(
    svc: ServicesDep, authorization: AuthHeader = None
) -> PlayerRecord | None:
    """The player, or None for the admin."""
    token = _token(authorization)
    hashed = token_hash(token)
    if same_hash(hashed, svc.admin_hash):
        return None
    found = await svc.store.players.by_token_hash(hashed)
    if found is None:
        raise ApiError(401, "unauthorized", "unknown or revoked token")
    return found


AdminDep = Depends(admin)
PlayerDep = Annotated[PlayerRecord, Depends(player)]
PlayerOrAdminDep = Annotated[PlayerRecord | None, Depends(player_or_admin)]
