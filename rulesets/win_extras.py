"""Table facts the rulesets score from ``WinContext.extra`` (the ``Table.win_extras`` hook).

Only a ruleset knows these rules, so the engine asks the ruleset's hook for them:

* ``bonus_tiles``: the flowers the winner set aside, a list of tiles (zung-jung.md §9.3).
* ``dealer_first_discard``: the win is on the dealer's first discard, before any call or
  kong (zung-jung.md 9.4.2, Blessing of Earth).
* ``paarenchan``: the dealer's 8th (or later) consecutive win while holding the deal; a
  hand without a dealer win breaks the streak (riichi.md §8.3).

A key is present only when it says something. Zung Jung reads the first two and riichi the
third, but every ruleset's table sets all three: the event logs of every ruleset carry them
(a win's context is logged), and the recorded logs must replay byte-identical
(tests/golden). A ruleset that stops sending a key changes its logs, a deliberate change
that records the golden set again.
"""

from __future__ import annotations

from engine.state import MatchState

PAARENCHAN_STREAK = 7  # earlier consecutive dealer wins that make the next one paarenchan


def win_extras(
    state: MatchState, seat: int, *, tsumo: bool, chankan: bool
) -> dict[str, object]:
    """The three facts above for a win by ``seat`` (in this key order: it is logged)."""
    hand = state.hand
    assert hand is not None
    flowers = hand.seats[seat].flowers
    out: dict[str, object] = {}
    if flowers:
        out["bonus_tiles"] = list(flowers)  # JSON-native: the log round-trips it
    log = hand.discard_log
    first = len(log) == 1 and log[0][0] == hand.dealer and hand.calls == 0
    if first and not tsumo and not chankan:
        out["dealer_first_discard"] = True
    if seat == hand.dealer and len(state.results) >= PAARENCHAN_STREAK:
        streak = 0
        for r in reversed(state.results):
            if r.dealer != hand.dealer or not any(w.seat == r.dealer for w in r.wins):
                break
            streak += 1
        if streak >= PAARENCHAN_STREAK:
            out["paarenchan"] = True
    return out
