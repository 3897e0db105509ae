"""The payment vectors: tests/vectors/payments.jsonl. Each line is a winning hand in
hand-jsonl (tile notation) with the winner's ``seat`` (the dealer is seat 0, so its
``seat_wind`` is seat + 1), ``from_seat`` (the discarder or the robbed kong's maker; null
for a self-draw), ``robbed_kong``, ``meld_from`` (the seat each meld was claimed from, in
the order they were made), ``options``, ``expected`` (``faan`` and ``payments`` as
[payer, payee, amount, reason]) and ``source`` (docs/rules.md and the published source).
The hand is scored and settled as the table does: a ``HandResult`` through ``settle``.
"""

from __future__ import annotations

from typing import Any

import pytest
from jantaku_hong_kong import RULESET
from jantaku_hong_kong.settlement import HALF_SPICY, base_points
from test_hk_vectors import load

from engine.context import WinContext
from engine.decide import start
from engine.ruleset import parse_options, table_for
from engine.state import HandResult, MeldRecord, WinRecord

PAYMENT_VECTORS = load("payments.jsonl")
META = ("id", "seat", "from_seat", "robbed_kong", "meld_from", "options", "expected", "source")
MATCH = start(table_for(RULESET), "hk-settle")[0]  # settle reads no match state

# [Y]'s payment table: faan -> (discard, self-draw), in its own unit
YAHOO = {
    3: (160, 240), 4: (320, 480), 5: (480, 720), 6: (640, 960), 7: (960, 1440),
    8: (1280, 1920), 9: (1920, 2880), 10: (2560, 3840), 11: (3840, 5760),
    12: (5120, 7680), 13: (7680, 11520),
}  # fmt: skip


def result_of(obj: dict[str, Any]) -> HandResult:
    ctx = WinContext.from_json({k: v for k, v in obj.items() if k not in META})
    options = parse_options(RULESET, obj.get("options"))
    score = RULESET.score(ctx, options)
    assert score.legal, (obj["id"], score)
    seat = obj["seat"]
    froms = obj["meld_from"]
    records = tuple(MeldRecord(m, s) for m, s in zip(ctx.melds, froms, strict=True))
    win = WinRecord(
        seat=seat,
        from_seat=obj["from_seat"],
        tile=ctx.win_tile,
        robbed_kong=obj.get("robbed_kong", False),
        score=score,
        context=ctx,
        hand=ctx.concealed,
    )
    melds: list[tuple[MeldRecord, ...]] = [() for _ in range(4)]
    melds[seat] = records
    return HandResult(
        hand_number=0, dealer=0, round_wind=ctx.round_wind, honba=0, seating=(0, 1, 2, 3),
        outcome="win", wins=(win,), melds=tuple(melds),
    )  # fmt: skip


@pytest.mark.parametrize(("where", "obj"), PAYMENT_VECTORS, ids=[w for w, _ in PAYMENT_VECTORS])
def test_payment_vector(where: str, obj: dict[str, Any]) -> None:
    assert obj.get("source"), f"{where}: every vector cites its source"
    result = result_of(obj)
    assert result.wins[0].score.total == obj["expected"]["faan"], where
    options = parse_options(RULESET, obj.get("options"))
    paid = RULESET.match_rules(options).settle(result, MATCH)
    got = sorted([p.payer, p.payee, p.amount, p.reason] for p in paid)
    assert got == sorted(obj["expected"]["payments"]), f"{where} {obj['id']}"


def test_half_spicy_is_the_published_table() -> None:
    """§3/§4: [Y]'s discard and self-draw columns are 5 × our 4B and 6B (full shot)."""
    options = parse_options(RULESET, {})
    for faan, (discard, self_draw) in YAHOO.items():
        b = base_points(faan, options)
        assert b == HALF_SPICY[faan]
        assert (5 * 4 * b, 5 * 6 * b) == (discard, self_draw), faan


def test_every_payment_case_has_a_vector() -> None:
    reasons = {p[3] for _, obj in PAYMENT_VECTORS for p in obj["expected"]["payments"]}
    assert reasons == {
        "self_draw", "discard", "bao_robbed_kong", "bao_twelve_tiles", "bao_kong",
        "bao_big_three_dragons", "bao_big_four_winds",
    }  # fmt: skip
    options = [obj["options"] for _, obj in PAYMENT_VECTORS]
    assert any(o.get("discard_payment") == "half_shot" for o in options)
    assert any(o.get("payment_table") == "spicy" for o in options)
    assert any(o.get("bao") is False for o in options)


def test_a_draw_pays_nothing() -> None:
    result = HandResult(
        hand_number=0, dealer=0, round_wind=1, honba=0, seating=(0, 1, 2, 3),
        outcome="exhaustive_draw",
    )  # fmt: skip
    assert RULESET.match_rules(parse_options(RULESET, {})).settle(result, MATCH) == ()
