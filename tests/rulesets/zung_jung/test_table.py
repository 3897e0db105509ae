"""Zung Jung at the table: the TableRuleset contract, table rules, and whole 16-hand
matches through engine.simulate with greedy bots (scores conserved, every settlement path
of zung-jung.md §8 seen across seeds)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.actions import Action, Discard, Pass, SelfDrawWin, Win
from engine.bots.greedy import GreedyBot
from engine.decide import start
from engine.rng import SeededStream
from engine.ruleset import TableRuleset, table_for
from engine.shapes import shanten
from engine.simulate import greedy_bots, play_match
from engine.state import HandResult, Table
from engine.table_rules import MultiWin, Replacement, WinFloor
from engine.tiles import counts_of, kind_of
from engine.views import TableView
from rulesets.zung_jung import RULESET
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.settlement import responsible_seat, settle

# Zung Jung settles a hand from its result alone (settle reads no match state).
_MATCH = start(table_for(RULESET), "zj-settle")[0]


class HesitantBot:
    """Greedy, but (seeded) lets a winning discard go by one time in three, throws back a
    self-drawn winning tile one time in three, and discards the tile the previous player
    just threw when that costs no progress. These make the §8.2 paths happen: a later
    discard of the passed kind is won on (the first discarder is responsible, the later
    one immune), or the winner's own discard came first (nobody responsible)."""

    def __init__(self, tbl: Table, seed: str, seat: int) -> None:
        self._rules = tbl.rules
        self._greedy = GreedyBot(tbl.rules)
        self._rng = SeededStream(f"{seed}/hesitant/{seat}".encode())

    def act(self, view: TableView) -> Action:
        me = view.viewer
        assert me is not None and view.hand is not None
        if any(isinstance(a, Win) for a in view.legal) and self._rng.below(3) == 0:
            return Pass(seat=me)
        drawn = view.hand.drawn
        if any(isinstance(a, SelfDrawWin) for a in view.legal) and self._rng.below(3) == 0:
            for a in view.legal:
                if isinstance(a, Discard) and a.tile == drawn:
                    return a  # still waiting on that kind: its own discard comes first
        action = self._greedy.act(view)
        if isinstance(action, Discard):
            prev = view.hand.seats[(me - 1) % 4].discards
            if prev:
                return self._follow(view, action, kind_of(prev[-1].tile))
        return action

    def _follow(self, view: TableView, chosen: Discard, kind: int) -> Action:
        assert view.hand is not None and view.viewer is not None
        seat = view.hand.seats[view.viewer]
        counts = counts_of(seat.hand or ())

        def after(tile: int) -> int:
            c = list(counts)
            c[kind_of(tile)] -= 1
            r = self._rules
            return shanten(c, len(seat.melds), n_sets=r.n_sets, rules=r.shape_rules)

        for a in view.legal:
            if (
                isinstance(a, Discard)
                and kind_of(a.tile) == kind
                and after(a.tile) <= after(chosen.tile)
            ):
                return a
        return chosen


def hesitant_bots(tbl: Table, seed: str, seat: int) -> HesitantBot:
    return HesitantBot(tbl, seed, seat)


def paths_of(result: HandResult, options: Options) -> set[str]:
    """Which settlement paths of §8 a finished hand took."""
    if result.outcome != "win":
        assert settle(result, _MATCH, options) == ()
        return {"draw"}
    out = set()
    for w in result.wins:
        if w.from_seat is None:
            out.add("self_draw")
            continue
        if w.robbed_kong:
            out.add("robbed_kong")
            continue
        resp = responsible_seat(result.discards, w.seat, kind_of(w.tile))
        if resp is None:
            out.add("nobody_responsible")
        elif resp != w.from_seat:
            out.add("immune_discarder")
        out.add("discard_over_par" if w.score.total > options.par else "discard_up_to_par")
    return out


def test_contract() -> None:
    assert isinstance(RULESET, TableRuleset)
    assert (RULESET.id, RULESET.version) == ("zung_jung", "1.0.0")
    assert (RULESET.names.en, RULESET.names.zh, RULESET.names.ja) == (
        "Zung Jung",
        "中庸麻雀",
        "中庸麻雀",
    )
    assert RULESET.hand_tiles(Options()) == 14


def test_table_rules() -> None:
    rules = RULESET.table_rules(Options())
    assert rules.multi_win is MultiWin.HEAD_BUMP
    assert rules.replacement is Replacement.LIVE_TAIL
    assert rules.wall.dead_wall == 14 and not rules.wall.flowers
    assert rules.rob_added_kong and not rules.rob_concealed_kong_thirteen_orphans
    assert not rules.furiten and rules.riichi is None and not rules.aborts
    assert rules.shape_rules.seven_pairs_four_as_two and rules.shape_rules.thirteen_orphans
    assert not rules.shape_rules.honors_and_knitted and not rules.shape_rules.knitted_straight
    bonus = RULESET.table_rules(Options(bonus_tiles="full", dead_wall_size=0))
    assert bonus.wall.flowers and bonus.wall.dead_wall == 0
    assert rules.win_floor is WinFloor.NONE  # §4: no minimum, unless the option sets one
    assert RULESET.table_rules(Options(minimum_points=5)).win_floor is WinFloor.POINTS


def test_match_rules_deal_passes_every_hand() -> None:
    m = RULESET.match_rules(Options())
    assert m.start_scores() == (0, 0, 0, 0)
    assert m.first_hand().dealer == 0
    assert RULESET.match_rules(Options(start_score=100)).start_scores() == (100,) * 4


@pytest.mark.parametrize("hands", [4, 8, 16])
def test_full_matches(hands: int) -> None:
    tbl = table_for(RULESET, {"hands_per_game": hands})
    rec = play_match(tbl, f"zj-length-{hands}", greedy_bots, check=True, keep_events=False)
    assert rec.state.over and rec.stats.hands == hands
    assert sum(rec.state.scores) == 0
    # §2: the deal passes after every hand, won or drawn; no seat changes
    assert [r.dealer for r in rec.state.results] == [h % 4 for h in range(hands)]
    assert all(r.seating == (0, 1, 2, 3) for r in rec.state.results)
    ranks = {s.player: s.rank for s in rec.state.standings}
    for s in rec.state.standings:
        assert s.points == s.score
        assert s.rank == 1 + sum(1 for o in rec.state.standings if o.score > s.score)
    assert sorted(ranks) == [0, 1, 2, 3]


N_PATH_MATCHES = 24


def test_every_settlement_path_occurs_and_scores_are_conserved() -> None:
    """16-hand matches over several seeds; greedy bots, half of the matches with bots
    that sometimes let a win go by."""
    options = Options()
    tbl = table_for(RULESET)
    seen: Counter[str] = Counter()
    for i in range(N_PATH_MATCHES):
        bots = greedy_bots if i % 4 == 0 else hesitant_bots
        rec = play_match(tbl, f"zj-paths-{i}", bots, check=i < 2, keep_events=False)
        assert rec.state.over and rec.stats.hands == 16
        assert sum(rec.state.scores) == 0
        for r in rec.state.results:
            paid = settle(r, rec.state, options)
            got = sum(p.amount for p in paid)
            if r.outcome == "win":
                assert got == 3 * r.wins[0].score.total  # §8.1: the winner gets 3V
                assert len(r.wins) == 1  # single winner
            seen.update(paths_of(r, options))
    for path in (
        "self_draw",
        "discard_up_to_par",
        "discard_over_par",
        "immune_discarder",
        "nobody_responsible",
        "draw",
    ):
        assert seen[path] > 0, (path, seen)


def test_options_reach_the_table() -> None:
    tbl = table_for(RULESET, {"payoff": "uniform", "hands_per_game": 4})
    rec = play_match(tbl, "zj-uniform", greedy_bots, keep_events=False)
    for r in rec.state.results:
        for w in r.wins:
            paid = settle(r, rec.state, Options(payoff="uniform"))
            assert {p.amount for p in paid} == {w.score.total}


@pytest.mark.parametrize(
    "opts",
    [
        {"bonus_tiles": "full", "dead_wall_size": 16},
        {"bonus_tiles": "half", "dead_wall_size": 0},
        {"minimum_points": 5, "payoff": "uniform"},
    ],
)
def test_option_variants_play(opts: dict[str, object]) -> None:
    options = Options.model_validate({**opts, "hands_per_game": 4})
    tbl = table_for(RULESET, options.model_dump())
    for i in range(2):
        rec = play_match(tbl, f"zj-variant-{i}", greedy_bots, check=True, keep_events=False)
        assert rec.state.over and rec.stats.hands == 4
        assert sum(rec.state.scores) == 0
        for r in rec.state.results:
            for w in r.wins:
                assert w.score.total >= options.minimum_points
                if options.bonus_tiles != "off" and w.context.flowers:
                    # the table names the bonus tiles: each scores as seat or other (§9.3)
                    counts = {p.id: p.count for p in w.score.patterns}
                    bonus = counts.get("seat_bonus_tile", 0) + counts.get("other_bonus_tile", 0)
                    assert bonus == w.context.flowers == len(w.context.extra["bonus_tiles"])
