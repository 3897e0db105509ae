"""Basic points and payments against the payment tables of riichi.md §10.3 and the limit
table of §10.1."""

from __future__ import annotations

import pytest

from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.points import base_points, payment, received

FUS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
# §10.3, rows by fu, columns 1..4 han; None = "—"
NON_DEALER_RON: list[list[int | None]] = [
    [None, None, None, None], [None, 1600, 3200, 6400], [1000, 2000, 3900, 7700],
    [1300, 2600, 5200, 8000], [1600, 3200, 6400, 8000], [2000, 3900, 7700, 8000],
    [2300, 4500, 8000, 8000], [2600, 5200, 8000, 8000], [2900, 5800, 8000, 8000],
    [3200, 6400, 8000, 8000], [3600, 7100, 8000, 8000],
]
NON_DEALER_TSUMO: list[list[tuple[int, int] | None]] = [
    [None, (400, 700), (700, 1300), (1300, 2600)], [None, None, (800, 1600), (1600, 3200)],
    [(300, 500), (500, 1000), (1000, 2000), (2000, 3900)],
    [(400, 700), (700, 1300), (1300, 2600), (2000, 4000)],
    [(400, 800), (800, 1600), (1600, 3200), (2000, 4000)],
    [(500, 1000), (1000, 2000), (2000, 3900), (2000, 4000)],
    [(600, 1200), (1200, 2300), (2000, 4000), (2000, 4000)],
    [(700, 1300), (1300, 2600), (2000, 4000), (2000, 4000)],
    [(800, 1500), (1500, 2900), (2000, 4000), (2000, 4000)],
    [(800, 1600), (1600, 3200), (2000, 4000), (2000, 4000)],
    [(900, 1800), (1800, 3600), (2000, 4000), (2000, 4000)],
]
DEALER_RON: list[list[int | None]] = [
    [None, None, None, None], [None, 2400, 4800, 9600], [1500, 2900, 5800, 11600],
    [2000, 3900, 7700, 12000], [2400, 4800, 9600, 12000], [2900, 5800, 11600, 12000],
    [3400, 6800, 12000, 12000], [3900, 7700, 12000, 12000], [4400, 8700, 12000, 12000],
    [4800, 9600, 12000, 12000], [5300, 10600, 12000, 12000],
]
DEALER_TSUMO: list[list[int | None]] = [
    [None, 700, 1300, 2600], [None, None, 1600, 3200], [500, 1000, 2000, 3900],
    [700, 1300, 2600, 4000], [800, 1600, 3200, 4000], [1000, 2000, 3900, 4000],
    [1200, 2300, 4000, 4000], [1300, 2600, 4000, 4000], [1500, 2900, 4000, 4000],
    [1600, 3200, 4000, 4000], [1800, 3600, 4000, 4000],
]
OPTS = RiichiOptions()


def _cells() -> list[tuple[int, int]]:
    return [(fu, han) for fu in FUS for han in range(1, 5)]


@pytest.mark.parametrize(("fu", "han"), _cells())
def test_payment_tables(fu: int, han: int) -> None:
    row, col = FUS.index(fu), han - 1
    base, _limit = base_points(han, fu, 0, OPTS)
    if NON_DEALER_RON[row][col] is not None:
        assert payment(base, False, False)[0] == {"ron": NON_DEALER_RON[row][col]}
    if DEALER_RON[row][col] is not None:
        assert payment(base, True, False)[0] == {"ron": DEALER_RON[row][col]}
    tsumo = NON_DEALER_TSUMO[row][col]
    if tsumo is not None:
        assert payment(base, False, True)[0] == {"dealer": tsumo[1], "non_dealer": tsumo[0]}
    if DEALER_TSUMO[row][col] is not None:
        assert payment(base, True, True)[0] == {"non_dealer": DEALER_TSUMO[row][col]}
    for dealer in (False, True):
        for tsumo_win in (False, True):
            assert payment(base, dealer, tsumo_win)[1] == received(base, dealer, tsumo_win)


@pytest.mark.parametrize(
    ("han", "limit", "ron", "tsumo"),
    [
        (5, "mangan", 8000, (2000, 4000)),
        (6, "haneman", 12000, (3000, 6000)),
        (7, "haneman", 12000, (3000, 6000)),
        (8, "baiman", 16000, (4000, 8000)),
        (10, "baiman", 16000, (4000, 8000)),
        (11, "sanbaiman", 24000, (6000, 12000)),
        (12, "sanbaiman", 24000, (6000, 12000)),
        (13, "yakuman", 32000, (8000, 16000)),
        (20, "yakuman", 32000, (8000, 16000)),
    ],
)
def test_limits(han: int, limit: str, ron: int, tsumo: tuple[int, int]) -> None:
    base, got = base_points(han, 30, 0, OPTS)
    assert got == limit
    assert payment(base, False, False)[0] == {"ron": ron}
    assert payment(base, False, True)[0] == {"dealer": tsumo[1], "non_dealer": tsumo[0]}
    assert payment(base, True, False)[0] == {"ron": ron * 3 // 2}


def test_mangan_below_five_han() -> None:
    assert base_points(3, 70, 0, OPTS) == (2000, "mangan")
    assert base_points(4, 40, 0, OPTS) == (2000, "mangan")
    assert base_points(3, 60, 0, OPTS) == (1920, None)


def test_kiriage() -> None:
    kiriage = RiichiOptions(kiriage_mangan=True)
    assert base_points(4, 30, 0, kiriage) == (2000, "mangan")
    assert base_points(3, 60, 0, kiriage) == (2000, "mangan")
    assert base_points(3, 50, 0, kiriage) == (1600, None)


def test_kazoe_option() -> None:
    assert base_points(13, 30, 0, RiichiOptions(kazoe="sanbaiman")) == (6000, "sanbaiman")


def test_yakuman_multiples() -> None:
    assert base_points(0, 0, 2, OPTS) == (16000, "yakuman")
    assert payment(16000, False, False)[0] == {"ron": 64000}
    assert payment(8000 * 3, True, True) == ({"non_dealer": 48000}, 144000)
