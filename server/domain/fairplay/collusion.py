"""Collusion signals: a projection of the stored event logs into per-pair evidence for
administrators (docs/fair-play.md, "Collusion signals"). Pure: ``match_facts`` reads one
match's logged events, ``analyse`` compares every pair of players against the
population; ``server.domain.fairplay.source`` feeds them from the store.

Per pair of players {A, B} who sat at the same table:

* **Together**: matches and hands played at one table.
* **Deal-ins**: hands A lost by discarding B's winning tile, and B into A, against what
  each one's deal-in rate into *other* opponents predicts (Poisson z-score).
* **Passed wins**: the engine logs every claim window with each seat's options
  (``claim_window_opened.options``) and every answer (``answered``), so a seat that was
  offered a win on the partner's discard (or kong) and answered ``pass`` is a fact of the
  log, not a guess. Compared with each one's pass rate on wins offered by others
  (binomial z-score; rates shrunk towards the population's, with a floor).
* **Chip flow**: the points moved directly between them by the hands' payments; the gross
  flow per hand together against the population of all pairs-in-a-hand (z-score), and the
  net flow A→B (z-score against zero).

The outlier score is Stouffer's combination of the three one-sided z-scores (the deal-in z,
the passed-win z and the larger of the two flow z), (z₁⁺ + z₂⁺ + z₃⁺) / √3. A pair is
*flagged* when it sat together in at least ``min_matches`` matches and its score reaches
``threshold``. A flag is a reason to look at the evidence, never a verdict: nothing here
acts on a player.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

METHOD = (
    "Per pair: deal-ins into each other against each player's deal-in rate into other "
    "opponents (Poisson z); wins offered on the partner's discard and passed against each "
    "player's pass rate on other offers (binomial z, shrunk to the population rate, floor "
    "1%); gross points moved between them per hand together against all pairs (z), and "
    "net flow against zero (z). Score = (z_deal+ + z_pass+ + max(z_gross, |z_net|)+) / sqrt(3); "
    "flagged when matches together >= min_matches and score >= threshold. Evidence only, "
    "never an automatic sanction."
)

DEAL_PRIOR = 30.0  # pseudo-exposures pulling a player's deal-in rate to the population's
PASS_PRIOR = 10.0  # pseudo-offers pulling a player's pass rate to the population's
PASS_FLOOR = 0.01  # nobody's pass rate is taken below 1 %
MAX_MOMENTS = 60  # evidence items kept per pair


@dataclass(frozen=True)
class Moment:
    """One piece of evidence: ``actor`` dealt into ``partner`` or passed ``partner``'s win."""

    kind: Literal["deal_in", "passed_win"]
    match_id: str
    hand_number: int
    label: str
    seq: int  # the discard's (deal-in) or the answer's (passed win) place in the log
    actor: str
    partner: str
    tile: int
    points: int = 0  # a deal-in: what the actor paid the partner for it
    partner_riichi: bool = False  # a deal-in: the partner had declared riichi

    def json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "match_id": self.match_id,
            "hand_number": self.hand_number,
            "label": self.label,
            "seq": self.seq,
            "actor": self.actor,
            "partner": self.partner,
            "tile": self.tile,
            "points": self.points,
            "partner_riichi": self.partner_riichi,
        }


@dataclass
class HandFacts:
    hand_number: int
    label: str
    players: tuple[str | None, ...]  # per hand seat: the player (None: a bot or open seat)
    deal_ins: list[Moment] = field(default_factory=list)  # actor = discarder
    offers: list[tuple[str | None, str | None, bool, Moment]] = field(default_factory=list)
    # (offered, discarder, passed, moment): a win offered to ``offered`` on a discard or
    # kong of ``discarder``; ``moment`` describes the pass when it was passed
    flow: dict[tuple[str | None, str | None], int] = field(default_factory=dict)  # payer→payee


@dataclass
class MatchFacts:
    match_id: str
    players: tuple[str | None, ...]  # per table place
    hands: list[HandFacts] = field(default_factory=list)


def is_player(occupant: str) -> bool:
    return bool(occupant) and occupant != "open" and not occupant.startswith("bot:")


def match_facts(
    match_id: str,
    seats: Sequence[str],
    events: Iterable[tuple[int, Mapping[str, Any]]],
    voided_hands: Collection[int] = (),
    standins: Sequence[Sequence[int]] | None = None,
) -> MatchFacts:
    """The facts of one match from its logged events, ``(seq, event JSON)`` in order;
    ``seats`` are the table's occupants per place (bots and open seats count as nobody).
    A hand in ``voided_hands`` (voided by a correction) is left out; in a hand listed in
    ``standins[place]`` (a stand-in bot played that place for its absent player) that
    place counts as nobody, like a bot (docs/fair-play.md)."""
    places = tuple(s if is_player(s) else None for s in seats)
    out = MatchFacts(match_id, places)
    stood_in = [set(h) for h in standins or ()]
    hand: HandFacts | None = None
    seating: list[int] = [0, 1, 2, 3]
    riichi: set[int] = set()
    window: Mapping[str, Any] | None = None
    discard_seq = 0
    offered: dict[int, int] = {}  # seat → discarder of the open window, for seats offered a win
    for seq, ev in events:
        kind = ev.get("type")
        if kind == "hand_started":
            seating = [int(p) for p in ev.get("seating", (0, 1, 2, 3))]
            number = int(ev.get("hand_number", 0))
            if number in voided_hands:
                hand = None  # its events are skipped up to the next hand's start
                continue
            hand = HandFacts(
                number,
                str(ev.get("label", "")),
                tuple(
                    places[p]
                    if p < len(places) and not (p < len(stood_in) and number in stood_in[p])
                    else None
                    for p in seating
                ),
            )
            out.hands.append(hand)
            riichi = set()
            window = None
            offered = {}
        elif hand is None:
            continue
        elif kind == "discarded":
            discard_seq = seq
        elif kind == "riichi_accepted":
            riichi.add(int(ev["seat"]))
        elif kind == "claim_window_opened":
            window = ev
            offered = {}
            for s, actions in ev.get("options") or ():
                if any(a.get("type") == "win" for a in actions):
                    offered[int(s)] = int(ev["seat"])
        elif kind == "answered" and window is not None:
            s = int(ev["seat"])
            if s in offered:
                frm = offered.pop(s)
                passed = ev.get("action", {}).get("type") == "pass"
                moment = Moment(
                    "passed_win",
                    match_id,
                    hand.hand_number,
                    hand.label,
                    seq,
                    hand.players[s] or "",
                    hand.players[frm] or "",
                    int(window.get("tile", -1)),
                )
                hand.offers.append((hand.players[s], hand.players[frm], passed, moment))
        elif kind == "hand_ended":
            result = ev.get("result", {})
            for w in result.get("wins", ()):
                frm = w.get("from_seat")
                if frm is None:
                    continue
                hand.deal_ins.append(
                    Moment(
                        "deal_in",
                        match_id,
                        hand.hand_number,
                        hand.label,
                        discard_seq,
                        hand.players[int(frm)] or "",
                        hand.players[int(w["seat"])] or "",
                        int(w.get("tile", -1)),
                        partner_riichi=int(w["seat"]) in riichi,
                    )
                )
        elif kind == "settled":
            for pay in ev.get("payments", ()):
                payer, payee = pay.get("payer"), pay.get("payee")
                if payer is None or payee is None:
                    continue
                key = (hand.players[int(payer)], hand.players[int(payee)])
                hand.flow[key] = hand.flow.get(key, 0) + int(pay.get("amount", 0))
            if hand.deal_ins:  # what each deal-in cost its discarder
                hand.deal_ins = [
                    _with_points(m, hand.flow.get((m.actor or None, m.partner or None), 0))
                    for m in hand.deal_ins
                ]
    return out


def _with_points(m: Moment, points: int) -> Moment:
    return Moment(
        m.kind,
        m.match_id,
        m.hand_number,
        m.label,
        m.seq,
        m.actor,
        m.partner,
        m.tile,
        points,
        m.partner_riichi,
    )


@dataclass
class Population:
    matches: int = 0
    hands: int = 0
    deal_in_rate: float = 0.0  # deal-ins per (player, opponent, hand)
    pass_rate: float = 0.0  # passes per win offered
    flow_mean: float = 0.0  # gross points between two players of one hand
    flow_sd: float = 0.0
    net_sd: float = 0.0  # of the net points between two players of one hand

    def json(self) -> dict[str, Any]:
        return {
            "matches": self.matches,
            "hands": self.hands,
            "deal_in_rate": round(self.deal_in_rate, 5),
            "pass_rate": round(self.pass_rate, 5),
            "flow_mean": round(self.flow_mean, 2),
            "flow_sd": round(self.flow_sd, 2),
            "net_sd": round(self.net_sd, 2),
        }


@dataclass
class PairReport:
    a: str
    b: str  # a < b
    matches: list[str] = field(default_factory=list)
    hands: int = 0
    deal_a_into_b: int = 0
    deal_b_into_a: int = 0
    deal_expected: float = 0.0
    z_deal: float = 0.0
    offers: int = 0  # wins offered to one on the other's discard
    passed: int = 0
    pass_expected: float = 0.0
    z_pass: float = 0.0
    gross: int = 0  # points moved between them
    net_a_to_b: int = 0
    z_gross: float = 0.0
    z_net: float = 0.0
    score: float = 0.0
    flagged: bool = False
    moments: list[Moment] = field(default_factory=list)

    def json(self, names: Mapping[str, str] | None = None) -> dict[str, Any]:
        names = names or {}
        return {
            "players": [self.a, self.b],
            "names": [names.get(self.a, self.a), names.get(self.b, self.b)],
            "score": _r(self.score),
            "flagged": self.flagged,
            "matches": len(self.matches),
            "hands": self.hands,
            "deal_ins": {
                "a_into_b": self.deal_a_into_b,
                "b_into_a": self.deal_b_into_a,
                "expected": _r(self.deal_expected),
                "z": _r(self.z_deal),
            },
            "passed_wins": {
                "offers": self.offers,
                "passed": self.passed,
                "expected": _r(self.pass_expected),
                "z": _r(self.z_pass),
            },
            "chip_flow": {
                "gross": self.gross,
                "net_a_to_b": self.net_a_to_b,
                "per_hand": _r(self.gross / self.hands) if self.hands else 0.0,
                "z_gross": _r(self.z_gross),
                "z_net": _r(self.z_net),
            },
            "evidence": {
                "match_ids": list(self.matches),
                "moments": [m.json() for m in self.moments],
            },
        }


@dataclass
class Report:
    population: Population
    pairs: list[PairReport]  # every pair that met min_matches, highest score first
    min_matches: int
    threshold: float

    @property
    def flagged(self) -> list[PairReport]:
        return [p for p in self.pairs if p.flagged]


@dataclass
class _Player:
    hands: int = 0
    exposures: int = 0  # (hand, opponent) pairs
    deal_ins: int = 0
    offers: int = 0
    passes: int = 0


def _r(x: float) -> float:
    return round(x, 3)


def _z_poisson(k: float, expected: float) -> float:
    return (k - expected) / math.sqrt(max(expected, 1.0))


def analyse(
    matches: Sequence[MatchFacts], *, min_matches: int = 5, threshold: float = 3.0
) -> Report:
    players: dict[str, _Player] = defaultdict(_Player)
    pairs: dict[tuple[str, str], PairReport] = {}
    directed_deal: dict[tuple[str, str], int] = defaultdict(int)
    directed_offer: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    total_deals = total_exposures = total_offers = total_passes = 0
    pair_hands = 0
    gross_sum = gross_sq = net_sq = 0.0
    pop = Population(matches=len(matches))
    for match in matches:
        seen_pairs: set[tuple[str, str]] = set()
        for hand in match.hands:
            pop.hands += 1
            seated = [p for p in hand.players if p is not None]
            n = len(hand.players)
            for p in seated:
                players[p].hands += 1
                players[p].exposures += n - 1
            total_exposures += len(seated) * (n - 1)
            for m in hand.deal_ins:
                if m.actor:
                    players[m.actor].deal_ins += 1
                    total_deals += 1
                    if m.partner:
                        directed_deal[(m.actor, m.partner)] += 1
            for offered, frm, passed, _ in hand.offers:
                if offered is None:
                    continue
                players[offered].offers += 1
                players[offered].passes += passed
                total_offers += 1
                total_passes += passed
                if frm is not None:
                    d = directed_offer[(offered, frm)]
                    d[0] += 1
                    d[1] += passed
            for i, a in enumerate(seated):
                for b in seated[i + 1 :]:
                    if a == b:
                        continue
                    key = (a, b) if a < b else (b, a)
                    pair = pairs.get(key)
                    if pair is None:
                        pair = pairs[key] = PairReport(*key)
                    if key not in seen_pairs:
                        seen_pairs.add(key)
                        pair.matches.append(match.match_id)
                    pair.hands += 1
                    x, y = key
                    to_y = hand.flow.get((x, y), 0)
                    to_x = hand.flow.get((y, x), 0)
                    pair.gross += to_y + to_x
                    pair.net_a_to_b += to_y - to_x
                    pair_hands += 1
                    gross_sum += to_y + to_x
                    gross_sq += (to_y + to_x) ** 2
                    net_sq += (to_y - to_x) ** 2
                    for m in hand.deal_ins:
                        if {m.actor, m.partner} == {x, y} and len(pair.moments) < MAX_MOMENTS:
                            pair.moments.append(m)
                    for _, _frm, passed, m in hand.offers:
                        if (
                            passed
                            and {m.actor, m.partner} == {x, y}
                            and len(pair.moments) < MAX_MOMENTS
                        ):
                            pair.moments.append(m)
    pop.deal_in_rate = total_deals / total_exposures if total_exposures else 0.0
    pop.pass_rate = total_passes / total_offers if total_offers else 0.0
    if pair_hands:
        pop.flow_mean = gross_sum / pair_hands
        pop.flow_sd = math.sqrt(max(gross_sq / pair_hands - pop.flow_mean**2, 0.0))
        pop.net_sd = math.sqrt(net_sq / pair_hands)

    def deal_rate(p: str, other: str, hands_together: int) -> float:
        s = players[p]
        k = s.deal_ins - directed_deal.get((p, other), 0)
        e = s.exposures - hands_together
        return (k + DEAL_PRIOR * pop.deal_in_rate) / (max(e, 0) + DEAL_PRIOR)

    def pass_rate(p: str, other: str) -> float:
        s = players[p]
        n, k = directed_offer.get((p, other), (0, 0))
        q = (s.passes - k + PASS_PRIOR * pop.pass_rate) / (max(s.offers - n, 0) + PASS_PRIOR)
        return min(max(q, PASS_FLOOR), 1.0 - PASS_FLOOR)

    out: list[PairReport] = []
    for (a, b), pair in pairs.items():
        if len(pair.matches) < min_matches:
            continue
        pair.deal_a_into_b = directed_deal.get((a, b), 0)
        pair.deal_b_into_a = directed_deal.get((b, a), 0)
        pair.deal_expected = pair.hands * (
            deal_rate(a, b, pair.hands) + deal_rate(b, a, pair.hands)
        )
        pair.z_deal = _z_poisson(pair.deal_a_into_b + pair.deal_b_into_a, pair.deal_expected)
        mean = var = 0.0
        for x, y in ((a, b), (b, a)):
            n, k = directed_offer.get((x, y), (0, 0))
            q = pass_rate(x, y)
            pair.offers += n
            pair.passed += k
            mean += n * q
            var += n * q * (1 - q)
        pair.pass_expected = mean
        pair.z_pass = (pair.passed - mean) / math.sqrt(var) if var > 0 else 0.0
        if pop.flow_sd > 0:
            pair.z_gross = (pair.gross - pair.hands * pop.flow_mean) / (
                pop.flow_sd * math.sqrt(pair.hands)
            )
        if pop.net_sd > 0:
            pair.z_net = pair.net_a_to_b / (pop.net_sd * math.sqrt(pair.hands))
        flow = max(pair.z_gross, abs(pair.z_net))
        pair.score = (max(pair.z_deal, 0) + max(pair.z_pass, 0) + max(flow, 0)) / math.sqrt(3)
        pair.flagged = pair.score >= threshold
        pair.moments.sort(key=lambda m: (m.match_id, m.seq))
        out.append(pair)
    out.sort(key=lambda p: (-p.score, p.a, p.b))
    return Report(pop, out, min_matches, threshold)
