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
