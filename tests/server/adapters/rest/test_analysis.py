"""POST /api/analysis/discards: the review's discard hints over REST."""

from __future__ import annotations

from engine.notation import parse_tiles
from tests.server.conftest import LiveServer


def test_discard_hints(server: LiveServer) -> None:
    hand = parse_tiles("123m456p789s1122z5m")
    r = server.http.post("/api/analysis/discards", json={"ruleset": "riichi", "hand": hand})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["best_shanten"] == 0
    best = body["options"][0]
    assert best == {
        "tile": 4,
        "shanten": 0,
        "ukeire": 4,
        "improving": [{"tile": 27, "left": 2}, {"tile": 28, "left": 2}],
    }
    seen = parse_tiles("1z")
    r = server.http.post(
        "/api/analysis/discards", json={"ruleset": "mcr", "hand": hand, "seen": seen}
    )
    assert r.json()["options"][0]["ukeire"] == 3


def test_bad_input_is_refused_precisely(server: LiveServer) -> None:
    cases = [
        ({"ruleset": "nope", "hand": [0, 0]}, "ruleset"),
        ({"ruleset": "mcr", "hand": [0, 1, 2]}, "hand"),
        ({"ruleset": "mcr", "hand": [99, 1]}, "hand"),
        ({"ruleset": "mcr", "hand": [0] * 5 + [1] * 9}, "four of a kind"),
    ]
    for body, where in cases:
        r = server.http.post("/api/analysis/discards", json=body)
        assert r.status_code == 422, (body, r.text)
        assert where in r.json()["error"]["message"], r.text


def test_no_hints_for_a_player_at_an_assist_off_table(server: LiveServer) -> None:
    """Assist off (issue 23): while the table runs, its hands get no hints and neither does
    a player sitting there; the welcome frame and the table's public record say so."""
    hand = parse_tiles("123m456p789s1122z5m")
    query = {"ruleset": "riichi", "hand": hand}
    pid, token = server.player("strict")
    me = {"Authorization": f"Bearer {token}"}
    strict = server.table([pid, "bot:greedy", "bot:greedy", "bot:greedy"], assist=False)
    tid = strict["table_id"]
    assert strict["assist"] is False and strict["status"] == "playing"
    assert server.http.get(f"/api/tables/{tid}").json()["assist"] is False
    sock = server.ws(tid, token)
    welcome = sock.until_type("welcome")
    assert welcome["assist"] is False
    sock.close()

    r = server.http.post("/api/analysis/discards", json=query, headers=me)
    assert r.status_code == 403, r.text
    assert r.json()["error"]["code"] == "assist_disabled"
    r = server.http.post("/api/analysis/discards", json=query | {"table_id": tid})
    assert r.status_code == 403 and r.json()["error"]["code"] == "assist_disabled", r.text
    # nobody else is bound: an anonymous query, or another player's
    assert server.http.post("/api/analysis/discards", json=query).status_code == 200
    _, other = server.player("free")
    r = server.http.post(
        "/api/analysis/discards", json=query, headers={"Authorization": f"Bearer {other}"}
    )
    assert r.status_code == 200, r.text
    r = server.http.post(
        "/api/analysis/discards", json=query, headers={"Authorization": "Bearer nope"}
    )
    assert r.status_code == 401, r.text
    # a casual table keeps them (the default)
    pid2, token2 = server.player("casual")
    casual = server.table([pid2, "bot:greedy", "bot:greedy", "bot:greedy"])
    assert casual["assist"] is True
    r = server.http.post(
        "/api/analysis/discards",
        json=query | {"table_id": casual["table_id"]},
        headers={"Authorization": f"Bearer {token2}"},
    )
    assert r.status_code == 200, r.text
    # once the strict table is over, its review gets its hints
    r = server.http.post(f"/api/admin/tables/{tid}/abort", headers=server.admin)
    assert r.status_code in (200, 204), r.text
    r = server.http.post("/api/analysis/discards", json=query | {"table_id": tid}, headers=me)
    assert r.status_code == 200, r.text
