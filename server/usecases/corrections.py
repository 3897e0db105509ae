"""Admin corrections of match records: void the last hand, void a match, add a penalty or
bonus line, each an event of the scoresheet projection with its audit line. The play is not
touched; the records are projected again, and a running table adopts them."""

from __future__ import annotations

from typing import Any

from server.domain.errors import ApiError, not_found
from server.domain.records.exports import NoSuchMatch, load_match, load_sheet
from server.ports.storage import TableRecord
from server.usecases.context import Services
from server.usecases.tables import refresh_record


async def _match(svc: Services, match_id: str) -> TableRecord:
    try:
        return await load_match(svc.store, match_id)
    except NoSuchMatch:
        raise not_found("match", match_id) from None


async def _corrected(svc: Services, match_id: str) -> dict[str, Any]:
    """The sheet after a correction; a running table adopts the corrected records."""
    await refresh_record(svc, match_id)
    return await load_sheet(svc.store, match_id)


async def void_last_hand(svc: Services, match_id: str, by: str, reason: str) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.voided:
        raise ApiError(409, "match_voided", "the match is voided")
    hand = await svc.store.records.void_last_hand(match_id, by, reason)
    svc.ladder_cache.forget(match_id)  # the ladder reads the corrected standings
    svc.collusion_cache.forget(match_id)  # the collusion report leaves voided hands out
    if hand is None:
        raise ApiError(409, "no_hand", "the match has no hand left to void")
    return await _corrected(svc, match_id)


async def void_match(svc: Services, match_id: str, by: str, reason: str) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.status not in ("finished", "aborted"):
        raise ApiError(409, "match_running", f"the match is {record.status}: abort it first")
    voided = await svc.store.records.void_match(match_id, by, reason)
    svc.ladder_cache.forget(match_id)  # the ladder leaves a voided match out
    svc.collusion_cache.forget(match_id)  # and so does the collusion report
    if not voided:
        raise ApiError(409, "match_voided", "the match is already voided")
    return await _corrected(svc, match_id)


async def adjust(
    svc: Services, match_id: str, seat: int, amount: int, by: str, reason: str
) -> dict[str, Any]:
    record = await _match(svc, match_id)
    if record.voided:
        raise ApiError(409, "match_voided", "the match is voided")
    if seat >= len(record.seats):
        raise ApiError(422, "invalid_field", f"seat: the match has {len(record.seats)} places")
    if amount == 0:
        raise ApiError(422, "invalid_field", "amount: a penalty line moves a non-zero amount")
    await svc.store.records.adjust(match_id, seat, amount, by, reason)
    svc.ladder_cache.forget(match_id)  # the ladder reads the corrected standings
    return await _corrected(svc, match_id)


async def audit(svc: Services, match_id: str) -> list[dict[str, Any]]:
    await _match(svc, match_id)
    return [
        {
            "id": a.id,
            "action": a.action,
            "by": a.by,
            "at": a.at.isoformat(),
            "reason": a.reason,
            "detail": a.detail,
        }
        for a in await svc.store.records.audit(match_id)
    ]
