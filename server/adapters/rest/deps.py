"""Shared dependencies of the routers: services and who is calling (a bearer token that is
the bootstrap admin token or a player's session token)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Request

from server.domain.accounts.tokens import Caller, bearer
from server.domain.errors import ApiError
from server.ports.cluster import Administration
from server.ports.placement import ALONE, RoundPlacement
from server.ports.storage import PlayerRecord, SessionRecord
from server.usecases.accounts import identify
from server.usecases.context import Services


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


async def caller(svc: ServicesDep, authorization: AuthHeader = None) -> Caller:
    found = await identify(svc, _token(authorization))
    if found is None:
        raise ApiError(401, "unauthorized", "unknown, expired or revoked token")
    return found


CallerDep = Annotated[Caller, Depends(caller)]


async def admin(who: CallerDep) -> Caller:
    if who.role != "admin":
        raise ApiError(403, "forbidden", "this endpoint needs the admin token or an admin account")
    return who


async def organizer(who: CallerDep) -> Caller:
    if who.role not in ("admin", "organizer"):
        raise ApiError(403, "forbidden", "this endpoint needs an organizer or admin account")
    return who


async def player(who: CallerDep) -> PlayerRecord:
    if who.player is None:
        raise ApiError(401, "unauthorized", "this endpoint needs a player's token")
    return who.player


def client_address(request: Request) -> str:
    """The client's address, as rate limits count attempts."""
    return request.client.host if request.client else "unknown"


def placement(request: Request, svc: ServicesDep) -> RoundPlacement:
    """Where a tournament round's tables open, asked on the caller's behalf: the one the
    composition root wired (``app.state.placement``: the cluster's), else this instance."""
    factory = getattr(request.app.state, "placement", None)
    if factory is None:
        return ALONE
    found: RoundPlacement = factory(svc, request)
    return found


def cluster_admin(request: Request, svc: ServicesDep) -> Administration | None:
    """The cluster's administration for the caller, as the composition root wired it
    (``app.state.cluster_admin``); None on a single instance."""
    factory = getattr(request.app.state, "cluster_admin", None)
    if factory is None:
        return None
    found: Administration | None = factory(svc, request)
    return found


@dataclass
class Login:
    player: PlayerRecord
    session: SessionRecord


async def login(who: CallerDep) -> Login:
    if who.player is None or who.session is None:
        raise ApiError(401, "unauthorized", "this endpoint needs a player's token")
    return Login(who.player, who.session)


async def player_or_admin(
    svc: ServicesDep, authorization: AuthHeader = None
) -> PlayerRecord | None:
    """The player, or None for the bootstrap admin token."""
    return (await caller(svc, authorization)).player


AdminDep = Depends(admin)
OrganizerDep = Depends(organizer)
AdminCallerDep = Annotated[Caller, Depends(admin)]
PlayerDep = Annotated[PlayerRecord, Depends(player)]
LoginDep = Annotated[Login, Depends(login)]
PlayerOrAdminDep = Annotated[PlayerRecord | None, Depends(player_or_admin)]
OrganizerCallerDep = Annotated[Caller, Depends(organizer)]
PlacementDep = Annotated[RoundPlacement, Depends(placement)]
ClusterAdminDep = Annotated[Administration | None, Depends(cluster_admin)]
