"""Bots act only on a seat view and always answer with one of its legal actions."""

from __future__ import annotations

from engine.actions import Discard, Pass, SelfDrawWin, Win
from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot
from engine.decide import start, step
from engine.notation import parse_tile
from engine.simulate import acting_seat
from engine.views import view_for
from engine.wall import WallSpec
from tests.engine.conftest import Helpers

T = parse_tile
HANDS = ["123456789m46p11z", "34p67p159m59s3467z", "5511p99p2678m68s5z", "2288p37m67s12345z"]


def test_greedy_takes_a_win(h: Helpers) -> None:
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), HANDS, draws="5p"))
    state, _ = start(table, "g")
    assert GreedyBot(table.rules).act(view_for(state, 0)) == SelfDrawWin(seat=0)


def test_greedy_discards_an_isolated_honor(h: Helpers) -> None:
    hands = ["123456789m46p1z", "34p67p159m59s3467z", "5511p99p2678m68s5z", "2288p37m67s12345z"]
    hands[0] = "123456789m46p12z"
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), hands, draws="5p"))
    state, _ = start(table, "g")
    bot = GreedyBot(table.rules)
    action = bot.act(view_for(state, 0))
    assert isinstance(action, Discard) and action.tile in (T("1z"), T("2z"))


def test_greedy_passes_a_call_that_does_not_help(h: Helpers) -> None:
    # seat 2 holds 55p as its pair in a two-away hand: punging 5p gains nothing
    hands = ["123456789m46p12z", "34p67p159m59s3467z", "55p123s789s2468m7z", "2288p37m67s12345z"]
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), hands, draws="5p"))
    state, _ = start(table, "g")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    view = view_for(state, 2)
    assert any(a.type == "pung" for a in view.legal)
    assert GreedyBot(table.rules).act(view) == Pass(seat=2)


def test_random_bot_is_seeded_and_legal(h: Helpers) -> None:
    table = h.make_table(h.MCR_LIKE, hands=1)
    runs = []
    for _ in range(2):
        state, _ = start(table, "r")
        bots = [RandomBot("r", s) for s in range(4)]
        taken = []
        for _ in range(200):
            seat = acting_seat(state)
            if seat is None:
                break
            view = view_for(state, seat)
            action = bots[seat].act(view)
            assert action in view.legal
            taken.append(action)
            state, _ = step(state, action)
        runs.append(taken)
    assert runs[0] == runs[1]


def test_greedy_answers_a_win_claim(h: Helpers) -> None:
    three = ["1199m1199s234z78p", "123456789m46p11z", "55p66z222333444z", "123456789s46p55z"]
    table = h.make_table(h.PLAIN, wall=h.arrange(WallSpec(), three, draws="5p"))
    state, _ = start(table, "g")
    state, _ = step(state, Discard(seat=0, tile=T("5p")))
    assert GreedyBot(table.rules).act(view_for(state, 1)) == Win(seat=1)
