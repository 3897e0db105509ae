"""The collusion report (issue 23): a planted pair of colluding bots among ten honest ones
in 200 stored riichi matches is ranked first and flagged, no honest pair reaches the
threshold, and the evidence names the moments; the pure signals on hand-written logs."""

from __future__ import annotations

import asyncio
from typing import Any

from server.adapters.sql.store import SqlStore
from server.domain.fairplay.cache import CollusionCache
from server.domain.fairplay.collusion import analyse, match_facts
from server.domain.fairplay.source import collusion_report
from tests.server.adapters.sql.conftest import db_url  # noqa: F401  (fixture)
from tests.server.domain.fairplay.planted import COLLUDERS, MATCHES, planted_store, stored


def test_the_planted_pair_is_flagged_and_no_honest_pair_is() -> None:
    store = planted_store()
    report = asyncio.run(collusion_report(store, "riichi", min_matches=5, threshold=3.0))
    assert report.population.matches == MATCHES
    top = report.pairs[0]
    assert (top.a, top.b) == COLLUDERS
    assert top.flagged and top.score >= 3.0
    assert [(p.a, p.b) for p in report.flagged] == [COLLUDERS]
    honest = report.pairs[1:]
    assert len(honest) > 50  # most of the 66 pairs sat together often enough
    assert max(p.score for p in honest) < 3.0
    # the evidence: the deal-ins between them, each a discard in a stored match
    deal_ins = [m for m in top.moments if m.kind == "deal_in"]
    assert len(deal_ins) >= 20
    assert top.deal_a_into_b + top.deal_b_into_a > 2 * top.deal_expected
    assert top.gross > top.hands * report.population.flow_mean
    m = deal_ins[0]
    assert {m.actor, m.partner} == set(COLLUDERS) and m.points > 0
    log = asyncio.run(store.events.read(m.match_id))
    discard = log[m.seq - 1].event
    assert discard["type"] == "discarded" and discard["tile"] == m.tile
    body = top.json({"p-03": "Three"})
    assert body["names"] == ["Three", "p-08"]
    assert m.match_id in body["evidence"]["match_ids"]


def _log(*events: dict[str, object]) -> list[tuple[int, dict[str, object]]]:
    return list(enumerate(events, start=1))


def _hand(n: int, winner: int, discarder: int, passer: int | None) -> list[dict[str, object]]:
    """A hand where ``passer`` (if any) passes a win on seat 1's discard, then ``winner``
    wins on ``discarder``'s discard of tile 5 for 1000."""
    evs: list[dict[str, object]] = [
        {"type": "hand_started", "hand_number": n, "seating": [0, 1, 2, 3], "label": f"E{n}"}
    ]
    if passer is not None:
        evs += [
            {"type": "discarded", "seat": 1, "tile": 7},
            {
                "type": "claim_window_opened",
                "kind": "discard",
                "seat": 1,
                "tile": 7,
                "options": [
                    [passer, [{"type": "win", "seat": passer}, {"type": "pass", "seat": passer}]]
                ],
            },
            {"type": "answered", "seat": passer, "action": {"type": "pass", "seat": passer}},
        ]
    evs += [
        {"type": "discarded", "seat": discarder, "tile": 5},
        {
            "type": "hand_ended",
            "result": {"wins": [{"seat": winner, "from_seat": discarder, "tile": 5}]},
        },
        {"type": "settled", "payments": [{"payer": discarder, "payee": winner, "amount": 1000}]},
    ]
    return evs


def test_signals_from_a_hand_written_log() -> None:
    seats = ["ann", "bob", "bot:greedy", "cat"]
    events = _hand(0, 3, 1, passer=3) + _hand(1, 1, 0, passer=None)
    facts = match_facts("m1", seats, _log(*events))
    assert facts.players == ("ann", "bob", None, "cat")
    first, second = facts.hands
    assert [(m.actor, m.partner, m.tile, m.points, m.seq) for m in first.deal_ins] == [
        ("bob", "cat", 5, 1000, 5)
    ]
    (offered, frm, passed, moment) = first.offers[0]
    assert (offered, frm, passed, moment.seq, moment.tile) == ("cat", "bob", True, 4, 7)
    assert first.flow == {("bob", "cat"): 1000}
    assert [(m.actor, m.partner) for m in second.deal_ins] == [("ann", "bob")]
    report = analyse([facts], min_matches=1)
    pairs = {(p.a, p.b): p for p in report.pairs}
    assert set(pairs) == {("ann", "bob"), ("ann", "cat"), ("bob", "cat")}  # bots are nobody
    bc = pairs[("bob", "cat")]
    assert (bc.hands, bc.deal_a_into_b, bc.passed, bc.offers, bc.gross, bc.net_a_to_b) == (
        2,
        1,
        1,
        1,
        1000,
        1000,
    )
    assert [m.kind for m in bc.moments] == ["passed_win", "deal_in"]
    assert report.population.deal_in_rate == 2 / (2 * 3 * 3)
    # a minimum number of matches together keeps thin pairs out
    assert analyse([facts], min_matches=2).pairs == []


def test_a_win_taken_is_no_pass_and_self_draws_are_no_deal_in() -> None:
    events: list[dict[str, object]] = [
        {"type": "hand_started", "hand_number": 0, "seating": [0, 1, 2, 3]},
        {"type": "discarded", "seat": 0, "tile": 3},
        {
            "type": "claim_window_opened",
            "seat": 0,
            "tile": 3,
            "options": [[2, [{"type": "win", "seat": 2}, {"type": "pass", "seat": 2}]]],
        },
        {"type": "answered", "seat": 2, "action": {"type": "win", "seat": 2}},
        {"type": "hand_ended", "result": {"wins": [{"seat": 1, "from_seat": None, "tile": 9}]}},
        {
            "type": "settled",
            "payments": [
                {"payer": 0, "payee": 1, "amount": 500},
                {"payer": None, "payee": 1, "amount": 1000},
            ],
        },
    ]
    facts = match_facts("m2", ["a", "b", "c", "d"], _log(*events))
    hand = facts.hands[0]
    assert hand.deal_ins == []
    assert [(o, f, p) for o, f, p, _ in hand.offers] == [("c", "a", False)]
    assert hand.flow == {("a", "b"): 500}  # the table's deposits move between nobody


def test_the_sql_store_gives_the_same_report(db_url: str) -> None:  # noqa: F811
    """The same three matches stored in SQLite or PostgreSQL and in memory: identical
    reports."""
    seats = [COLLUDERS[0], "p-01", COLLUDERS[1], "p-02"]

    async def both() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        sql = await SqlStore.open(db_url)
        try:
            a = await collusion_report(await stored([seats] * 3, sql), "riichi", min_matches=1)
        finally:
            await sql.close()
        b = await collusion_report(await stored([seats] * 3), "riichi", min_matches=1)
        return [p.json() for p in a.pairs], [p.json() for p in b.pairs]

    from_sql, from_memory = asyncio.run(both())
    assert len(from_sql) == 6 and from_sql == from_memory


def test_voided_hands_and_stand_in_seats_count_for_nobody() -> None:
    """A hand voided by a correction is left out; in a hand a stand-in bot played a
    player's place, that place is nobody (the player's figures and pairs leave it out)."""
    seats = ["ann", "bob", "bot:greedy", "cat"]
    events = _hand(0, 3, 1, passer=3) + _hand(1, 1, 0, passer=None) + _hand(2, 3, 1, passer=3)
    facts = match_facts("m1", seats, _log(*events), voided_hands={0}, standins=[[], [], [], [2]])
    assert [h.hand_number for h in facts.hands] == [1, 2]
    second, third = facts.hands
    assert second.players == ("ann", "bob", None, "cat")
    assert third.players == ("ann", "bob", None, None)  # cat's place: a stand-in
    assert [(m.actor, m.partner) for m in third.deal_ins] == [("bob", "")]
    assert [(o, f, p) for o, f, p, _ in third.offers] == [(None, "bob", True)]
    pairs = {(p.a, p.b): p for p in analyse([facts], min_matches=1).pairs}
    bc = pairs[("bob", "cat")]
    assert (bc.hands, bc.deal_a_into_b, bc.passed, bc.offers, bc.gross) == (1, 0, 0, 0, 0)
    assert pairs[("ann", "bob")].hands == 2


def test_the_report_is_kept_until_a_correction() -> None:
    """Each match is read once; the same request reuses the report; voiding a hand makes
    the match read again and the report computed again without it."""

    async def run() -> None:
        seats = [COLLUDERS[0], "p-01", COLLUDERS[1], "p-02"]
        store = await stored([seats] * 3)
        cache = CollusionCache()
        first = await collusion_report(store, "riichi", min_matches=1, cache=cache)
        again = await collusion_report(store, "riichi", min_matches=1, cache=cache)
        assert again is first and cache.reads == 3
        other = await collusion_report(store, "riichi", min_matches=2, cache=cache)
        assert other is not first and cache.reads == 3  # the facts are reused
        hands = sum(p.hands for p in first.pairs)
        assert await store.records.void_last_hand("m001", "ops", "test") is not None
        cache.forget("m001")
        fixed = await collusion_report(store, "riichi", min_matches=1, cache=cache)
        assert fixed is not first and cache.reads == 4
        assert sum(p.hands for p in fixed.pairs) == hands - 6  # one hand of six pairs
        uncached = await collusion_report(store, "riichi", min_matches=1)
        assert [p.json() for p in uncached.pairs] == [p.json() for p in fixed.pairs]
        stale = CollusionCache(ttl=10.0, clock=lambda: clock[0])
        clock = [0.0]
        await collusion_report(store, "riichi", min_matches=1, cache=stale)
        clock[0] = 11.0  # kept longer than the ttl: read again (another instance's edits)
        await collusion_report(store, "riichi", min_matches=1, cache=stale)
        assert stale.reads == 6

    asyncio.run(run())
