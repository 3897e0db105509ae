"""Three Kingdoms at the table (§3, §4, §7, §8, §9): the TableRules, and whole simulated
16-hand matches with greedy bots — tiles and scores conserved, the dead wall fixed,
riichi deposits carried over draws and paid out, the riichi deal-in rule."""

from __future__ import annotations

from engine.bots.greedy import GreedyBot
from engine.decide import start, step
from engine.events import HandEnded, Settled
from engine.legal import riichi_discard_tiles
from engine.notation import parse_tile, parse_tiles
from engine.ruleset import table_for
from engine.simulate import acting_seat, greedy_bots, play_match
from engine.state import DiscardRecord, MatchState, Phase, SeatState
from engine.table_rules import FuritenRules, KanDoraTiming, Replacement, RiichiAnkan, WinFloor
from engine.views import view_for
from engine.wall import Wall
from engine.wins import is_furiten
from rulesets.three_kingdoms import RULESET, Options
from rulesets.three_kingdoms.options import RIICHI_DEPOSIT
from rulesets.three_kingdoms.table import table_rules

LIVE_TILES = 136 - 14


def test_table_rules() -> None:
    rules = table_rules(Options())
    assert rules.hand_size == 16 and rules.n_sets == 5
    assert not rules.wall.flowers and rules.wall.total_tiles == 136
    assert rules.wall.dead_wall == 14 and not rules.wall.replenish_dead_wall
    assert len(rules.wall.replacement_positions) == 4 and rules.max_kongs == 4
    assert len(rules.wall.dora_positions) == 5 and rules.kan_dora is not None
    assert rules.replacement is Replacement.DEAD_WALL
    assert rules.kan_dora.timing is KanDoraTiming.IMMEDIATE
    assert rules.riichi is not None and rules.riichi.deposit == RIICHI_DEPOSIT
    assert rules.riichi.min_points is None and rules.riichi.min_live_wall == 4
    assert rules.riichi.ankan is RiichiAnkan.NO_SHAPE_CHANGE
    assert not rules.riichi.ippatsu and not rules.riichi.double_riichi
    assert rules.aborts == frozenset() and RULESET.tenpai_at_draw(Options()) is None  # §1
    assert rules.win_floor is WinFloor.NONE  # §5.2: riichi and dora count toward the 8
    assert rules.furiten is not None and rules.furiten.riichi_only
    assert rules.concealed_kong_face_down
    assert rules.shape_rules.seven_pairs and rules.shape_rules.thirteen_orphans
    assert rules.shape_rules.honors_and_knitted and rules.shape_rules.knitted_straight


def test_table_rules_follow_the_options() -> None:
    rules = table_rules(
        Options(
            kan_dora_timing="after_discard",
            riichi_concealed_kong="no_wait_change",
            riichi_min_live_wall=8,
            concealed_kong_display="shown",
        )
    )
    assert rules.kan_dora is not None and rules.kan_dora.timing is KanDoraTiming.AFTER_DISCARD
    assert rules.riichi is not None and rules.riichi.ankan is RiichiAnkan.NO_WAIT_CHANGE
    assert rules.riichi.min_live_wall == 8
    assert not rules.concealed_kong_face_down
    assert table_rules(Options()).furiten == FuritenRules(riichi_only=True)
    literal = FuritenRules(riichi_only=True, per_tile=True)
    assert table_rules(Options(riichi_furiten="literal")).furiten == literal


def test_dead_wall_layout() -> None:
    # §3: every position of the 14-tile dead wall has one role; the dora indicator is the
    # top of the third stack from the far end, ura indicators lie under the indicators
    spec = table_rules(Options()).wall
    roles = [*spec.replacement_positions, *spec.dora_positions, *spec.ura_positions]
    assert sorted(roles) == list(range(14))
    assert spec.dora_positions[0] == 14 - 2 * 3
    assert all(u == d + 1 for d, u in zip(spec.dora_positions, spec.ura_positions, strict=True))
    wall = Wall.build(spec, "seed", 0)
    # replacements never shorten the live wall
    assert wall.live_end(Replacement.DEAD_WALL, 4) == LIVE_TILES


def _play(table_options: dict[str, object], seed: str) -> list[MatchState]:
    """Every state of one greedy match (for invariants a finished record does not show)."""
    table = table_for(RULESET, table_options)
    bots = [GreedyBot(table.rules) for _ in range(4)]
    state, _ = start(table, seed)
    states = [state]
    while not state.over:
        seat = acting_seat(state)
        assert seat is not None
        state, _ = step(state, bots[seat].act(view_for(state, seat)))
        states.append(state)
    return states


def test_deal_dead_wall_and_kong_limit_during_a_match() -> None:
    states = _play({}, "tk-0")
    dealt = False
    for state in states:
        hand = state.hand
        if hand is None:
            continue
        assert hand.live_end() == LIVE_TILES  # §3: the last live tile is fixed
        assert len(hand.kongs) <= 4  # §3: no fifth kong
        assert hand.dora_revealed <= 1 + len(hand.kongs)  # one kan-dora per kong
        if hand.phase is Phase.TURN and hand.dealing and not dealt and hand.front == 65:
            # §3: 16 tiles each, four at a time; the dealer's first draw makes 17
            sizes = [len(s.hand) for s in hand.seats]
            assert sizes[hand.dealer] == 17 and sorted(sizes) == [16, 16, 16, 17]
            assert hand.remaining() == LIVE_TILES - 65
            dealt = True
    assert dealt


def test_full_matches_conserve_tiles_scores_and_deposits() -> None:
    table = table_for(RULESET, {})
    carried = riichi_rons = 0
    for seed in ("tk-0", "tk-2", "tk-4"):
        record = play_match(table, seed, greedy_bots, check=True)  # tiles, scores + pot
        state = record.state
        assert state.over and len(state.results) == 16
        assert sum(s.score for s in state.standings) == sum(state.scores) + state.pot
        pot = 0
        result = None
        for event in record.events:
            if isinstance(event, HandEnded):
                result = event.result
            elif isinstance(event, Settled):
                assert result is not None
                placed = RIICHI_DEPOSIT * result.deposits_placed
                if result.outcome == "win":
                    assert event.pot == 0  # §8: the winner takes every deposit
                    deposits = [p for p in event.payments if p.reason == "deposits"]
                    assert sum(p.amount for p in deposits) == pot + placed
                else:
                    assert event.pot == pot + placed  # §7: carried over the draw
                    assert not event.payments  # no noten payments
                    carried += event.pot > 0
                for win in result.wins:
                    if win.context.riichi and win.from_seat is not None:
                        riichi_rons += 1
                        payers = {p.payer for p in event.payments if p.reason != "deposits"}
                        assert payers == {win.from_seat}  # §7: the others pay nothing
                pot = event.pot
    assert carried >= 1 and riichi_rons >= 1


def test_deposits_left_at_the_end_follow_the_option() -> None:
    # three hands; the last one is drawn with player 1's riichi deposit on the table
    finals = {}
    for mode in ("first_place", "discard", "return"):
        table = table_for(RULESET, {"hands_per_session": 3, "leftover_deposits": mode})
        state = play_match(table, "tk-end-26", greedy_bots, keep_events=False).state
        assert state.pot == RIICHI_DEPOSIT
        finals[mode] = {s.player: s.score for s in state.standings}
        scores = state.scores
    assert finals["discard"] == dict(enumerate(scores))
    leader = max(range(4), key=lambda p: scores[p])
    assert finals["first_place"][leader] == scores[leader] + RIICHI_DEPOSIT
    assert finals["return"][1] == scores[1] + RIICHI_DEPOSIT


def test_only_riichi_players_are_furiten() -> None:
    # §1: furiten wins are allowed; §7: not to a riichi player (Q5: any wait discarded)
    rules = table_rules(Options())
    hand = tuple(sorted(parse_tiles("123m456m789m234p5s777p")))
    discards = (DiscardRecord(parse_tile("5s")),)
    plain = SeatState(hand=hand, discards=discards)
    riichi = SeatState(hand=hand, discards=discards, riichi=True, riichi_accepted=True)
    assert not is_furiten(rules, plain)
    assert is_furiten(rules, riichi)
    assert not is_furiten(rules, SeatState(hand=hand, riichi=True, riichi_accepted=True))
    passed = SeatState(hand=hand, riichi=True, riichi_accepted=True, furiten_riichi=True)
    assert is_furiten(rules, passed)


def test_riichi_on_every_ready_shape() -> None:
    """§5.1, §7: a special shape plus a set wins, so a concealed hand one tile from one may
    declare riichi (seed 002: riichi when ready and concealed)."""
    rules = table_rules(Options())
    cases = {
        "1133557799m22p4p678s9s": "4p 6s 9s",  # seven pairs + a set (the 9s or 4p single)
        "19m19p19s1234567z45p9s1s": "1s 9s",  # thirteen orphans + a set
        "147m258p39s1234567z5s1m": "1m 5s",  # honors and knitted + 345s or 111m
        "147m258p369s234p678s7z1z": "1z 7z",  # knitted straight + two sets and a pair
        "1133557799m2p4p678s9s1z": "",
    }
    for hand, tiles in cases.items():
        seat = SeatState(hand=tuple(sorted(parse_tiles(hand))))
        assert riichi_discard_tiles(rules, seat) == sorted(parse_tiles(tiles)), hand
