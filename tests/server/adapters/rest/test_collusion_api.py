"""GET /api/admin/collusion: organizers and admins only, the ruleset required, the report's
shape with names and evidence, and the errors a bad query gets."""

from __future__ import annotations

from fastapi.testclient import TestClient

from server.app import create_app
from server.config import Settings
from tests.server.domain.fairplay.planted import COLLUDERS, small_store

ADMIN = {"Authorization": "Bearer adm"}


def client() -> TestClient:
    settings = Settings(admin_token="adm", argon2_time_cost=1, argon2_memory_kib=64)
    return TestClient(create_app(settings, small_store()))


def test_the_report_lists_pairs_with_their_evidence() -> None:
    with client() as http:
        r = http.get("/api/admin/collusion?ruleset=riichi&all=true&min_matches=1", headers=ADMIN)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["ruleset"] == "riichi" and body["population"]["matches"] == 4
        assert body["pairs_considered"] == 6 and len(body["pairs"]) == 6
        assert "never an automatic sanction" in body["method"]
        scores = [p["score"] for p in body["pairs"]]
        assert scores == sorted(scores, reverse=True)
        pair = next(p for p in body["pairs"] if p["players"] == list(COLLUDERS))
        assert pair["names"] == ["Player 03", "Player 08"]
        assert pair["matches"] == 4 and pair["evidence"]["match_ids"] == [
            "m000",
            "m001",
            "m002",
            "m003",
        ]
        assert set(pair) >= {"deal_ins", "passed_wins", "chip_flow", "flagged"}
        for m in pair["evidence"]["moments"]:
            assert {m["actor"], m["partner"]} == set(COLLUDERS)
        # without all=true only flagged pairs; a threshold nobody reaches lists none
        r = http.get("/api/admin/collusion?ruleset=riichi&threshold=100", headers=ADMIN)
        assert r.status_code == 200 and r.json()["pairs"] == []
        r = http.get("/api/admin/collusion?ruleset=riichi&from=2000-01-01", headers=ADMIN)
        assert r.status_code == 200 and r.json()["population"]["matches"] == 4
        r = http.get("/api/admin/collusion?ruleset=mcr", headers=ADMIN)
        assert r.json()["population"]["matches"] == 0


def test_errors() -> None:
    with client() as http:
        assert http.get("/api/admin/collusion?ruleset=riichi").status_code == 401
        guest = http.post("/api/players", json={"name": "guest"}).json()["token"]
        r = http.get(
            "/api/admin/collusion?ruleset=riichi", headers={"Authorization": f"Bearer {guest}"}
        )
        assert r.status_code == 403
        for query, code in [
            ("", "ruleset_required"),
            ("ruleset=chess", "unknown_ruleset"),
            ("ruleset=riichi&min_matches=0", None),
            ("ruleset=riichi&threshold=-1", None),
            ("ruleset=riichi&from=2026-02-02&to=2026-01-01", "invalid_range"),
        ]:
            r = http.get(f"/api/admin/collusion?{query}", headers=ADMIN)
            assert r.status_code == 422, query
            if code:
                assert r.json()["error"]["code"] == code
        doc = http.get("/openapi.json").json()["paths"]["/api/admin/collusion"]["get"]
        assert {"401", "403", "422"} <= set(doc["responses"])
