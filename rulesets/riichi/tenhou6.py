"""Export a finished riichi match to the tenhou.net/6 JSON log format, the format the
tenhou.net/6 viewer, mjai-reviewer (convlog) and many replay tools read.

Document::

    {"ver": "2.3", "title": [title, subtitle], "name": [seat 0..3],
     "rule": {"disp": "般南喰赤", "aka": 1, "aka51": 1, "aka52": 1, "aka53": 1},
     "sc": [final score / 100, result, ...per seat], "log": [hand, ...]}

A hand is an array of 17 items::

    [[kyoku, honba, riichi sticks on the table], [start scores by seat],
     [dora indicators], [ura indicators],
     start hand 0, draws 0, discards 0, ..., start hand 3, draws 3, discards 3,
     result]

* ``kyoku`` = 4 × (round wind − 1) + dealer seat (E1 = 0 … S4 = 7, W1 = 8).
* Tiles are numbers: 11–19 man, 21–29 pin, 31–39 sou, 41–47 East South West North
  White Green Red; red fives 51 (0m), 52 (0p), 53 (0s).
* Start hands hold 13 tiles; the dealer's 14th tile is the first entry of its draws.
* Draws: a tile, or a call string — chi ``"c" + claimed + own + own``; pon: the three
  tiles with ``"p"`` before the claimed one, placed first (from the left player),
  second (across) or third (from the right); open kan likewise with ``"m"`` placed first,
  second or fourth (and a ``0`` in the discards, since no discard follows the call).
* Discards: a tile, ``60`` for the tile just drawn (tsumogiri), ``"r"`` + tile or
  ``"r60"`` for the riichi declaration; closed kan ``own×3 + "a" + tile``; added kan the
  pon string with ``"p"`` replaced by ``"k" + added tile``.
* Result: ``["和了", deltas, [who, from (= who on tsumo), liable (= who if none),
  "30符1飜1000点" / "満貫8000点" / "…-…点" tsumo / "…点∀" dealer tsumo, "立直(1飜)", …],
  deltas, [...], ...]`` one pair per winner (priority order); ``["流局", deltas]``,
  ``["流し満貫", deltas]``; abortive draws ``["九種九牌"]``, ``["四風連打"]``,
  ``["四家立直"]``, ``["四槓散了"]``, ``["三家和了"]``. Deltas include honba and the
  deposits collected; a riichi stick placed during the hand shows only in the next
  hand's start scores and stick count (Tenhou's convention).
* Three players (sanma, ``rule.disp`` "三般南喰赤"): every per-seat array keeps four
  places, the absent North's left empty (``[]``, score ``0``, name ``""``, deltas ``0``);
  ``kyoku`` stays 4 × (round wind − 1) + dealer; a pon's placement counts the empty
  North seat (from seat 2, seat 0 calls across); a kita (North set aside) is ``"f44"``
  in the discards, its replacement the next draw. Sources: docs/rules/sanma.md
  ("Records").

Yaku are written with this ruleset's Japanese names (``PatternHit.ja``), which mostly
but not always match Tenhou's own spelling; viewers show them as given.

Every indicator, the initial one included, is a ``dora_revealed`` event of the log, so
the export needs neither the seed nor the walls. ``to_tenhou6`` is pure: events in, a
JSON-ready dict out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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
    Settled,
    TimeCalled,
)
from engine.match import net
from engine.melds import MeldType
from engine.scoring import Score
from engine.state import SEATS, HandResult, Payment, WinRecord
from engine.table_rules import Abort
from engine.tiles import RED_FIVES, Tile, kind_of
from rulesets.riichi.options import RiichiOptions
from rulesets.riichi.table import AKA_RED_FIVES

Item = int | str

TSUMOGIRI = 60
ABORT_NAMES: dict[str, str] = {
    Abort.NINE_TERMINALS.value: "九種九牌",
    Abort.FOUR_WINDS.value: "四風連打",
    Abort.FOUR_RIICHI.value: "四家立直",
    Abort.FOUR_KONGS.value: "四槓散了",
    Abort.TRIPLE_RON.value: "三家和了",
}
LIMIT_NAMES = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
}


class ExportError(ValueError):
    """The events are not a complete, unredacted riichi match log."""


def tile_code(tile: Tile) -> int:
    if tile in RED_FIVES:
        return 51 + RED_FIVES.index(tile)
    k = kind_of(tile)
    return 41 + (k - 27) if k >= 27 else 10 * (k // 9 + 1) + k % 9 + 1


def _codes(tiles: Sequence[Tile]) -> list[int]:
    return [tile_code(t) for t in tiles]


def _own(tiles: Sequence[Tile], claimed: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(claimed)
    return rest


def call_string(
    seat: int, from_seat: int, meld_type: MeldType, tiles: Sequence[Tile], claimed: Tile
) -> str:
    """The draw-column string of a chi, pon or open kan."""
    own = "".join(str(c) for c in _codes(_own(tiles, claimed)))
    called = str(tile_code(claimed))
    if meld_type is MeldType.CHI:
        return f"c{called}{own}"
    parts = [str(c) for c in _codes(_own(tiles, claimed))]
    where = (seat - from_seat - 1) % SEATS  # 0 left, 1 across, 2 right
    if meld_type is MeldType.PON:
        parts.insert(where, f"p{called}")
    else:
        parts.insert(3 if where == 2 else where, f"m{called}")
    return "".join(parts)


@dataclass
class _Hand:
    meta: list[int]
    scores: list[int]
    dora: list[int] = field(default_factory=list)
    haipai: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    draws: list[list[Item]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    discards: list[list[Item]] = field(default_factory=lambda: [[] for _ in range(SEATS)])
    result: HandResult | None = None
    row: list[Any] | None = None

    def dump(self) -> list[Any]:
        if self.row is None:
            raise ExportError("a hand has no result")
        out: list[Any] = [self.meta, self.scores, self.dora, self._ura()]
        for s in range(SEATS):
            out += [sorted(self.haipai[s], key=_sort_key), self.draws[s], self.discards[s]]
        out.append(self.row)
        return out

    def _ura(self) -> list[int]:
        best: list[int] = []
        for w in self.result.wins if self.result else ():
            ura = _codes(w.context.ura_dora_indicators)
            if len(ura) > len(best):
                best = ura
        return best


def _sort_key(code: int) -> tuple[int, int]:
    """Red fives (51-53) sort just after the plain fives of their suit."""
    return ((code - 50) * 10 + 5, 1) if code > 50 else (code, 0)


def points_text(score: Score, dealer: bool, tsumo: bool) -> str:
    details = score.details
    pay: dict[str, int] = dict(details["payment"])
    if not tsumo:
        amount = f"{pay['ron']}点"
    elif dealer:
        amount = f"{pay['non_dealer']}点∀"
    else:
        amount = f"{pay['non_dealer']}-{pay['dealer']}点"
    limit = details.get("limit")
    if limit:
        return f"{LIMIT_NAMES[str(limit)]}{amount}"
    return f"{details['fu']}符{details['han']}飜{amount}"


def yaku_texts(score: Score) -> list[str]:
    out = []
    for p in score.patterns:
        if p.value >= 13 and p.id not in ("dora", "aka_dora", "ura_dora"):
            out.append(f"{p.ja}(役満)")
        else:
            out.append(f"{p.ja}({p.points}飜)")
    return out


def _liable(win: WinRecord, payments: Sequence[Payment]) -> int:
    for p in payments:
        if p.reason == "pao" and p.payee == win.seat and p.payer is not None:
            return p.payer
    return win.seat


def result_row(result: HandResult, payments: Sequence[Payment]) -> list[Any]:
    if result.outcome == "win":
        row: list[Any] = ["和了"]
        for w in result.wins:
            tsumo = w.from_seat is None
            info: list[Any] = [
                w.seat,
                w.seat if tsumo else w.from_seat,
                _liable(w, payments),
                points_text(w.score, w.seat == result.dealer, tsumo),
                *yaku_texts(w.score),
            ]
            row += [net(payments, w.seat), info]
        return row
    if result.outcome == "abortive_draw":
        return [ABORT_NAMES.get(result.abort or "", "流局")]
    nagashi = any(p.reason == "nagashi_mangan" for p in payments)
    return ["流し満貫" if nagashi else "流局", net(payments)]


def rule_block(opts: RiichiOptions, seats: int = SEATS) -> dict[str, Any]:
    man, pin, sou = AKA_RED_FIVES[opts.aka_dora]
    aka = 1 if opts.aka_dora else 0
    disp = "般" + ("南" if opts.game_length == "hanchan" else "東") + "喰" + ("赤" if aka else "")
    if seats == 3:
        disp = "三" + disp  # Tenhou's three-player lobbies: 三般南喰赤
    return {"disp": disp, "aka": aka, "aka51": man, "aka52": pin, "aka53": sou}


def to_tenhou6(
    events: Sequence[Event],
    *,
    names: Sequence[str] | None = None,
    title: str = "Jantaku",
    ruleset: str = "riichi",
    options_model: type[RiichiOptions] = RiichiOptions,
) -> dict[str, Any]:
    """The tenhou.net/6 document of a finished match of ``ruleset`` (riichi, or a
    ruleset of riichi's options such as three-player riichi) from its unredacted events
    (``engine.events``, in order). ``names`` by seat (default A..D)."""
    started = next((e for e in events if isinstance(e, MatchStarted)), None)
    ended = next((e for e in events if isinstance(e, MatchEnded)), None)
    if started is None or ended is None:
        raise ExportError("the log must run from match_started to match_ended")
    if started.ruleset != ruleset:
        raise ExportError(f"not a {ruleset} match: {started.ruleset}")
    opts = options_model.model_validate(started.options)
    n = len(started.scores)  # seats at the table: 3 or 4; the arrays keep four places
    absent = [0] * (SEATS - n)

    scores = list(started.scores)
    pot = 0
    seating: tuple[int, ...] = tuple(range(n))
    hands: list[_Hand] = []
    hand: _Hand | None = None
    for ev in events:
        if isinstance(ev, HandStarted):
            seating = tuple(ev.seating)
            hand = _Hand(
                meta=[4 * (ev.round_wind - 1) + ev.dealer, ev.honba, pot // 1000],
                scores=[scores[seating[s]] for s in range(n)] + absent,
            )
            hands.append(hand)
        elif isinstance(ev, TimeCalled) and not ev.finish and hands:
            hands.pop()  # time was called before the hand began: it was never played
            hand = None
        elif isinstance(ev, Settled):
            if hand is not None and hand.result is not None:
                hand.row = result_row(hand.result, ev.payments)
            scores = list(ev.scores)
            pot = ev.pot
        elif hand is not None:
            _apply(hand, ev)
    standings = sorted(ended.standings, key=lambda r: r.player)
    sc: list[float] = []
    for s in range(n):
        row = standings[seating[s]]
        sc += [row.score / 100, row.points]
    sc += [0, 0] * (SEATS - n)
    named = list(names) if names is not None else ["A", "B", "C", "D"][:n]
    return {
        "ver": "2.3",
        "title": [title, ""],
        "name": named + [""] * (SEATS - len(named)),
        "rule": rule_block(opts, n),
        "sc": sc,
        "log": [h.dump() for h in hands],
    }


def _apply(hand: _Hand, ev: Event) -> None:
    if isinstance(ev, Dealt):
        if ev.tiles is None:
            raise ExportError("a redacted deal cannot be exported")
        hand.haipai[ev.seat] += _codes(ev.tiles)
    elif isinstance(ev, Drew):
        if ev.tile is None:
            raise ExportError("a redacted draw cannot be exported")
        hand.draws[ev.seat].append(tile_code(ev.tile))
    elif isinstance(ev, Discarded):
        code: Item = TSUMOGIRI if ev.tsumogiri else tile_code(ev.tile)
        hand.discards[ev.seat].append(f"r{code}" if ev.riichi else code)
    elif isinstance(ev, FlowerSetAside):  # kita: its replacement is the next draw
        hand.discards[ev.seat].append(f"f{tile_code(ev.tile)}")
    elif isinstance(ev, Called):
        text = call_string(ev.seat, ev.from_seat, ev.meld.type, ev.meld.tiles, ev.tile)
        hand.draws[ev.seat].append(text)
        if ev.meld.type is MeldType.MINKAN:
            hand.discards[ev.seat].append(0)
    elif isinstance(ev, KongDeclared):
        if ev.meld is None or ev.tile is None:
            raise ExportError("a redacted kong cannot be exported")
        if ev.kind == "concealed":
            codes = _codes(ev.meld.tiles)
            hand.discards[ev.seat].append("".join(map(str, codes[:3])) + f"a{codes[3]}")
        else:
            hand.discards[ev.seat].append(_added_kong(hand, ev.seat, ev.tile))
    elif isinstance(ev, DoraRevealed):
        hand.dora.append(tile_code(ev.indicator))
    elif isinstance(ev, HandEnded):
        hand.result = ev.result


def _added_kong(hand: _Hand, seat: int, tile: Tile) -> str:
    k = kind_of(tile)
    for item in hand.draws[seat]:
        if isinstance(item, str) and "p" in item:
            claimed = int(item[item.index("p") + 1 : item.index("p") + 3])
            if _kind_of_code(claimed) == k:
                return item.replace("p", f"k{tile_code(tile)}", 1)
    raise ExportError("an added kong without its pon")


def _kind_of_code(code: int) -> int:
    if code > 50:
        return (code - 51) * 9 + 4
    if code > 40:
        return 27 + code - 41
    return (code // 10 - 1) * 9 + code % 10 - 1
