"""The use cases' refusals: an ``ApiError`` carries the status, the code and the message that
every adapter shows (REST as ``{"error": {"code", "message"}}``, server.adapters.rest.errors)."""

from __future__ import annotations


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        headers: dict[str, str] | None = None,
        *,
        field: str | None = None,
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
        self.field = field  # the request field at fault, when one is (REST's ``field``)
        super().__init__(f"{status} {code}: {message}")


def not_found(what: str, ident: str) -> ApiError:
    return ApiError(404, f"{what}_not_found", f"no {what} '{ident}'")


def error_body(code: str, message: str, field: str | None = None) -> dict[str, dict[str, str]]:
    body = {"code": code, "message": message}
    if field is not None:
        body["field"] = field
    return {"error": body}
