"""What anyone may know about a table: the seats, and the seed only once it is over and
not sealed."""

from __future__ import annotations

from server.domain.tables.public import table_public
from tests.server.domain.tables.parts import session


def test_seats_are_open_bots_or_players() -> None:
    s = session(["p-a", "bot:greedy", "open", "bot:mjai:someone"])
    public = table_public(s.record, {0: "Ann"}, connected=[0], standins=[])
    assert [(x["kind"], x["name"], x["connected"]) for x in public["seats"]] == [
        ("player", "Ann", True),
        ("bot", "bot:greedy", True),
        ("open", "", False),
        ("bot", "bot:mjai:someone", True),
    ]


def test_the_seed_is_shown_only_when_the_match_is_over_and_unsealed() -> None:
    r = session().record
    r.seed = "s"
    r.status = "playing"
    assert table_public(r, {})["seed"] is None
    r.status = "finished"
    assert table_public(r, {})["seed"] == "s"
    r.sealed_by = "tournament/1"
    shown = table_public(r, {})
    assert shown["seed"] is None and shown["sealed"] is True
