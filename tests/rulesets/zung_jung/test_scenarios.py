"""Zung Jung hands on arranged walls, driven action by action: the first-turn blessings
(9.4.1, 9.4.2), robbing an added kong (9.3) and a kong supplement that is the seabed tile
(9.2 + 9.1.1), each scored by the table and settled as §8 says."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.actions import (
    Action,
    AddedKong,
    ConcealedKong,
    Discard,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.decide import start, step
from engine.match import net
from engine.notation import format_tiles, parse_tile, parse_tiles
from engine.ruleset import table_for
from engine.simulate import acting_seat
from engine.state import MatchState, Table
from engine.views import view_for
from rulesets.zung_jung import RULESET
from rulesets.zung_jung.options import Options
from rulesets.zung_jung.settlement import settle
from tests.engine.conftest import arrange

# Zung Jung settles a hand from its result alone (settle reads no match state).
_MATCH = start(table_for(RULESET), "zj-settle")[0]

JUNK_A = "1m4m7m2p5p8p3s6s9s1z2z3z4z"
JUNK_B = "1m4m7m2p5p8p3s6s9s5z6z7z1z"
JUNK_C = "2m5m8m3p6p9p1s4s7s2z3z4z5z"
READY = "234m234m567p55s67s"  # waits on 5s / 8s; §11 B plus a blessing


def rigged(hands: list[str], draws: str) -> Table:
    wall = arrange(RULESET.table_rules(Options()).wall, hands, draws=draws)
    base = table_for(RULESET, {"hands_per_game": 4})
    return replace(base, walls=lambda s, n: wall)


def answer(state: MatchState, choose: dict[int, type]) -> MatchState:
    """Let every seat that must act pick its action of the type in ``choose`` (else Pass)
    until the hand ends."""
    done = len(state.results)
    while len(state.results) == done and not state.over:
        seat = acting_seat(state)
        assert seat is not None
        legal = view_for(state, seat).legal
        want = choose.get(seat)
        action: Action | None = next((a for a in legal if want and isinstance(a, want)), None)
        if action is None:
            action = next((a for a in legal if isinstance(a, Pass)), legal[0])
        state, _ = step(state, action)
    return state


def test_blessing_of_heaven_at_the_table() -> None:
    tbl = rigged([READY, JUNK_A, JUNK_B, JUNK_C], draws="8s")
    state, _ = start(tbl, "heaven")
    state = answer(state, {0: SelfDrawWin})
    result = state.results[0]
    win = result.wins[0]
    ids = {p.id for p in win.score.patterns}
    assert "blessing_of_heaven" in ids and win.score.total == 180
    assert net(settle(result, _MATCH, Options())) == [540, -180, -180, -180]


def test_blessing_of_earth_for_south_at_the_table() -> None:
    tbl = rigged([JUNK_A, READY, JUNK_B, JUNK_C], draws="8s")
    state, _ = start(tbl, "earth")
    eight = parse_tile("8s")
    assert acting_seat(state) == 0
    legal = view_for(state, 0).legal
    discard = next(a for a in legal if isinstance(a, Discard) and a.tile == eight)
    state, _ = step(state, discard)
    state = answer(state, {1: Win})
    result = state.results[0]
    win = result.wins[0]
    assert win.seat == 1 and win.from_seat == 0
    assert "blessing_of_earth" in {p.id for p in win.score.patterns}
    assert win.score.total == 180
    # East discarded: responsible, pays 3 x 180 - 50
    assert net(settle(result, _MATCH, Options())) == [-490, 540, -25, -25]


def play_script(state: MatchState, script: list[tuple[int, type, str | None]]) -> MatchState:
    """Play ``script`` entries (seat, action type, tile or None) in order; every other
    decision must be a claim window answered with Pass. Stops when the hand ends."""
    done = len(state.results)
    todo = list(script)
    while len(state.results) == done:
        seat = acting_seat(state)
        assert seat is not None
        legal = view_for(state, seat).legal
        action: Action | None = None
        if todo and todo[0][0] == seat:
            _, kind, tile = todo[0]
            want = None if tile is None else parse_tile(tile)
            action = next(
                (
                    a
                    for a in legal
                    if isinstance(a, kind) and (want is None or getattr(a, "tile", None) == want)
                ),
                None,
            )
            if action is not None:
                todo.pop(0)
        if action is None:
            action = next((a for a in legal if isinstance(a, Pass)), None)
        if action is None:  # own turn, not scripted: throw the drawn tile back
            drawn = view_for(state, seat).hand.drawn  # type: ignore[union-attr]
            action = next(a for a in legal if isinstance(a, Discard) and a.tile == drawn)
        state, _ = step(state, action)
    assert not todo, f"script not played out: {todo}"
    return state


def test_robbing_an_added_kong_at_the_table() -> None:
    """West pungs South's 7m, later adds the drawn fourth 7m; North (waiting on 4m/7m)
    robs it: 9.3 scored, West responsible as the discarder (§8.1, §12 Q12)."""
    hands = [
        "1m2p5p8p3s6s9s1z2z3z4z5z6z",
        "7m1m3m9m2s4s8s1z2z3z6z7z7z",
        "7m7m9p1s5s2m8m4z7z1p3p6s9s",
        "123p456p789p55z56m",
    ]
    tbl = rigged(hands, draws="3m1m6z2m9m7m")
    state, _ = start(tbl, "rob")
    state = play_script(
        state,
        [
            (0, Discard, "3m"),
            (1, Discard, "7m"),
            (2, Pung, None),
            (2, Discard, "4z"),
            (3, Discard, "6z"),
            (0, Discard, "2m"),
            (1, Discard, "9m"),
            (2, AddedKong, "7m"),
            (3, Win, None),
        ],
    )
    result = state.results[0]
    win = result.wins[0]
    assert (win.seat, win.from_seat, win.robbed_kong) == (3, 2, True)
    ids = {p.id: p.count for p in win.score.patterns}
    # 123p 456p 789p 567m 55z: Nine-Tile Straight 40 + All Sequences 5 + Concealed 5 + 9.3
    assert ids == {
        "all_sequences": 1,
        "concealed_hand": 1,
        "nine_tile_straight": 1,
        "robbing_a_kong": 1,
    }
    assert win.score.total == 60
    assert net(settle(result, _MATCH, Options())) == [-25, -25, -130, 180]


def test_kong_supplement_that_is_the_seabed_tile() -> None:
    """§3.1 item 4: supplements come from the back of the drawable wall, so East's kong on
    the 69th draw takes the 70th and last drawable tile: 9.2 and 9.1.1 both count."""
    hands = [
        "111m234p567p99s78s",
        "1z2z3z4z5z6z7z1z2z3z4z5z6z",
        "2m3m4m5m6m7m8m9m2m3m4m5m6m",
        "1p1p1p9p9p9p1s1s1s3s3s3s7z",
    ]
    spec = RULESET.table_rules(Options()).wall
    pool = Counter(spec.tile_set())
    for h in hands:
        pool.subtract(parse_tiles(h))
    pool.subtract(parse_tiles("1m6s"))
    filler = sorted(pool.elements())[:68]
    draws = "".join(format_tiles([t]) for t in filler) + "1m6s"
    tbl = rigged(hands, draws=draws)
    state, _ = start(tbl, "seabed")
    state = play_script(state, [(0, ConcealedKong, "1m"), (0, SelfDrawWin, None)])
    result = state.results[0]
    win = result.wins[0]
    assert win.seat == 0 and win.from_seat is None
    assert win.context.rinshan and win.context.haitei
    assert {p.id: p.count for p in win.score.patterns} == {
        "concealed_hand": 1,
        "one_kong": 1,
        "final_draw": 1,
        "win_on_kong": 1,
    }
    assert net(settle(result, _MATCH, Options())) == [90, -30, -30, -30]


def test_blessing_of_earth_for_west_at_the_table() -> None:
    """9.4.2 for a seat that cannot tell from its own discards: the table says the win is
    on East's first discard (extra["dealer_first_discard"])."""
    tbl = rigged([JUNK_A, JUNK_C, READY, JUNK_B], draws="8s")
    state, _ = start(tbl, "earth-west")
    state = play_script(state, [(0, Discard, "8s"), (2, Win, None)])
    win = state.results[0].wins[0]
    assert (win.seat, win.from_seat) == (2, 0) and win.context.extra["dealer_first_discard"]
    assert "blessing_of_earth" in {p.id for p in win.score.patterns}


def test_a_later_discard_is_no_blessing_of_earth() -> None:
    tbl = rigged([JUNK_A, JUNK_C, READY, JUNK_B], draws="1p2p3p8s")
    state, _ = start(tbl, "earth-late")
    script = [(0, Discard, "1p"), (1, Discard, "2p"), (2, Discard, "3p"), (3, Discard, "8s")]
    state = play_script(state, [*script, (2, Win, None)])
    win = state.results[0].wins[0]
    assert "dealer_first_discard" not in win.context.extra
    assert "blessing_of_earth" not in {p.id for p in win.score.patterns}


def test_bonus_tiles_are_scored_by_identity_at_the_table() -> None:
    """§9.3: East's flower 1 is its seat's bonus tile (4), season 2 another one (2)."""
    hands = ["234m234m567p55s6sf1", JUNK_A, JUNK_B, JUNK_C]
    spec = RULESET.table_rules(Options(bonus_tiles="full")).wall
    wall = arrange(spec, hands, draws="8s")
    # the flower replacement comes from the back of the drawable wall (§3.1 item 4)
    tiles = list(wall.tiles)
    back = len(tiles) - spec.dead_wall - 1
    for i, want in ((back, "f6"), (back - 1, "7s")):
        j = next(j for j in range(53, back - 1) if tiles[j] == parse_tile(want))
        tiles[i], tiles[j] = tiles[j], tiles[i]
    rigged_wall = type(wall)(spec, tuple(tiles))
    base = table_for(RULESET, {"hands_per_game": 4, "bonus_tiles": "full"})
    tbl = replace(base, walls=lambda s, n: rigged_wall)
    state, _ = start(tbl, "bonus")
    state = answer(state, {0: SelfDrawWin})
    win = state.results[0].wins[0]
    assert win.context.extra["bonus_tiles"] == [parse_tile("f1"), parse_tile("f6")]
    ids = {p.id: p.count for p in win.score.patterns}
    assert ids["seat_bonus_tile"] == 1 and ids["other_bonus_tile"] == 1
