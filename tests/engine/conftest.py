"""Test doubles for the table: rulesets built in the tests to switch mechanisms on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from engine.context import WinContext
from engine.match import RenchanMatch, RotatingMatch
from engine.notation import parse_tile, parse_tiles
from engine.scoring import PatternHit, Score
from engine.shapes import ShapeRules, is_complete
from engine.state import HandResult, MatchRules, MatchState, Payment, Table
from engine.table_rules import (
    Abort,
    FirstTurnRules,
    FlowerTiming,
    FuritenRules,
    KanDoraRules,
    KanDoraTiming,
    Kuikae,
    MultiWin,
    Replacement,
    RiichiAnkan,
    RiichiRules,
    TableRules,
)
from engine.tiles import is_flower
from engine.wall import Wall, WallSpec


def shape_score(rules: TableRules, minimum: int = 0) -> Callable[[WinContext], Score]:
    """Legal whenever the shape is complete; worth 1 + flowers (+1 per dora flag)."""

    def score(win: WinContext) -> Score:
        counts = win.concealed_counts()
        if not is_complete(counts, len(win.melds), n_sets=rules.n_sets, rules=rules.shape_rules):
            return Score(ruleset="double", error="not_a_win")
        value = 1 + win.flowers + (1 if win.tsumo else 0)
        pats = (PatternHit("double.base", "", "base", "", value),)
        return Score(ruleset="double", patterns=pats, total=value, legal=value >= minimum)

    return score


def simple_settle(result: HandResult, match: MatchState) -> tuple[Payment, ...]:
    """Winner takes 8 + value from the discarder (8 + value from each on self-draw),
    8 from the others, and the deposits on the table."""
    out: list[Payment] = []
    for i, w in enumerate(result.wins):
        value = w.score.total
        for s in range(4):
            if s == w.seat:
                continue
            if w.from_seat is None or s == w.from_seat:
                out.append(Payment(s, w.seat, 8 + value, "hand"))
            else:
                out.append(Payment(s, w.seat, 8, "base"))
        if i == 0 and match.pot:
            out.append(Payment(None, w.seat, match.pot, "deposits"))
    if result.outcome == "exhaustive_draw" and result.tenpai:
        ready = [s for s in range(4) if result.tenpai[s]]
        if 0 < len(ready) < 4:
            per_payer = 3000 // (4 - len(ready))
            per_payee = 3000 // len(ready)
            for s in range(4):
                if s not in ready:
                    out.append(Payment(s, None, per_payer, "noten"))
            for s in ready:
                out.append(Payment(None, s, per_payee, "tenpai"))
    return tuple(out)


MCR_LIKE = TableRules(
    wall=WallSpec(flowers=True),
    shape_rules=ShapeRules(
        seven_pairs_four_as_two=True, honors_and_knitted=True, knitted_straight=True
    ),
    concealed_kong_face_down=True,
)

RIICHI_LIKE = TableRules(
    wall=WallSpec(
        red_fives=(1, 1, 1),
        dead_wall=14,
        replacement_positions=(0, 1, 2, 3),
        dora_positions=(4, 5, 6, 7, 8),
        ura_positions=(9, 10, 11, 12, 13),
        replenish_dead_wall=True,
    ),
    replacement=Replacement.DEAD_WALL,
    max_kongs=4,
    rob_concealed_kong_thirteen_orphans=True,
    multi_win=MultiWin.DOUBLE,
    kan_dora=KanDoraRules(timing=KanDoraTiming.AFTER_DISCARD),
    furiten=FuritenRules(),
    riichi=RiichiRules(),
    kuikae=Kuikae.FORBIDDEN,
    aborts=frozenset(Abort),
    first_turn=FirstTurnRules(),
)

THREE_KINGDOMS_LIKE = TableRules(
    wall=WallSpec(
        hand_size=16,
        dead_wall=14,
        replacement_positions=(0, 1, 2, 3),
        dora_positions=(4, 5, 6, 7, 8),
        ura_positions=(9, 10, 11, 12, 13),
    ),
    replacement=Replacement.DEAD_WALL,
    max_kongs=4,
    kan_dora=KanDoraRules(),
    furiten=FuritenRules(riichi_only=True),
    riichi=RiichiRules(
        deposit=10,
        min_points=None,
        ankan=RiichiAnkan.NO_SHAPE_CHANGE,
        double_riichi=False,
        ippatsu=False,
        ura_dora=True,
    ),
    concealed_kong_face_down=True,
)

ZUNG_JUNG_LIKE = TableRules(
    wall=WallSpec(dead_wall=14),
    replacement=Replacement.LIVE_TAIL,
)

FLOWERS_ON_TURN = replace(MCR_LIKE, flower_timing=FlowerTiming.ON_OWN_TURN)
PLAIN = TableRules()  # 136 tiles, no dead wall, replacements from the tail, head bump


def arrange(
    spec: WallSpec,
    hands: Sequence[str],
    *,
    draws: str = "",
    tail: str = "",
    dead: Mapping[int, str] | None = None,
    dealer: int = 0,
) -> Wall:
    """A wall dealing ``hands`` (mpsz, one per seat) with the deal order of the engine,
    then ``draws`` from the front, ``tail`` as the last tiles (``tail[0]`` last), and
    ``dead`` tiles at dead-wall indices; the rest of the tile set fills the middle."""
    tiles = spec.tile_set()
    pool = Counter(tiles)
    n = len(tiles)
    wall: list[int | None] = [None] * n

    def put(index: int, tile: int) -> None:
        if pool[tile] <= 0:
            raise ValueError(f"no copy of {tile} left for the arranged wall")
        if wall[index] is not None:
            raise ValueError(f"wall position {index} used twice")
        pool[tile] -= 1
        wall[index] = tile

    parsed = [parse_tiles(h) for h in hands]
    for i, tiles_of_seat in enumerate(parsed):
        if len(tiles_of_seat) != spec.hand_size:
            raise ValueError(f"seat {i} is given {len(tiles_of_seat)} tiles")
    chunks = (4, 4, 4, 4) if spec.hand_size == 16 else (4, 4, 4, 1)
    pos = 0
    taken = [0] * 4
    for c in chunks:
        for i in range(4):
            s = (dealer + i) % 4
            for _ in range(c):
                put(pos, parsed[s][taken[s]])
                taken[s] += 1
                pos += 1
    for t in parse_tiles(draws):
        put(pos, t)
        pos += 1
    for i, t in enumerate(parse_tiles(tail)):
        put(n - 1 - i, t)
    for i, text in (dead or {}).items():
        put(n - spec.dead_wall + i, parse_tile(text))
    rest = sorted(t for t, c in pool.items() for _ in range(c) if not is_flower(t))
    flowers = sorted(t for t, c in pool.items() for _ in range(c) if is_flower(t))
    middle = len(rest) // 2
    filler = iter(rest[:middle] + flowers + rest[middle:])
    return Wall(spec, tuple(t if t is not None else next(filler) for t in wall))


def make_table(
    rules: TableRules,
    *,
    match: MatchRules | None = None,
    minimum: int = 0,
    score: Callable[[WinContext], Score] | None = None,
    hands: int = 4,
    options: dict[str, Any] | None = None,
    wall: Wall | None = None,
) -> Table:
    return Table(
        ruleset_id="double",
        rules=rules,
        score=score or shape_score(rules, minimum),
        match_rules=match or RotatingMatch(settle_fn=simple_settle, hands=hands),
        options=options or {},
        walls=None if wall is None else (lambda seed, n: wall),
    )


class Helpers(SimpleNamespace):
    arrange: Callable[..., Wall]
    make_table: Callable[..., Table]
    riichi_match: Callable[..., RenchanMatch]
    shape_score: Callable[..., Callable[[WinContext], Score]]
    simple_settle: Callable[[HandResult, MatchState], tuple[Payment, ...]]
    MCR_LIKE: TableRules
    RIICHI_LIKE: TableRules
    THREE_KINGDOMS_LIKE: TableRules
    ZUNG_JUNG_LIKE: TableRules
    FLOWERS_ON_TURN: TableRules
    PLAIN: TableRules


@pytest.fixture
def h() -> Helpers:
    """The helpers above, as one fixture (tests/engine may or may not be a package)."""
    return Helpers(
        arrange=arrange,
        make_table=make_table,
        riichi_match=riichi_match,
        shape_score=shape_score,
        simple_settle=simple_settle,
        MCR_LIKE=MCR_LIKE,
        RIICHI_LIKE=RIICHI_LIKE,
        THREE_KINGDOMS_LIKE=THREE_KINGDOMS_LIKE,
        ZUNG_JUNG_LIKE=ZUNG_JUNG_LIKE,
        FLOWERS_ON_TURN=FLOWERS_ON_TURN,
        PLAIN=PLAIN,
    )


def riichi_match(**kw: Any) -> RenchanMatch:
    return RenchanMatch(settle_fn=simple_settle, **kw)
