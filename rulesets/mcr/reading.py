"""One reading of an MCR hand (mcr.md §11.3 step 1) with the facts of it that the fans of
sets, waits and shapes are predicates over (``rulesets.mcr.patterns``).

``ReadingFacts`` is built once per reading. It sorts the reading's sets into chows and
pungs in the reference order, counts its kongs and concealed pungs (§11.2, §11.6), tallies
what each set and the pair is for Outside Hand, All Fives and All Even Pungs, finds the
combination fans of its chows and pungs (§11.5, ``rulesets.mcr.combinations``) and knows
how to judge its wait (§11.7, §11.8). ``features`` marks what the reading has, so that the
scorer asks only the predicates that can hold (``engine.scoring.Gated``).
"""

from __future__ import annotations

from typing import Final

from engine.blocks import Block, BlockKind
from engine.melds import MeldType
from engine.shapes import Shape
from rulesets.mcr.combinations import chow_fans, in_reference_order, pung_fans
from rulesets.mcr.hand import Counts, HandFacts
from rulesets.mcr.waits import wait_kinds

_ANKAN: Final = MeldType.ANKAN  # read once: MeldType's members are slow to look up
NINE_GATES: Final = "nine_gates"  # a reading's shape besides the ``Shape`` values


class ReadingRules:
    """What of the options a reading's facts depend on (read once, by the scorer's plan).

    ``allowed``: the fans beginner rules keep (§16), None for all: a combination outside
    it is treated as absent and the search goes on without it. ``with_three_kongs``:
    Three or Four Kongs still score Concealed Kong / Two Concealed Kongs (the 2006-based
    editions). ``knitted_waits``: the wait rule with a Knitted Straight (§11.8)."""

    def __init__(
        self, allowed: frozenset[str] | None, with_three_kongs: bool, knitted_waits: str
    ) -> None:
        self.allowed: Final = allowed
        self.with_three_kongs: Final = with_three_kongs
        self.knitted_waits: Final = knitted_waits


# Features of a reading (``ReadingFacts.features``), what its fans need.
R_STANDARD: Final = 1 << 0
R_SEVEN_PAIRS: Final = 1 << 1
R_THIRTEEN_ORPHANS: Final = 1 << 2
R_HONORS_AND_KNITTED: Final = 1 << 3
R_KNITTED_STRAIGHT: Final = 1 << 4  # the nine knitted tiles: a knitted shape's, or 9 of 14
R_NINE_GATES: Final = 1 << 5
R_FOUR_PUNGS: Final = 1 << 6
R_ALL_CHOWS: Final = 1 << 7  # four chows (a Knitted Straight counts three) and a suited pair
R_KONGS: Final = 1 << 8
R_CONCEALED_PUNGS: Final = 1 << 9  # two or more, concealed kongs included
R_TERMINAL_OR_HONOR_PUNG: Final = 1 << 10  # of a dragon, a wind or a terminal
# a wait fan may score: a concealed chow or the pair holds the winning tile and the hand
# waited on one kind (§11.7); with a Knitted Straight, whenever the winning tile is among
# the tiles scored (its wait is judged when first asked, §11.8)
R_WAIT: Final = 1 << 13
R_OUTSIDE: Final = 1 << 14  # every set and the pair hold a terminal or an honor
R_FIVES: Final = 1 << 15  # every set and the pair hold a 5
R_EVEN_PUNGS: Final = 1 << 16  # every set is a pung of even numbers, and the pair too

# The fans ``rulesets.mcr.combinations`` finds (and the "little" fans a pair makes of
# two of them), each with a bit of its own in ``ReadingFacts.combination_features``:
# present in the reading's combination. They are gated apart from the other fans, so
# that the plans kept per features value stay few.
COMBINATION_FANS: Final = (
    "pure_terminal_chows",
    "three_suited_terminal_chows",
    "quadruple_chow",
    "four_pure_shifted_chows",
    "pure_straight",
    "pure_shifted_chows",
    "pure_triple_chow",
    "mixed_shifted_chows",
    "mixed_triple_chow",
    "mixed_straight",
    "pure_double_chow",
    "mixed_double_chow",
    "short_straight",
    "two_terminal_chows",
    "four_pure_shifted_pungs",
    "big_four_winds",
    "pure_shifted_pungs",
    "mixed_shifted_pungs",
    "triple_pung",
    "big_three_winds",
    "big_three_dragons",
    "double_pung",
    "two_dragon_pungs",
    "little_three_dragons",
    "little_four_winds",
)
R_COMBINATION: Final = {fan: 1 << i for i, fan in enumerate(COMBINATION_FANS)}
_NO_COMBINATION: Final[Counts] = {}  # shared by the readings without sets; never written


class ReadingFacts:
    """One reading of the hand: its shape, its blocks and, for the knitted shapes, the
    knitted pattern's suits; the facts of it that the fans of sets, waits and shapes read;
    and the hand's own facts (``hand``) that the fans of the tiles read.

    A plain class rather than a dataclass so that, compiled, building one is native
    code. Chows are given by their first kind, pungs and kongs by their kind, both in the
    reference order; a Knitted Straight's tiles are not among the chows (``chow_sets``
    counts them as three, §11.8)."""

    def __init__(
        self,
        hand: HandFacts,
        shape: str,
        blocks: tuple[Block, ...],
        knitted_suits: tuple[int, int, int] | None,
        rules: ReadingRules,
    ) -> None:
        self.hand = hand
        self.shape = shape  # a Shape value, NINE_GATES, or "" for the hand alone
        self.blocks = blocks  # standard and knitted-straight shapes; melds last
        self.knitted_suits = knitted_suits  # the knitted pattern's suits
        self.rules = rules
        self.chows: list[int] = []
        self.pungs: list[int] = []
        self.pair = -1
        self.chow_sets = 0
        self.melded_kongs = 0
        self.concealed_kongs = 0
        self.concealed_pungs = 0  # concealed kongs included (§11.6)
        self.outside = 0  # sets and pair with a terminal or an honor
        self.fives = 0  # ... with a 5
        self.even_pungs = 0  # pungs and pair of 2, 4, 6 or 8
        self.combination = _NO_COMBINATION  # the combination fans, account-once applied
        self.combination_features = 0  # their R_COMBINATION bits
        self.features = 0
        self._wait: str | None = None  # the wait fan, judged on the first question
        shape = self.shape
        if shape == Shape.STANDARD:
            self.features = R_STANDARD
            self._standard()
        elif shape == Shape.SEVEN_PAIRS:
            self.features = R_SEVEN_PAIRS
        elif shape == Shape.KNITTED_STRAIGHT:
            self.features = R_KNITTED_STRAIGHT
            self._knitted_straight()
        elif shape == Shape.HONORS_AND_KNITTED:
            self.features = R_HONORS_AND_KNITTED
            if sum(hand.counts[:27]) == 9:
                self.features |= R_KNITTED_STRAIGHT
        elif shape == Shape.THIRTEEN_ORPHANS:
            self.features = R_THIRTEEN_ORPHANS
        elif shape == NINE_GATES:
            self.features = R_NINE_GATES

    @property
    def kongs(self) -> int:
        return self.melded_kongs + self.concealed_kongs

    def _standard(self) -> None:
        hand = self.hand
        win = hand.win
        chows = self.chows
        pungs = self.pungs
        hidden_pungs = 0
        win_in_hidden_chow = False
        hidden_pung_of_win = False
        for b in self.blocks:
            kind = b.kind
            if kind is BlockKind.CHOW:
                chows.append(b.tile)
                if b.meld is None and b.tile <= win <= b.tile + 2:
                    win_in_hidden_chow = True
            elif kind is BlockKind.PAIR:
                self.pair = b.tile
            else:
                pungs.append(b.tile)
                if kind is BlockKind.KONG:
                    if b.meld is _ANKAN:
                        self.concealed_kongs += 1
                    else:
                        self.melded_kongs += 1
                elif b.meld is None:
                    hidden_pungs += 1
                    if b.tile == win:
                        hidden_pung_of_win = True
            # Outside Hand, All Fives, All Even Pungs: what each set and the pair holds
            t = b.tile
            if t >= 27:
                self.outside += 1
                continue
            r = t % 9 + 1
            if kind is BlockKind.CHOW:
                if r == 1 or r == 7:
                    self.outside += 1
                elif 3 <= r <= 5:
                    self.fives += 1
            elif r == 1 or r == 9:
                self.outside += 1
            elif r == 5:
                self.fives += 1
            elif r % 2 == 0:
                self.even_pungs += 1
        # §11.2: a pung completed by the discarded winning tile is melded, unless a
        # concealed chow can take that tile instead. A part scored without its winning
        # tile may still give one pung to the discard (PartRules).
        melded_by_win = hidden_pung_of_win and not (
            hand.tsumo or win_in_hidden_chow or hand.win_hidden
        )
        if melded_by_win or (hidden_pungs and hand.discard_melds_a_pung()):
            hidden_pungs -= 1
        self.concealed_pungs = self.concealed_kongs + hidden_pungs
        self.chow_sets = len(chows)
        in_reference_order(chows)
        in_reference_order(pungs)
        if len(chows) >= 2 or len(pungs) >= 2:  # a combination needs two sets
            combination: Counts = {}
            allowed = self.rules.allowed
            chow_fans(chows, self.pair, combination, allowed)
            if len(chows) < 4:
                pung_fans(pungs, combination, allowed)
            if combination:
                _little(self.pair, combination, allowed)
                self.combination = combination
                bits = 0
                for fan in combination:
                    bits |= R_COMBINATION[fan]
                self.combination_features = bits
        f = self.features | self._set_features()
        if self.outside == 5:
            f |= R_OUTSIDE
        elif self.fives == 5:
            f |= R_FIVES
        elif self.even_pungs == 5:
            f |= R_EVEN_PUNGS
        if (win_in_hidden_chow or self.pair == win) and hand.unique_wait():
            f |= R_WAIT
        self.features = f

    def _knitted_straight(self) -> None:
        """§11.8: the knitted part counts as three chows; the fourth set and the pair
        score as in a standard hand, without combinations."""
        for b in self.blocks:
            kind = b.kind
            if kind is BlockKind.PAIR:
                self.pair = b.tile
            elif kind is BlockKind.CHOW:
                self.chows.append(b.tile)
            elif kind is not BlockKind.KNITTED:
                self.pungs.append(b.tile)
                if kind is BlockKind.KONG:
                    if b.meld is _ANKAN:
                        self.concealed_kongs += 1
                    else:
                        self.melded_kongs += 1
        self.chow_sets = 3 + len(self.chows)
        self.features |= self._set_features()
        if not self.hand.win_hidden:
            self.features |= R_WAIT

    def _set_features(self) -> int:
        f = 0
        if self.chow_sets == 4 and self.pair < 27:
            f |= R_ALL_CHOWS
        if self.melded_kongs or self.concealed_kongs:
            f |= R_KONGS
        if self.concealed_pungs >= 2:
            f |= R_CONCEALED_PUNGS
        pungs = self.pungs
        if len(pungs) == 4:
            f |= R_FOUR_PUNGS
        for p in pungs:
            if p >= 27 or p % 9 in (0, 8):
                f |= R_TERMINAL_OR_HONOR_PUNG
                break
        return f

    def wait_fan(self) -> str:
        """The reading's wait fan (§11.7), "" for none: asked once, then remembered."""
        fan = self._wait
        if fan is None:
            fan = self._wait = self._judge_wait()
        return fan

    def _judge_wait(self) -> str:
        if not self.features & R_WAIT:
            return ""
        if self.shape == Shape.KNITTED_STRAIGHT:
            return self._knitted_wait()
        # edge before closed before single, looking at every concealed chow and the pair
        # that hold the winning tile
        win = self.hand.win
        edge = closed = single = False
        for b in self.blocks:
            if b.meld is not None:
                continue
            if b.kind is BlockKind.CHOW:
                if win == b.tile + 1:
                    closed = True
                elif win == b.tile or win == b.tile + 2:
                    edge = True
            elif b.kind is BlockKind.PAIR and b.tile == win:
                single = True
        if edge:
            return "edge_wait"
        if closed:
            return "closed_wait"
        return "single_wait" if single else ""

    def _knitted_wait(self) -> str:
        """§11.8: waits judged without the knitted tiles, under the options' rule."""
        hand = self.hand
        win = hand.win
        mode = self.rules.knitted_waits
        suits = self.knitted_suits
        assert suits is not None
        knitted = {s * 9 + off + step for off, s in enumerate(suits) for step in (0, 3, 6)}
        if mode == "none_if_overlap" and win in knitted:
            return ""
        if hand.n_melds:
            # Only the pair is concealed besides the knitted tiles.
            return "single_wait" if win not in knitted or hand.counts[win] == 3 else ""
        rest = list(hand.counts)
        for k in knitted:
            rest[k] -= 1
        if rest[win] == 0:
            return ""
        rest[win] -= 1
        if len(wait_kinds(rest, 3)) != 1:
            return ""
        fan = ""
        if self.chows:
            first = self.chows[0]
            if win == first + 1:
                fan = "closed_wait"
            elif win in (first, first + 2):
                fan = "edge_wait"
        if not fan and self.pair == win:
            fan = "single_wait"
        if fan and mode == "no_edge_closed" and fan != "single_wait":
            return ""
        return fan


def _little(pair: int, combination: Counts, allowed: frozenset[str] | None) -> None:
    """A dragon (wind) pair turns Two Dragon Pungs (Big Three Winds) into the "little"
    fan (§12 fans 10, 9)."""
    if pair >= 31:
        little = "little_three_dragons"
        big = "two_dragon_pungs"
    elif pair >= 27:
        little = "little_four_winds"
        big = "big_three_winds"
    else:
        return
    if combination.get(big) and (allowed is None or little in allowed):
        del combination[big]
        combination[little] = 1


def hand_only(hand: HandFacts, rules: ReadingRules) -> ReadingFacts:
    """The hand without a reading: what the fans of the tiles alone are counted on."""
    return ReadingFacts(hand, "", (), None, rules)
