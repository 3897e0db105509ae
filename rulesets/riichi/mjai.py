"""Convert a riichi match's events to the mjai protocol (one JSON object per line), the
form mjai bots (Mortal, mjai-manue, the mjai.app submissions) read and mjai-reviewer
reviews. See docs/mjai.md for the messages and the options mjai tools assume.

* Actors are seats 0..3 of the hand (riichi keeps the seating fixed; the first dealer
  is actor 0). ``kyoku`` is dealer + 1, ``bakaze`` ``E S W N``.
* Tiles: ``1m``..``9m``, ``1p``.., ``1s``.., honours ``E S W N P F C`` (P white, F green,
  C red), red fives ``5mr 5pr 5sr``; a tile the viewer may not see is ``?``.
* ``start_kyoku`` carries the 13-tile deals (the dealer's 14th is its first ``tsumo``)
  and the initial indicator; later indicators are ``dora`` events where Jantaku
  reveals them. A riichi discard is ``reach`` then ``dahai``; ``reach_accepted``
  follows when the declaration stands. ``hora`` (one per winner, priority order) and
  ``ryukyoku`` carry the score ``deltas`` of the settlement; then ``end_kyoku``.

``to_mjai`` is pure: events in, JSON-ready dicts out. ``seat_log`` builds what one seat
may see by passing every event through ``engine.views.redact`` first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    FlowerSetAside,
    HandEnded,
    HandStarted,
    KongDeclared,
    MatchEnded,
    MatchStarted,
    RiichiAccepted,
    Settled,
)
from engine.match import net
from engine.melds import MeldType
from engine.state import SEATS, HandResult
from engine.tiles import RED_FIVES, Tile, kind_of
from engine.views import redact

Message = dict[str, Any]
HIDDEN = "?"
WIND_LETTERS = ("E", "S", "W", "N")
HONOUR_LETTERS = ("E", "S", "W", "N", "P", "F", "C")
CALL_TYPES = {MeldType.CHI: "chi", MeldType.PON: "pon", MeldType.MINKAN: "daiminkan"}
ABORT_REASONS = {
    "nine_terminals": "kyushukyuhai",
    "four_winds": "sufonrenda",
    "four_riichi": "suchareach",
    "four_kongs": "sukaikan",
    "triple_ron": "sanchaho",
}


class MjaiError(ValueError):
    """The events are not a riichi match log from its start."""


def tile_name(tile: Tile | None) -> str:
    if tile is None:
        return HIDDEN
    if tile in RED_FIVES:
        return f"5{'mps'[RED_FIVES.index(tile)]}r"
    k = kind_of(tile)
    if k >= 27:
        return HONOUR_LETTERS[k - 27]
    return f"{k % 9 + 1}{'mps'[k // 9]}"


def parse_tile_name(name: str) -> Tile:
    """The Jantaku tile of an mjai tile name (``ValueError`` for an unknown name)."""
    if name in HONOUR_LETTERS:
        return 27 + HONOUR_LETTERS.index(name)
    if len(name) == 3 and name[0] == "5" and name[2] == "r" and name[1] in "mps":
        return RED_FIVES["mps".index(name[1])]
    if len(name) == 2 and name[0] in "123456789" and name[1] in "mps":
        return "mps".index(name[1]) * 9 + int(name[0]) - 1
    raise ValueError(f"'{name}' is not an mjai tile")


def _sort_key(tile: Tile) -> tuple[int, int]:
    return (kind_of(tile), 1 if tile in RED_FIVES else 0)


def _names(tiles: Sequence[Tile]) -> list[str]:
    return [tile_name(t) for t in tiles]


def _without(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


class MjaiStream:
    """The converter, fed one event at a time (``feed``); ``out`` holds the messages so
    far. A hand's ``start_kyoku`` appears once its deal is complete (at the first draw)."""

    def __init__(
        self, viewer: int | None, names: Sequence[str] | None, ruleset: str = "riichi"
    ) -> None:
        self.viewer = viewer
        # the ruleset whose logs it takes: riichi, or (outside the exports, which refuse
        # mjai for three players) sanma in the three-player dialect riichienv reads
        # (three seats, a kita as ``{"type": "kita", "pai": "N"}``): the decision
        # differential, scripts/sanma_decisions.py
        self.ruleset = ruleset
        self.seats = SEATS
        self.names = list(names) if names is not None else ["A", "B", "C", "D"]
        self.out: list[Message] = []
        self.scores: list[int] = []
        self.pot = 0
        self.seating: tuple[int, ...] = (0, 1, 2, 3)
        self.kyoku: Message | None = None  # start_kyoku waiting for the deal and indicator
        self.tehais: list[list[Tile | None]] = []
        self.result: HandResult | None = None

    def feed(self, ev: Event | None) -> None:
        if ev is None:
            return
        if not self.out and not isinstance(ev, MatchStarted):
            raise MjaiError("the log must begin with match_started")
        if self.kyoku is not None and not isinstance(ev, Dealt | DoraRevealed):
            self._flush_kyoku()
        if isinstance(ev, MatchStarted):
            if ev.ruleset != self.ruleset:
                raise MjaiError(f"mjai logs exist for riichi matches, not '{ev.ruleset}'")
            self.scores = list(ev.scores)
            self.seats = len(ev.scores)
            start: Message = {"type": "start_game", "names": self.names}
            if self.viewer is not None:
                start["id"] = self.viewer
            self.out.append(start)
        elif isinstance(ev, HandStarted):
            self.seating = tuple(ev.seating)
            self.tehais = [[] for _ in range(self.seats)]
            self.result = None
            self.kyoku = {
                "type": "start_kyoku",
                "bakaze": WIND_LETTERS[(ev.round_wind - 1) % 4],
                "dora_marker": HIDDEN,
                "kyoku": ev.dealer + 1,
                "honba": ev.honba,
                "kyotaku": self.pot // 1000,
                "oya": ev.dealer,
                "scores": [self.scores[self.seating[s]] for s in range(self.seats)],
            }
        elif isinstance(ev, Dealt):
            tiles: list[Tile | None] = list(ev.tiles) if ev.tiles is not None else [None] * ev.count
            self.tehais[ev.seat] += tiles
        elif isinstance(ev, DoraRevealed):
            if self.kyoku is not None:
                self.kyoku["dora_marker"] = tile_name(ev.indicator)
            else:
                self.out.append({"type": "dora", "dora_marker": tile_name(ev.indicator)})
        elif isinstance(ev, Drew):
            self.out.append({"type": "tsumo", "actor": ev.seat, "pai": tile_name(ev.tile)})
        elif isinstance(ev, Discarded):
            if ev.riichi:
                self.out.append({"type": "reach", "actor": ev.seat})
            self.out.append(
                {
                    "type": "dahai",
                    "actor": ev.seat,
                    "pai": tile_name(ev.tile),
                    "tsumogiri": ev.tsumogiri,
                }
            )
        elif isinstance(ev, FlowerSetAside):
            self.out.append({"type": "kita", "actor": ev.seat, "pai": tile_name(ev.tile)})
        elif isinstance(ev, RiichiAccepted):
            self.out.append({"type": "reach_accepted", "actor": ev.seat})
        elif isinstance(ev, Called):
            self.out.append(
                {
                    "type": CALL_TYPES[ev.meld.type],
                    "actor": ev.seat,
                    "target": ev.from_seat,
                    "pai": tile_name(ev.tile),
                    "consumed": _names(_without(ev.meld.tiles, ev.tile)),
                }
            )
        elif isinstance(ev, KongDeclared):
            self._kong(ev)
        elif isinstance(ev, HandEnded):
            self.result = ev.result
        elif isinstance(ev, Settled):
            self._settle(ev)
            self.scores = list(ev.scores)
            self.pot = ev.pot
        elif isinstance(ev, MatchEnded):
            final = sorted(ev.standings, key=lambda r: r.player)
            self.out.append({"type": "end_game", "scores": [final[p].score for p in self.seating]})

    def _flush_kyoku(self) -> None:
        assert self.kyoku is not None
        tehais = []
        for tiles in self.tehais:
            if len(tiles) != 13:
                raise MjaiError(f"a start hand holds {len(tiles)} tiles, not 13")
            shown = [t for t in tiles if t is not None]
            tehais.append(_names(sorted(shown, key=_sort_key)) + [HIDDEN] * (13 - len(shown)))
        self.kyoku["tehais"] = tehais
        self.out.append(self.kyoku)
        self.kyoku = None

    def _kong(self, ev: KongDeclared) -> None:
        if ev.kind == "concealed":
            consumed = _names(ev.meld.tiles) if ev.meld is not None else [HIDDEN] * 4
            self.out.append({"type": "ankan", "actor": ev.seat, "consumed": consumed})
            return
        if ev.meld is None or ev.tile is None:
            raise MjaiError("an added kong without its tiles")
        self.out.append(
            {
                "type": "kakan",
                "actor": ev.seat,
                "pai": tile_name(ev.tile),
                "consumed": _names(_without(ev.meld.tiles, ev.tile)),
            }
        )

    def _settle(self, ev: Settled) -> None:
        result = self.result
        if result is None:
            raise MjaiError("a settlement without its hand result")
        if result.outcome == "win":
            for w in result.wins:
                seat = w.seat
                msg: Message = {
                    "type": "hora",
                    "actor": seat,
                    "target": seat if w.from_seat is None else w.from_seat,
                    "pai": tile_name(w.tile),
                    "deltas": net(ev.payments, seat, self.seats),  # mjai actors are seats
                    "ura_markers": _names(w.context.ura_dora_indicators),
                }
                self.out.append(msg)
        else:
            ryukyoku: Message = {
                "type": "ryukyoku",
                "deltas": net(ev.payments, None, self.seats),
            }
            if result.outcome == "abortive_draw" and result.abort in ABORT_REASONS:
                ryukyoku["reason"] = ABORT_REASONS[result.abort]
            self.out.append(ryukyoku)
        self.out.append({"type": "end_kyoku"})


def to_mjai(
    events: Sequence[Event | None],
    *,
    viewer: int | None = None,
    names: Sequence[str] | None = None,
) -> list[Message]:
    """The mjai messages of a riichi match log (``engine.events``, in order; a finished
    match ends with ``end_game``, a running one stops where its events do). ``viewer``
    marks a seat's own log (``start_game`` carries its ``id``); redacted events (None
    tiles) become ``?`` and events redacted away (None) are skipped."""
    conv = MjaiStream(viewer, names)
    for ev in events:
        conv.feed(ev)
    if conv.kyoku is not None:
        conv._flush_kyoku()
    if not conv.out:
        raise MjaiError("the log must begin with match_started")
    return conv.out


def seat_log(
    events: Sequence[Event], seat: int, *, names: Sequence[str] | None = None
) -> list[Message]:
    """What ``seat`` may see of the match, as mjai messages: every event passes through
    the one redaction function (``engine.views.redact``) before it is converted."""
    if seat not in range(SEATS):
        raise MjaiError(f"seat {seat} is not 0..3")
    return to_mjai([redact(e, seat) for e in events], viewer=seat, names=names)
