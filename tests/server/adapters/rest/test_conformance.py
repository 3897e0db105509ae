"""REST conformance: strict body types, Allow on 405, text/csv, every error documented,
and a bounded schemathesis run with and without credentials (no 500, nothing that
violates the schema)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks
from schemathesis.core.result import Ok

from tests.server.conftest import LiveServer, running, suite_settings


def test_booleans_are_not_numbers(server: LiveServer) -> None:
    _, token = server.player("strict")
    auth = {"Authorization": f"Bearer {token}"}
    tid = server.table(["open"] * 4)["table_id"]
    body: dict[str, Any]
    for body in ({"seat": False}, {"seat": True}, {"seat": "1"}, {"seat": 1.0}):
        r = server.http.post(f"/api/tables/{tid}/join", json=body, headers=auth)
        assert r.status_code == 422 and r.json()["error"]["field"] == "seat", body
    assert server.live(tid)["seats"][0]["kind"] == "open"
    r = server.http.post("/api/tables", json={"timers": {"move": True}}, headers=auth)
    assert r.status_code == 422 and r.json()["error"]["field"] == "timers.move"
    r = server.http.post("/api/tables", json={"spectators": {"allowed": 1}}, headers=auth)
    assert r.status_code == 422
    for options in ({"hands_per_session": True}, {"hands_per_session": "1"}):
        body = {"ruleset": "mcr", "options": options, "seats": ["open"] * 4}
        r = server.http.post("/api/tables", json=body, headers=auth)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["message"].startswith("options.hands_per_session:")
    hand = list(range(14))
    for query in ({"melds": True}, {"hand": [True, *hand[1:]]}, {"seen": [False]}):
        body = {"ruleset": "riichi", "hand": hand} | query
        r = server.http.post("/api/analysis/discards", json=body)
        assert r.status_code == 422 and r.json()["error"]["field"].startswith(next(iter(query)))
    r = server.http.post(f"/api/tables/{tid}/join", json={"seat": 2}, headers=auth)
    assert r.status_code == 200 and r.json()["seat"] == 2
    server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)


def test_405_names_the_allowed_methods(server: LiveServer) -> None:
    r = server.http.delete("/api/tables")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    assert set(r.headers["Allow"].replace(" ", "").split(",")) == {"GET", "POST"}


def test_every_operation_documents_its_errors(server: LiveServer) -> None:
    doc = server.http.get("/openapi.json").json()
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            errors = [s for s in op["responses"] if s.startswith("4")]
            if path not in ("/api/health", "/api/rulesets", "/"):
                assert errors, (method, path)
            # a body can be malformed (400) or invalid (422); a path names something that
            # may not exist (404); a token can be wrong (401) or too weak (403)
            need = {"400", "422"} if "requestBody" in op else set()
            if any(p["in"] == "path" for p in op.get("parameters", [])):
                need |= {"404", "422"}
            if "401" in errors and path not in ("/api/accounts/login", "/api/queues"):
                need.add("403")
            assert need <= set(errors), (method, path, sorted(need - set(errors)))
            for status in errors:
                schema = op["responses"][status]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorOut"}
    csv = doc["paths"]["/api/matches/{match_id}/scoresheet.csv"]["get"]["responses"]["200"]
    assert list(csv["content"]) == ["text/csv"]


# ---------------------------------------------------------------- schemathesis


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own: the generated requests may abort tables and revoke tokens."""
    tmp: Path = tmp_path_factory.mktemp("schemathesis")
    with running(suite_settings(tmp, table_create_rate="1000/minute")) as live:
        pid, _ = live.player("seed")
        live.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"])  # something to find
        yield live


BOUNDED = settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,  # the same requests every run: CI stays reproducible
    database=None,
)


# Schema-valid is not always valid: a ruleset id or a player id is checked against the
# server's state (422 / 404), so schemathesis' positive_data_acceptance does not apply.
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
    checks.negative_data_rejection,
]


@pytest.mark.parametrize("who", ["anonymous", "player", "admin"])
def test_generated_requests_conform(api: LiveServer, who: str) -> None:
    """Every operation, a few generated requests each: no 500, no undocumented status,
    content type or body (schemathesis' default checks)."""
    headers: dict[str, str] = {}
    if who == "admin":
        headers = api.admin
    elif who == "player":
        headers = {"Authorization": f"Bearer {api.player('gen')[1]}"}
    schema = schemathesis.openapi.from_url(f"{api.base_url}/openapi.json")
    failures = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result.err()
        operation = result.ok()

        @BOUNDED
        @given(case=operation.as_strategy())
        def check(case: schemathesis.Case[Any]) -> None:
            case.call_and_validate(headers=headers, checks=CHECKS)

        try:
            check()
        except Exception as exc:  # collect them all, then report
            failures.append(f"{operation.label}: {exc}")
    assert not failures, "\n\n".join(failures)
