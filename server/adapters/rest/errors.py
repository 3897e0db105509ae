"""Every REST error is ``{"error": {"code", "message"}}`` with a fitting status: the
handlers that turn a use case's ``ApiError``, a validation error, Starlette's HTTP errors and
a crash into that body."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from server.adapters.rest.openapi import allowed_methods
from server.domain.errors import ApiError, error_body

log = logging.getLogger("jantaku.api")


def _field(loc: tuple[int | str, ...]) -> str:
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header")]
    return ".".join(parts) or "body"


_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    422: "invalid",
}


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(
            error_body(exc.code, exc.message, exc.field),
            status_code=exc.status,
            headers=exc.headers,
        )

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
        field = _field(tuple(first.get("loc", ())))
        msg = first.get("msg", "invalid")
        if first.get("type") == "json_invalid":
            return JSONResponse(error_body("malformed_json", f"body: {msg}"), status_code=400)
        if first.get("type") == "extra_forbidden":
            msg = "unknown field"
        return JSONResponse(
            error_body("invalid_field", f"{field}: {msg}", field),
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            methods = allowed_methods(request.app, request.url.path)
            if methods:
                headers["Allow"] = ", ".join(methods)
        return JSONResponse(
            error_body(code, str(exc.detail)), status_code=exc.status_code, headers=headers
        )

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse(error_body("internal", "internal server error"), status_code=500)
