"""MCR at the table (../shared/rules/mcr.md §2-§10): the ``TableRules`` the engine plays
with, settlement of a finished hand and the 16-hand session with seat changes.

The integrator attaches ``table_rules`` / ``match_rules`` to the MCR ``RULESET``
(engine.ruleset.TableRuleset); ``table(options)`` builds a ready ``engine.Table``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from engine.context import WinContext
from engine.ruleset import OptionsError
from engine.scoring import Score
from engine.shapes import ShapeRules
from engine.state import HandResult, MatchState, Payment, Standing, Table
from engine.table_rules import FlowerTiming, HandSetup, MultiWin, Replacement, TableRules
from engine.wall import WallSpec
from rulesets.mcr import match as mcr_match
from rulesets.mcr.options import Options
from rulesets.mcr.settlement import WinKind, settle_draw, settle_win


def _options(options: BaseModel | Mapping[str, Any] | None) -> Options:
    if isinstance(options, Options):
        return options
    if isinstance(options, BaseModel):
        return Options.model_validate(options.model_dump())
    return Options.model_validate(dict(options or {}))


def table_rules(options: BaseModel | Mapping[str, Any] | None = None) -> TableRules:
    opts = _options(options)
    if opts.false_win_mode != "reject":
        # §8: the table offers only legal wins, so a false win cannot be declared there
        raise OptionsError(
            "false_win_mode", "the table only offers legal wins; only 'reject' can be played"
        )
    return TableRules(
        wall=WallSpec(flowers=opts.use_flowers),  # 144 tiles, no dead wall (§3)
        replacement=Replacement.TAIL,  # flowers and kongs from the back of the wall
        flower_timing=FlowerTiming(opts.flower_timing),
        # §7.1: four identical tiles may be two pairs; knitted shapes are legal
        shape_rules=ShapeRules(
            seven_pairs=True,
            seven_pairs_four_as_two=True,
            thirteen_orphans=True,
            honors_and_knitted=True,
            knitted_straight=True,
        ),
        added_kong_from_hand=opts.added_kong_from_hand,
        concealed_kong_face_down=True,  # §4: shown only when the hand ends
        max_kongs=None,  # §5.4: no limit, no four-kong draw
        rob_added_kong=True,
        rob_concealed_kong_thirteen_orphans=False,  # §5.5
        multi_win=MultiWin.HEAD_BUMP,  # §5.3
        furiten=False,  # §5.1: no furiten
        riichi=None,
        aborts=frozenset(),  # §6: no abortive draws
    )


def settle(result: HandResult, match: MatchState, options: Options) -> tuple[Payment, ...]:
    """§9 through rulesets.mcr.settlement: every loser pays the base, the discarder (the
    robbed kong's declarer) or on a self-draw every loser also pays X. Draws pay nothing."""
    if result.outcome != "win":
        transfers = settle_draw()
    else:
        transfers = ()
        for win in result.wins:
            kind: WinKind = (
                "self_draw"
                if win.from_seat is None
                else ("robbed_kong" if win.robbed_kong else "discard")
            )
            transfers += settle_win(win.seat, win.score.total, kind, options, win.from_seat)
    return tuple(Payment(t.payer, t.payee, t.amount, t.reason) for t in transfers)


@dataclass(frozen=True, slots=True)
class MCRMatch:
    """The session of rulesets.mcr.match: 16 hands, the dealer passes every hand, seat
    changes at each round, table points 4/2/1/0 with shared ties (§2, §10)."""

    options: Options

    def start_scores(self) -> tuple[int, ...]:
        return (0, 0, 0, 0)

    def _setup(self, hand: int) -> HandSetup:
        rnd, i = divmod(hand, 4)
        # seat k holds the player who is wind k in the round's first hand; the dealer
        # seat then moves one place per hand (mcr.md §2)
        start = mcr_match.seat_winds(rnd * 4, self.options)
        seating = tuple(start.index(k) for k in range(4))
        wind = mcr_match.prevailing_wind(hand)
        return HandSetup(
            dealer=i, round_wind=wind + 1, seating=seating, label=f"{'ESWN'[wind]}{i + 1}"
        )

    def first_hand(self) -> HandSetup:
        return self._setup(0)

    def settle(self, result: HandResult, match: MatchState) -> tuple[Payment, ...]:
        return settle(result, match, self.options)

    def next_hand(self, match: MatchState, result: HandResult) -> HandSetup | None:
        if match.hands_played >= mcr_match.session_length(self.options):
            return None
        return self._setup(match.hands_played)

    def standings(self, match: MatchState) -> tuple[Standing, ...]:
        scores = match.scores
        points = mcr_match.table_points(scores)
        ranks = [1 + sum(1 for q in range(4) if scores[q] > scores[p]) for p in range(4)]
        return tuple(
            Standing(player=p, score=scores[p], rank=ranks[p], points=float(points[p]))
            for p in range(4)
        )


def match_rules(options: BaseModel | Mapping[str, Any] | None = None) -> MCRMatch:
    return MCRMatch(_options(options))


def table(options: BaseModel | Mapping[str, Any] | None = None) -> Table:
    """A ready table for MCR with ``options`` (validated by the MCR options model)."""
    from rulesets.mcr import RULESET

    opts = _options(options)

    def score(win: WinContext) -> Score:
        return RULESET.score(win, opts)

    return Table(
        ruleset_id="mcr",
        rules=table_rules(opts),
        score=score,
        match_rules=match_rules(opts),
        options=opts.model_dump(exclude_defaults=True),
        win_extras=RULESET.win_extras,
    )
