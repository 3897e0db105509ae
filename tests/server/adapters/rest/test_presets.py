"""Options presets over REST: a table made from ``{"preset": ..., ...overrides}`` records
and reports the options it resolved to, every one of them (issue 14)."""

from __future__ import annotations

from rulesets.riichi.options import preset
from tests.server.conftest import LiveServer


def test_a_table_records_the_resolved_options_of_a_preset(server: LiveServer) -> None:
    body = {"ruleset": "riichi", "options": {"preset": "ema", "aka_dora": 3}, "seats": ["open"] * 4}
    r = server.http.post("/api/tables", json=body, headers=server.admin)
    assert r.status_code == 201, r.text
    options = r.json()["options"]
    want = preset("ema").model_copy(update={"aka_dora": 3}).model_dump(mode="json")
    assert options == want and "preset" not in options
    assert options["tobi"] == "off" and options["abortive_draws"] == []
    again = server.http.get(f"/api/tables/{r.json()['table_id']}").json()
    assert again["options"] == want
    rows = {row["id"]: row for row in server.http.get("/api/rulesets").json()}
    assert rows["riichi"]["options_schema"]["properties"]["preset"]["enum"] == [
        "default",
        "tenhou",
        "ema",
        "wrc",
    ]
    # the texts a person reads travel with the schema (issue 17)
    mcr = rows["mcr"]["options_schema"]
    assert mcr["properties"]["seat_change"]["x-values"]["mcr_table"]["ja"]
    assert mcr["properties"]["edition"]["x-title"]["zh"] == "番种版本"
    assert mcr["x-presets"]["botzone"]["options"]["edition"] == "botzone1998"


def test_an_unknown_preset_is_422_naming_the_valid_ones(server: LiveServer) -> None:
    body = {"ruleset": "riichi", "options": {"preset": "mleague"}}
    r = server.http.post("/api/tables", json=body, headers=server.admin)
    assert r.status_code == 422
    message = r.json()["error"]["message"]
    assert message.startswith("options.preset: unknown preset 'mleague'")
    assert "known: default, tenhou, ema, wrc" in message
    r = server.http.post(
        "/api/tables",
        json={"ruleset": "zung_jung", "options": {"preset": "tenhou"}},
        headers=server.admin,
    )
    assert r.status_code == 422 and "known: default)" in r.json()["error"]["message"]
