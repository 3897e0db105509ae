"""Payments (zung-jung.md §8): formal payoff with par, responsibility and same-turn
immunity (§11 H), the uniform payoff, robbed kongs, draws."""

from __future__ import annotations

import pytest

from engine.context import WinContext
from engine.decide import start
from engine.match import net
from engine.notation import parse_tile
from engine.ruleset import table_for
from engine.scoring import Score
from engine.state import HandResult, WinRecord
from rulesets.zung_jung import RULESET
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.settlement import responsible_seat, settle, settle_win

# Zung Jung settles a hand from its result alone (settle reads no match state).
_MATCH = start(table_for(RULESET), "zj-settle")[0]

E, S, W, N = range(4)
T = parse_tile


def _result(
    winner: int,
    value: int,
    from_seat: int | None,
    tile: str,
    discards: list[tuple[int, str]],
    robbed: bool = False,
) -> HandResult:
    tile_ = T(tile)
    ctx = WinContext(concealed=(), win_tile=tile_)
    win = WinRecord(
        seat=winner,
        from_seat=from_seat,
        tile=tile_,
        robbed_kong=robbed,
        score=Score(ruleset="zung_jung", total=value, legal=True),
        context=ctx,
        hand=(),
    )
    return HandResult(
        hand_number=0,
        dealer=E,
        round_wind=1,
        honba=0,
        seating=(0, 1, 2, 3),
        outcome="win",
        wins=(win,),
        discards=tuple((s, T(t)) for s, t in discards),
    )


def _by_seat(result: HandResult, options: Options | None = None) -> list[int]:
    return net(settle(result, _MATCH, options or Options()))


def test_example_h_north_responsible_east_immune() -> None:
    log = [(E, "1m"), (S, "9p"), (W, "2s"), (N, "6p"), (E, "6p")]
    r = _result(W, 60, E, "6p", log)
    assert responsible_seat(r.discards, W, T("6p")) == N
    assert _by_seat(r) == [-25, -25, 180, -130]


def test_example_h_own_discard_nobody_responsible() -> None:
    log = [(E, "1m"), (S, "9p"), (W, "6p"), (N, "6p"), (E, "6p")]
    r = _result(W, 60, E, "6p", log)
    assert responsible_seat(r.discards, W, T("6p")) is None
    assert _by_seat(r) == [-60, -60, 180, -60]


def test_earlier_rounds_do_not_count() -> None:
    """Only discards since the winner's own last discard matter."""
    log = [(N, "6p"), (E, "3s"), (S, "1z"), (W, "2s"), (N, "5m"), (E, "6p")]
    r = _result(W, 60, E, "6p", log)
    assert responsible_seat(r.discards, W, T("6p")) == E
    assert _by_seat(r) == [-130, -25, 180, -25]


def test_winner_without_a_discard_yet() -> None:
    log = [(E, "6p")]
    assert responsible_seat(tuple((s, T(t)) for s, t in log), S, T("6p")) == E


@pytest.mark.parametrize(("value", "discarder_pays"), [(1, 1), (25, 25), (26, 28), (90, 220)])
def test_par_threshold(value: int, discarder_pays: int) -> None:
    r = _result(S, value, E, "5s", [(E, "5s")])
    paid = _by_seat(r)
    assert paid[E] == -discarder_pays
    assert paid[S] == 3 * value
    assert sum(paid) == 0


def test_example_c_and_e() -> None:
    assert _by_seat(_result(N, 90, W, "9p", [(W, "9p")])) == [-25, -25, -220, 270]
    assert _by_seat(_result(N, 400, W, "5z", [(W, "5z")])) == [-25, -25, -1150, 1200]


def test_self_draw_everyone_pays_value() -> None:
    r = _result(S, 320, None, "9s", [(E, "1m")])
    assert _by_seat(r) == [-320, 960, -320, -320]


def test_robbed_kong_declarer_responsible() -> None:
    """§12 Q12: the player who added the tile pays as the discarder, even if an earlier
    discard of that kind went by."""
    r = _result(N, 100, S, "7m", [(N, "1z"), (E, "7m"), (S, "2m")], robbed=True)
    assert _by_seat(r) == [-25, -250, -25, 300]


def test_uniform_payoff() -> None:
    r = _result(N, 100, S, "7m", [(S, "7m")])
    assert _by_seat(r, Options(payoff="uniform")) == [-100, -100, -100, 300]


def test_par_option() -> None:
    r = _result(N, 28, S, "7m", [(S, "7m")])
    assert _by_seat(r, Options(par=30)) == [-28, -28, -28, 84]
    assert _by_seat(r, Options(par=25)) == [-25, -34, -25, 84]


def test_draw_pays_nothing() -> None:
    draw = HandResult(
        hand_number=0, dealer=E, round_wind=1, honba=0, seating=(0, 1, 2, 3),
        outcome="exhaustive_draw",
    )  # fmt: skip
    assert settle(draw, _MATCH, Options()) == ()


def test_settle_win_reasons() -> None:
    pays = settle_win(W, 60, "discard", N, Options())
    assert {(p.payer, p.amount, p.reason) for p in pays} == {
        (N, 130, "responsible"),
        (E, 25, "par"),
        (S, 25, "par"),
    }
    with pytest.raises(ValueError):
        settle_win(W, 60, "discard", W, Options())
