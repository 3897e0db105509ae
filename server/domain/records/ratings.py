"""Ratings per ruleset: OpenSkill's Plackett-Luce model over the counted matches (finished,
not voided) of one ruleset, in the order they ended, one update per match from its
corrected standings (ranks; a shared rank is a tie). Definitions: docs/ratings.md.

This module is pure: it replays an ordered list of matches from a prior state and says
what each match changed. Both stores call it inside the transaction that writes a match's
projection, replaying from that match onwards (so a correction or a void of an older
match recomputes everything after it); ``jantaku db rebuild-records`` replays from
nothing, which by construction gives the same rows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING

from server.ports.storage import HistoryRow as HistoryRow  # the stored types, named here too
from server.ports.storage import Rating as Rating

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

MU = 25.0  # the model's defaults (openskill's PlackettLuce())
SIGMA = 25.0 / 3


@cache
def model() -> PlackettLuce:
    """Imported on first use, so that the store loads without the package until a match
    is rated."""
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=MU, sigma=SIGMA)


def is_rated_seat(player: str) -> bool:
    """Bots are not rated: they play each match at the model's starting rating and are
    never stored (docs/ratings.md)."""
    return bool(player) and not player.startswith("bot:") and player != "open"


START = Rating(MU, SIGMA, 0)


@dataclass(frozen=True)
class RatedMatch:
    """A counted match: per table place, its occupant and corrected rank (1 = first)."""

    match_id: str
    ended: datetime
    players: Sequence[str]
    ranks: Sequence[int]

    @property
    def key(self) -> tuple[datetime, str]:
        return (self.ended, self.match_id)


def rate(ruleset: str, state: dict[str, Rating], match: RatedMatch) -> list[HistoryRow]:
    """Update ``state`` with one match; the history rows of its rated players."""
    priors = [state.get(p, START) if is_rated_seat(p) else START for p in match.players]
    teams = [[model().rating(mu=r.mu, sigma=r.sigma)] for r in priors]
    updated = model().rate(teams, ranks=[float(r) for r in match.ranks])
    rows: list[HistoryRow] = []
    for place, (player, prior, team) in enumerate(zip(match.players, priors, updated, strict=True)):
        if not is_rated_seat(player):
            continue
        new = Rating(float(team[0].mu), float(team[0].sigma), prior.matches + 1)
        state[player] = new
        rows.append(
            HistoryRow(
                ruleset, match.match_id, match.ended, player, place, match.ranks[place], prior, new
            )
        )
    return rows


def state_before(
    history: Iterable[HistoryRow], key: tuple[datetime, str] | None
) -> dict[str, Rating]:
    """Each player's rating after the history rows strictly before ``key`` (all: None)."""
    state: dict[str, Rating] = {}
    for row in sorted(history, key=lambda h: h.key):
        if key is not None and row.key >= key:
            break
        state[row.player] = row.after
    return state


def replay(
    ruleset: str, state: Mapping[str, Rating], matches: Iterable[RatedMatch]
) -> tuple[dict[str, Rating], list[HistoryRow]]:
    """Rate ``matches`` in the order they ended, starting from ``state``."""
    current = dict(state)
    rows: list[HistoryRow] = []
    for match in sorted(matches, key=lambda m: m.key):
        rows.extend(rate(ruleset, current, match))
    return current, rows


def ordered(state: Mapping[str, Rating]) -> list[tuple[str, Rating]]:
    """The rated leaderboard: by ordinal (mu - 3 sigma), then mu, then player id."""
    return sorted(state.items(), key=lambda pr: (-pr[1].ordinal, -pr[1].mu, pr[0]))


def rating_json(r: Rating) -> dict[str, float | int]:
    return {
        "rating": round(r.ordinal, 4),
        "mu": round(r.mu, 4),
        "sigma": round(r.sigma, 4),
        "matches": r.matches,
    }
