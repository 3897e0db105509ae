"""Settlement helpers against the settlement vectors (riichi.md §10.4, §11.1, §12.1, §18
examples 5, 9 and 10) and a few invariants."""

from __future__ import annotations

from typing import Any

import pytest

from engine.state import Payment, apply_payments
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.settlement import (
    RonWinner,
    multi_ron_transfers,
    nagashi_mangan_transfers,
    noten_transfers,
    pao_transfers,
    win_transfers,
)
from tests.rulesets.riichi.vectors import load

VECTORS = load("settlement")


def apply(points: list[int], transfers: list[Payment]) -> tuple[list[int], int]:
    """New scores and the deposits taken from the table, by the engine's one function."""
    scores, pot = apply_payments(points, 0, range(len(points)), transfers)
    return list(scores), -pot


def _transfers(v: dict[str, Any], model: type[RiichiOptions] = RiichiOptions) -> list[Payment]:
    """The payments a vector describes, under ``model`` (riichi's options, or a
    subclass: three-player riichi's)."""
    opts = model.model_validate(v.get("options", {}))
    kind = v["kind"]
    if kind == "win":
        return win_transfers(
            winner=v["winner"],
            dealer=v["dealer"],
            payment=v["payment"],
            discarder=v["discarder"],
            honba=v["honba"],
            deposits=v["deposits"],
            options=opts,
        )
    if kind == "multi_ron":
        winners = [
            RonWinner(w["seat"], w["payment"], w.get("riichi_this_hand", False))
            for w in v["winners"]
        ]
        return multi_ron_transfers(
            discarder=v["discarder"],
            winners=winners,
            honba=v["honba"],
            deposits=v["deposits"],
            options=opts,
        )
    if kind == "pao":
        return pao_transfers(
            winner=v["winner"],
            dealer=v["dealer"],
            liable=v["liable"],
            discarder=v["discarder"],
            liable_multiple=v["liable_multiple"],
            total_multiple=v["total_multiple"],
            honba=v["honba"],
            deposits=v["deposits"],
            options=opts,
        )
    if kind == "noten":
        return noten_transfers(v["tenpai"], opts)
    assert kind == "nagashi"
    return nagashi_mangan_transfers(v["qualifiers"], v["dealer"], opts)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_settlement_vector(vector: dict[str, Any]) -> None:
    transfers = _transfers(vector)
    points, taken = apply(vector["points"], transfers)
    expect = vector["expect"]
    assert points == expect["points"]
    if "deposits_taken" in expect:
        assert taken == expect["deposits_taken"]
    if "winner_receives" in expect:
        assert sum(t.amount for t in transfers if t.payee == vector["winner"]) == expect[
            "winner_receives"
        ]


def test_points_are_conserved_apart_from_deposits() -> None:
    for v in VECTORS:
        points, taken = apply(v["points"], _transfers(v))
        assert sum(points) == sum(v["points"]) + taken


def test_noten_payment_option_scales() -> None:
    opts = RiichiOptions(noten_payment=6000)
    points, _ = apply([0, 0, 0, 0], noten_transfers([True, False, False, False], opts))
    assert points == [6000, -2000, -2000, -2000]


def test_honba_value_option() -> None:
    opts = RiichiOptions(honba_value=1500)
    ts = win_transfers(winner=1, dealer=0, payment={"dealer": 2000, "non_dealer": 1000},
                       discarder=None, honba=1, deposits=0, options=opts)
    assert sorted(t.amount for t in ts if t.reason == "honba") == [500, 500, 500]
