"""The error responses of every REST operation, in the OpenAPI document.

Every error is ``{"error": {"code", "message"[, "field"]}}`` (server/domain/errors.py). Most
statuses follow from an operation's shape, so they are added by rule: 422 (a bad field) on
every operation with parameters or a body, 400 (malformed JSON) with a body, 404 with a
path parameter, 401/403 under /api/admin. ``EXTRA`` names the rest per operation; the test
suite (schemathesis) fails on any status an operation answers without documenting it."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from fastapi import FastAPI
from starlette.responses import PlainTextResponse

from server.adapters.rest.models import ErrorBody, ErrorOut

DESCRIPTIONS = {
    400: "Malformed request (the body is not JSON)",
    401: "Missing, unknown, expired or revoked bearer token",
    403: "The token may not do this",
    404: "No such resource",
    409: "The request conflicts with the resource's state",
    410: "The table is over and has left the server's memory (its record stays)",
    422: "A field is invalid (``field`` names it)",
    429: "Too many requests (``Retry-After`` says when to try again)",
    503: "A cluster instance the request needs did not answer (``Retry-After``)",
}

AUTH = (401, 403)
# Statuses the rules above do not derive, per operation.
EXTRA: dict[tuple[str, str], tuple[int, ...]] = {
    ("post", "/api/tables"): (*AUTH, 409, 429),
    ("post", "/api/analysis/discards"): AUTH,  # a bad token; assist_disabled
    ("post", "/api/tables/{table_id}/join"): (*AUTH, 409, 410),
    ("get", "/api/players/me"): AUTH,
    ("post", "/api/players"): (409, 429),
    ("post", "/api/accounts/register"): (409, 429),
    ("post", "/api/accounts/login"): (401, 429),
    ("post", "/api/accounts/logout"): AUTH,
    ("get", "/api/accounts/sessions"): AUTH,
    ("delete", "/api/accounts/sessions/{session_id}"): AUTH,
    ("put", "/api/accounts/password"): AUTH,
    ("post", "/api/admin/players/merge"): (404, 409),
    ("get", "/api/admin/collusion"): (*AUTH, 422),
    ("get", "/api/admin/tables/{table_id}"): (410,),
    ("post", "/api/admin/cluster/instances/{instance_id}/drain"): (409, 503),
    ("post", "/api/admin/tables/{table_id}/pause"): (409, 410),
    ("post", "/api/admin/tables/{table_id}/resume"): (409, 410),
    ("post", "/api/admin/tables/{table_id}/abort"): (409, 410),
    ("put", "/api/admin/tables/{table_id}/seats/{seat}"): (409, 410),
    ("post", "/api/admin/tables/{table_id}/seats/{seat}/kick"): (410,),
    ("get", "/api/matches/{match_id}/events"): AUTH,
    ("get", "/api/matches/{match_id}/tenhou6"): (409,),
    ("get", "/api/matches/{match_id}/mjai"): (409,),
    # the match's ruleset is no longer installed: its sheet cannot be ranked
    ("get", "/api/matches/{match_id}/scoresheet.csv"): (409,),
    ("get", "/api/matches/{match_id}/standings.csv"): (409,),
    ("post", "/api/admin/matches/{match_id}/void-last-hand"): (409,),
    ("post", "/api/admin/matches/{match_id}/void"): (409,),
    ("post", "/api/admin/matches/{match_id}/adjustments"): (409,),
    ("post", "/api/tournaments"): AUTH,
    ("post", "/api/tournaments/{tid}/registration"): AUTH,
    ("post", "/api/tournaments/{tid}/players"): (*AUTH, 409),
    ("post", "/api/tournaments/{tid}/rounds"): (*AUTH, 409, 429, 503),
    ("post", "/api/tournaments/{tid}/rounds/{number}/end"): (*AUTH, 409, 410, 503),
    ("post", "/api/tournaments/{tid}/rounds/{number}/tables/{table_no}"): (*AUTH, 409, 429),
    ("post", "/api/tournaments/{tid}/penalties"): (*AUTH, 409),
    ("post", "/api/tournaments/{tid}/tables/{match_id}/{action}"): (*AUTH, 409, 410, 503),
    ("get", "/api/tournaments/{tid}/me"): AUTH,
    ("put", "/api/tournaments/{tid}/players/{player_id}/federation"): AUTH,
    ("post", "/api/leagues"): AUTH,
    ("post", "/api/leagues/{lid}/tournaments"): (*AUTH, 409),
    ("post", "/api/leagues/{lid}/matches"): (*AUTH, 409),
    ("get", "/api/queues"): (401,),
    ("get", "/api/queues/me"): AUTH,
    ("post", "/api/queues/{queue_id}/join"): (*AUTH, 409),
    ("post", "/api/queues/leave"): AUTH,
}


class CsvResponse(PlainTextResponse):
    media_type = "text/csv"


def error_statuses(method: str, path: str, operation: dict[str, Any]) -> set[int]:
    statuses: set[int] = set(EXTRA.get((method, path), ()))
    params = operation.get("parameters", [])
    if params or "requestBody" in operation:
        statuses.add(422)
    if "requestBody" in operation:
        statuses.add(400)
    if any(p.get("in") == "path" for p in params):
        statuses.add(404)
    if path.startswith("/api/admin/"):
        statuses.update(AUTH)
    return statuses


def install(app: FastAPI) -> None:
    """Rewrite the generated document once: our error body on every error status."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        doc = generate()
        schemas = doc.setdefault("components", {}).setdefault("schemas", {})
        for model in (ErrorBody, ErrorOut):
            schemas[model.__name__] = model.model_json_schema(
                ref_template="#/components/schemas/{model}"
            )
        schemas.pop("HTTPValidationError", None)  # FastAPI's; ours is ErrorOut
        schemas.pop("ValidationError", None)
        ref = {"$ref": "#/components/schemas/ErrorOut"}
        for path, ops in doc.get("paths", {}).items():
            for method, operation in ops.items():
                responses = operation.setdefault("responses", {})
                responses.pop("422", None)
                for status in sorted(error_statuses(method, path, operation)):
                    responses[str(status)] = {
                        "description": DESCRIPTIONS[status],
                        "content": {"application/json": {"schema": ref}},
                    }
                    if status == 429:
                        responses["429"]["headers"] = {
                            "Retry-After": {"schema": {"type": "integer"}, "description": "s"}
                        }
        app.openapi_schema = doc
        return doc

    app.openapi = openapi  # type: ignore[method-assign]


def allowed_methods(app: FastAPI, path: str) -> list[str]:
    """Every method some operation at ``path`` answers (for ``Allow`` on a 405): Starlette
    names only those of the first route whose path matched."""
    methods: set[str] = set()
    for pattern, ops in _templates(app):
        if pattern.fullmatch(path):
            methods.update(ops)
    return sorted(methods)


def _templates(app: FastAPI) -> list[tuple[re.Pattern[str], frozenset[str]]]:
    return _compile(
        id(app),
        tuple(
            (path, frozenset(m.upper() for m in ops))
            for path, ops in app.openapi()["paths"].items()
        ),
    )


@cache
def _compile(
    _app: int, paths: tuple[tuple[str, frozenset[str]], ...]
) -> list[tuple[re.Pattern[str], frozenset[str]]]:
    out = []
    for path, ops in paths:
        parts = re.split(r"(\{[^}]+\})", path)
        regex = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
        out.append((re.compile(regex), ops))
    return out
