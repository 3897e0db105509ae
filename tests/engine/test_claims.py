"""Claim resolution: win policies and meld priority on a window's collected answers."""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action, Chow, Kong, Pass, Pung, Win
from engine.claims import granted_call, turn_order_from, winners
from engine.state import ClaimWindow
from engine.table_rules import Abort, MultiWin, TableRules


def window(*answers: Action) -> ClaimWindow:
    return ClaimWindow(
        kind="discard",
        seat=2,
        tile=5,
        options=tuple((a.seat, (a,)) for a in answers),
        answers=tuple((a.seat, a) for a in answers),
    )


def test_turn_order_from_the_discarder() -> None:
    assert turn_order_from(2) == (3, 0, 1)


def test_win_policies() -> None:
    three = window(Win(seat=1), Win(seat=0), Win(seat=3))
    rules = TableRules()
    assert winners(rules, three) == ([3], False)
    assert winners(replace(rules, multi_win=MultiWin.DOUBLE), three) == ([3, 0], False)
    aborting = replace(rules, multi_win=MultiWin.DOUBLE, aborts=frozenset({Abort.TRIPLE_RON}))
    assert winners(aborting, three) == ([], True)
    assert winners(replace(rules, multi_win=MultiWin.TRIPLE), three) == ([3, 0, 1], False)
    assert winners(rules, window(Pass(seat=3), Pung(seat=0, tiles=(5, 5)))) == ([], False)


def test_meld_priority() -> None:
    chow = Chow(seat=3, tiles=(3, 4))
    assert granted_call(window(chow, Pung(seat=0, tiles=(5, 5)))) == Pung(seat=0, tiles=(5, 5))
    assert granted_call(window(chow, Kong(seat=1))) == Kong(seat=1)
    assert granted_call(window(chow, Pass(seat=0))) == chow
    assert granted_call(window(Pass(seat=3))) is None
