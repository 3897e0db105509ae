"""Check Jantaku's riichi matches against libriichi (Mortal's riichi engine, shipped in
the PyPI ``mjai`` package as ``mjai.mlibriichi``; AGPL, so tests only).

``check_match`` plays a match in-process and, for each seat, feeds that seat's mjai
view (``rulesets.riichi.mjai.MjaiStream`` over ``engine.views.redact``, the very
messages an external bot receives) into a libriichi ``PlayerState``: an event that does
not fit the seat's state makes libriichi refuse it. At every point where the match waits
for an action, the actions Jantaku offers each seat (``TableView.legal``) must be the
ones libriichi's ``ActionCandidate`` allows there, and Jantaku's own hand must be the
one libriichi tracked; a seat Jantaku does not ask must be one libriichi lets do nothing.

``check_log`` feeds an exported seat log (``/api/matches/{id}/mjai?seat=N``) the same
way. Rule differences that cannot be aligned are listed in docs/mjai.md.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DeclareAbort,
    Discard,
    Kong,
    Pass,
    Pung,
    SelfDrawWin,
    Win,
)
from engine.bots import Bot
from engine.decide import start, step
from engine.simulate import acting_seat
from engine.state import SEATS, MatchState, Table
from engine.tiles import kind_of
from engine.views import redact, view_for
from rulesets.riichi.mjai import MjaiStream, parse_tile_name

FLAGS = (
    "can_discard",
    "can_riichi",
    "can_tsumo_agari",
    "can_ron_agari",
    "can_ankan",
    "can_kakan",
    "can_daiminkan",
    "can_pon",
    "can_chi_low",
    "can_chi_mid",
    "can_chi_high",
    "can_ryukyoku",
)


# the PyPI mjai package's rule-based bot as an external seat's command line (the seat
# number is appended, as mjai.app starts a submission)
RIICHIBOT = f"{shlex.quote(sys.executable)} -c " + shlex.quote(
    "import sys; from mjai.bot.riichibot import RiichiBot; RiichiBot(int(sys.argv[-1])).start()"
)


def require_mjai() -> None:
    """Skip the calling test without the ``mjai`` package, except where it must be there
    (``JANTAKU_TEST_MJAI_REQUIRED=1``: .ci/run installs it)."""
    import pytest

    if os.environ.get("JANTAKU_TEST_MJAI_REQUIRED"):
        import mjai.mlibriichi.state  # noqa: F401
    else:
        pytest.importorskip("mjai.mlibriichi.state", reason="pip install --no-deps mjai==0.2.1")


def player_state(seat: int) -> Any:
    from mjai.mlibriichi.state import PlayerState

    return PlayerState(seat)


def flags_of(legal: Iterable[Action]) -> set[str]:
    """The libriichi candidate flags that Jantaku's legal actions amount to."""
    out: set[str] = set()
    for a in legal:
        if isinstance(a, Discard):
            out.add("can_riichi" if a.riichi else "can_discard")
        elif isinstance(a, SelfDrawWin):
            out.add("can_tsumo_agari")
        elif isinstance(a, Win):
            out.add("can_ron_agari")
        elif isinstance(a, ConcealedKong):
            out.add("can_ankan")
        elif isinstance(a, AddedKong):
            out.add("can_kakan")
        elif isinstance(a, Kong):
            out.add("can_daiminkan")
        elif isinstance(a, Pung):
            out.add("can_pon")
        elif isinstance(a, Chow):
            out.add(_chow_flag(a))
        elif isinstance(a, DeclareAbort):
            out.add("can_ryukyoku")
        elif not isinstance(a, Pass):
            raise AssertionError(f"no libriichi counterpart for {a}")
    if "can_riichi" in out:
        out.add("can_discard")
    return out


def _chow_flag(a: Chow) -> str:
    # ``tiles`` are the two from the hand; the claimed tile is below, between or above them
    low, high = sorted(kind_of(t) for t in a.tiles)
    return "can_chi_mid" if high - low == 2 else "can_chi_low_or_high"


def libriichi_flags(cans: Any) -> set[str]:
    return {f for f in FLAGS if getattr(cans, f)}


@dataclass
class Mismatch:
    seat: int
    where: str  # the seat's last mjai message
    jantaku: list[str]
    libriichi: list[str]
    note: str = ""


@dataclass
class Report:
    decisions: int = 0  # (seat, waiting point) pairs compared
    messages: int = 0  # messages fed to libriichi, all seats
    mismatches: list[Mismatch] = field(default_factory=list)
    flags_seen: Counter[str] = field(default_factory=Counter)


Allow = Callable[[int, dict[str, Any], set[str], set[str], MatchState], str | None]


class SeatCheck:
    """One seat's libriichi state, fed that seat's mjai messages as they appear."""

    def __init__(self, seat: int, names: Sequence[str]) -> None:
        self.seat = seat
        self.stream = MjaiStream(seat, names)
        self.state = player_state(seat)
        self.fed = 0
        self.cans: Any = None
        self.last: dict[str, Any] = {}
        self.early: list[tuple[dict[str, Any], set[str]]] = []  # acts libriichi saw mid-step

    def feed(self, report: Report) -> int:
        """Feed the new messages; remember what libriichi let the seat do after each one
        but the last (Jantaku asks only where the match waits)."""
        self.early = []
        new = self.stream.out[self.fed :]
        self.fed = len(self.stream.out)
        for i, msg in enumerate(new):
            before = self.cans
            try:
                self.cans = self.state.update(json.dumps(msg))
            except BaseException as exc:  # libriichi panics are BaseException
                raise AssertionError(f"seat {self.seat}: libriichi refuses {msg}: {exc}") from None
            report.messages += 1
            if msg["type"] == "dora" and self.last.get("type") == "dahai":
                # an open kong's indicator turns after the replacement's discard: the
                # answers are to that discard (newer libriichi keeps its candidates
                # over a dora message; this one forgets them, see docs/mjai.md)
                self.cans = before
                continue
            self.last = msg
            if i < len(new) - 1 and new[i + 1]["type"] != "dora":
                flags = libriichi_flags(self.cans)
                own_reach = msg["type"] == "reach" and msg.get("actor") == self.seat
                if flags and not own_reach:  # Jantaku's riichi is one action: reach+dahai
                    self.early.append((msg, flags))
        return len(new)


def check_match(
    table: Table,
    seed: str,
    bots: Sequence[Bot],
    *,
    allow: Allow | None = None,
) -> Report:
    """Play a match with ``bots`` (by player) and compare at every waiting point.
    ``allow(seat, last message, jantaku flags, libriichi flags, state)`` may name a known
    rule difference that explains a mismatch (then it is counted, not failed)."""
    report = Report()
    names = [f"p{i}" for i in range(SEATS)]
    checks = [SeatCheck(s, names) for s in range(SEATS)]
    state, events = start(table, seed)
    while True:
        for c in checks:
            for ev in events:
                c.stream.feed(redact(ev, c.seat))
            fresh = c.feed(report)
            for msg, flags in c.early:
                _record(report, allow, c.seat, msg, set(), flags, state)
            # compared where the seat's view moved on (a claim answer moves no view)
            if fresh and not state.over:
                _compare(report, allow, c, state, view_for(state, c.seat).legal)
        if state.over:
            break
        seat = acting_seat(state)
        assert seat is not None
        action = bots[state.seating[seat]].act(view_for(state, seat))
        state, events = step(state, action)
    return report


def _compare(
    report: Report,
    allow: Allow | None,
    c: SeatCheck,
    state: MatchState,
    legal: Sequence[Action],
) -> None:
    ours = flags_of(legal)
    theirs = libriichi_flags(c.cans) if c.cans is not None else set()
    report.decisions += 1
    if "can_chi_low_or_high" in ours:  # which of the two is fixed by the claimed tile
        ours.discard("can_chi_low_or_high")
        claimed = parse_tile_name(str(c.last["pai"]))
        for a in legal:
            if isinstance(a, Chow) and _chow_flag(a) != "can_chi_mid":
                low = min(kind_of(t) for t in a.tiles)
                ours.add("can_chi_low" if kind_of(claimed) < low else "can_chi_high")
    report.flags_seen.update(ours)
    if ours != theirs:
        _record(report, allow, c.seat, c.last, ours, theirs, state)
        return
    if not legal:
        return
    hand = state.hand
    assert hand is not None
    mine = Counter(kind_of(t) for t in hand.seats[c.seat].hand)
    tracked = Counter({k: n for k, n in enumerate(c.state.tehai) if n})
    if mine != tracked:
        raise AssertionError(f"seat {c.seat}: Jantaku holds {mine}, libriichi {tracked}")
    if "can_discard" in ours and not c.state.self_riichi_accepted:
        ours_kinds = {kind_of(a.tile) for a in legal if isinstance(a, Discard) and not a.riichi}
        forbidden = c.state.forbidden_tiles
        theirs_kinds = {k for k, n in enumerate(c.state.tehai) if n and not forbidden[k]}
        if ours_kinds != theirs_kinds:
            raise AssertionError(
                f"seat {c.seat} after {c.last}: Jantaku lets it discard {sorted(ours_kinds)}, "
                f"libriichi {sorted(theirs_kinds)}"
            )


def _record(
    report: Report,
    allow: Allow | None,
    seat: int,
    msg: dict[str, Any],
    ours: set[str],
    theirs: set[str],
    state: MatchState,
) -> None:
    note = allow(seat, msg, ours, theirs, state) if allow is not None else None
    report.mismatches.append(
        Mismatch(seat, json.dumps(msg), sorted(ours), sorted(theirs), note or "")
    )


def check_log(seat: int, messages: Sequence[dict[str, Any]]) -> int:
    """Feed one seat's exported log to libriichi (it refuses an event that does not fit
    the seat's state); the number of messages."""
    ps = player_state(seat)
    for msg in messages:
        try:
            ps.update(json.dumps(msg))
        except BaseException as exc:
            raise AssertionError(f"seat {seat}: libriichi refuses {msg}: {exc}") from None
    return len(messages)
