"""Riichi at the table (riichi.md §3-§7, §11-§12): the ``TableRules`` the engine plays
with, bound to validated ``RiichiOptions``.

Dead wall layout (§3): the last 14 tiles, ``D0..D3`` replacement tiles, ``D4`` the first
dora indicator, ``D5..D8`` kan-dora indicators, ``D9..D13`` the ura indicators under them;
the live wall's last tile moves into the dead wall after each replacement draw.
"""

from __future__ import annotations

from engine.shapes import ShapeRules
from engine.state import HandState, NagashiFn, TenpaiFn
from engine.table_rules import (
    Abort,
    FirstTurnRules,
    FuritenRules,
    KanDoraRules,
    KanDoraTiming,
    Kuikae,
    MultiWin,
    OwnCopies,
    Replacement,
    RiichiAnkan,
    RiichiRules,
    TableRules,
    WinFloor,
)
from engine.tiles import is_terminal_or_honor, kind_of
from engine.wall import WallSpec
from engine.wins import seat_waits
from rulesets.riichi.options import AbortiveDraw, RiichiOptions

DEAD_WALL = 14
REPLACEMENT_POSITIONS = (0, 1, 2, 3)
DORA_POSITIONS = (4, 5, 6, 7, 8)
URA_POSITIONS = (9, 10, 11, 12, 13)
# option aka_dora -> red fives of man, pin, sou (§16: 3 is 0m 0p 0s, 4 adds a second 0p)
# (2: three-player riichi's red 5p and 5s, rulesets.sanma; no red 5m in its 108 tiles)
AKA_RED_FIVES: dict[int, tuple[int, int, int]] = {
    0: (0, 0, 0),
    2: (0, 1, 1),
    3: (1, 1, 1),
    4: (1, 2, 1),
}

ABORTS: dict[AbortiveDraw, Abort] = {
    "kyuushu_kyuuhai": Abort.NINE_TERMINALS,
    "suufon_renda": Abort.FOUR_WINDS,
    "suukaikan": Abort.FOUR_KONGS,
    "suucha_riichi": Abort.FOUR_RIICHI,
    "sanchahou": Abort.TRIPLE_RON,
}

RIICHI_SHAPES = ShapeRules(
    seven_pairs=True,
    seven_pairs_four_as_two=False,  # §5: seven *different* pairs
    thirteen_orphans=True,
    honors_and_knitted=False,
    knitted_straight=False,
)


def wall_spec(opts: RiichiOptions) -> WallSpec:
    return WallSpec(
        red_fives=AKA_RED_FIVES[opts.aka_dora],
        dead_wall=DEAD_WALL,
        replacement_positions=REPLACEMENT_POSITIONS,
        dora_positions=DORA_POSITIONS,
        ura_positions=URA_POSITIONS,
        replenish_dead_wall=True,  # §3 item 5: the dead wall stays at 14 tiles
    )


def own_copies(options: RiichiOptions) -> OwnCopies:
    """Which of a seat's own copies use up a wait (riichi.md §5): none with
    ``karaten_counts_as_tenpai``, else every copy it holds, or with ``karaten_copies``
    ``concealed`` (tenhou.net) only its concealed tiles, so a wait on a kind in its own
    kong stays a wait. One reading for the declaration, the kong after it and the draw."""
    if options.karaten_counts_as_tenpai:
        return OwnCopies.NONE
    return OwnCopies.CONCEALED if options.karaten_copies == "concealed" else OwnCopies.ALL


def table_rules(options: RiichiOptions) -> TableRules:
    aborts = frozenset(ABORTS[a] for a in options.abortive_draws)
    if options.multi_ron != "double":
        aborts -= {Abort.TRIPLE_RON}  # §12.2: sanchahou exists only under double ron
    return TableRules(
        wall=wall_spec(options),
        replacement=Replacement.DEAD_WALL,
        shape_rules=RIICHI_SHAPES,
        added_kong_from_hand=True,
        max_kongs=4,  # §4: no fifth kan at the table
        rob_added_kong=True,
        rob_concealed_kong_thirteen_orphans=options.kokushi_rob_ankan,
        multi_win=MultiWin(options.multi_ron),
        kan_dora=(
            KanDoraRules(
                timing=KanDoraTiming(options.kan_dora_timing),
                robbed_kong_reveals=options.chankan_reveals_kan_dora,
            )
            if options.kan_dora
            else None
        ),
        furiten=FuritenRules(),
        riichi=RiichiRules(
            deposit=1000,
            min_points=options.riichi_min_points,
            min_live_wall=options.riichi_min_live_wall,
            ankan=RiichiAnkan(options.riichi_ankan),
            double_riichi=True,
            ippatsu=options.ippatsu,
            ura_dora=options.ura_dora,
            own_copies=own_copies(options),
        ),
        kuikae=Kuikae(options.kuikae),
        aborts=aborts,
        first_turn=FirstTurnRules(any_shape_on_first_draw=options.shiisan_puutaa),
        win_floor=WinFloor.YAKU,  # §5: a legal shape and at least one yaku
    )


def tenpai_at_draw(options: RiichiOptions) -> TenpaiFn:
    """Who is ready at an exhaustive draw, for the noten payments (riichi.md §12.1;
    ``RiichiRuleset.tenpai_at_draw``): a riichi seat always; another with a wait, the
    seat's own copies of a kind using it up as ``own_copies`` reads them (§5)."""
    rules = table_rules(options)
    copies = own_copies(options)

    def ready(hand: HandState) -> tuple[bool, ...]:
        return tuple(s.riichi or bool(seat_waits(rules, s, copies=copies)) for s in hand.seats)

    return ready


def nagashi(options: RiichiOptions) -> NagashiFn | None:
    """Nagashi mangan at an exhaustive draw (riichi.md §12.1; ``RiichiRuleset.nagashi``): a
    seat whose discards are all terminals and honours. With
    ``nagashi_called_discard_voids`` a discard of its that was called voids it, and with
    ``nagashi_voiding_calls`` ``any_call`` (seed 004 選択ルール) any call of the hand
    does, a concealed kong included."""
    if not options.nagashi_mangan:
        return None
    called_voids = options.nagashi_called_discard_voids
    any_call_voids = called_voids and options.nagashi_voiding_calls == "any_call"

    def qualifying(hand: HandState) -> tuple[int, ...]:
        if any_call_voids and hand.calls:
            return ()
        return tuple(
            i
            for i, s in enumerate(hand.seats)
            if s.discards
            and all(is_terminal_or_honor(kind_of(d.tile)) for d in s.discards)
            and not (called_voids and any(d.called for d in s.discards))
        )

    return qualifying
