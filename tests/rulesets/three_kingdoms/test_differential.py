"""Differential check (issue 9): when only one set can be turned face down, the scored
part is exactly a 14-tile MCR hand, so the Three Kingdoms total must equal the MCR
plugin's score of that hand plus the dora / riichi adjustments of §6-§7.

Hands: the MCR test generator's winning hands plus one extra set (a melded chow or pung,
or for riichi a concealed kong) that holds no copy of the winning tile; only hands where
exactly one face-down choice leaves a winning part are compared.
"""

from __future__ import annotations

from dataclasses import replace

from engine.context import WinContext
from engine.melds import Meld, MeldType
from engine.rng import SeededStream
from rulesets.mcr import RULESET as MCR
from rulesets.mcr.options import Options as MCROptions
from rulesets.three_kingdoms import RULESET as TK
from rulesets.three_kingdoms.dora import count_dora
from rulesets.three_kingdoms.face_down import choices
from rulesets.three_kingdoms.options import Options
from rulesets.three_kingdoms.scorer import _checked, score_choice
from tests.rulesets.mcr.generator import generate

MCR_OPTIONS = MCROptions(use_flowers=False)
OPTIONS = Options()


def _extra_set(win: WinContext, rng: SeededStream, riichi: bool) -> Meld | None:
    counts = win.all_counts()
    w = win.win_kind
    for _ in range(20):
        k = rng.below(34)
        if riichi:
            if counts[k] == 0 and k != w:
                return Meld(MeldType.ANKAN, (k, k, k, k))
            continue
        if rng.below(2) and k < 27 and k % 9 <= 6:
            kinds = (k, k + 1, k + 2)
            if w not in kinds and all(counts[j] < 4 for j in kinds):
                return Meld(MeldType.CHI, kinds)
        elif counts[k] <= 1 and k != w:
            return Meld(MeldType.PON, (k, k, k))
    return None


def _indicators(counts: list[int], w: int, rng: SeededStream, n: int) -> tuple[int, ...]:
    """``n`` indicators that keep every kind at four copies at most (``counts`` grows)."""
    out: list[int] = []
    while len(out) < n:
        k = rng.below(34)
        if counts[k] < 4 and k != w:
            counts[k] += 1
            out.append(k)
    return tuple(out)


def _expected(hand14: WinContext, riichi: bool) -> int | None:
    """The MCR plugin's total for the 14-tile hand, adjusted as §6-§7 say."""
    result = MCR.score(
        replace(hand14, riichi=False, dora_indicators=(), ura_dora_indicators=()), MCR_OPTIONS
    )
    if not result.patterns:
        return None
    fans = {p.id: p.points for p in result.patterns}
    points = sum(fans.values())
    counts = hand14.all_counts()
    dora = count_dora(counts, hand14.dora_indicators)
    if riichi:
        points -= fans.get("concealed_hand", 0)
        if "fully_concealed_hand" in fans:
            points += 1 - fans["fully_concealed_hand"]  # replaced by Self-Drawn
        points += 4 + count_dora(counts, hand14.ura_dora_indicators)
    if (dora or riichi) and "chicken_hand" in fans:
        points -= fans["chicken_hand"]
    return points + dora


def _run(seed: str, n: int, riichi: bool) -> int:
    rng = SeededStream(seed.encode())
    compared = 0
    for hand14 in generate(seed, n):
        if riichi and (hand14.is_open or hand14.haitei):
            continue
        hand14 = replace(hand14, flowers=0, riichi=riichi, last_tile_of_kind=False)
        extra = _extra_set(hand14, rng, riichi)
        if extra is None:
            continue
        counts = replace(hand14, melds=(*hand14.melds, extra)).all_counts()
        ind = _indicators(counts, hand14.win_kind, rng, rng.below(3))
        ura = _indicators(counts, hand14.win_kind, rng, len(ind)) if riichi else ()
        hand14 = replace(hand14, dora_indicators=ind, ura_dora_indicators=ura)
        hand17 = replace(hand14, melds=(*hand14.melds, extra))
        checked = _checked(hand17)
        winning = [
            c
            for c in choices(checked)
            if score_choice(checked, c, OPTIONS, MCR_OPTIONS) is not None
        ]
        if len(winning) != 1:
            continue
        assert winning[0].meld == extra
        want = _expected(hand14, riichi)
        got = TK.score(hand17, OPTIONS)
        assert got.total == want, (hand17.to_json(), got.to_json())
        compared += 1
    return compared


def test_forced_face_down_equals_mcr() -> None:
    assert _run("tk-differential", 400, riichi=False) >= 40


def test_forced_face_down_equals_mcr_with_riichi() -> None:
    assert _run("tk-differential-riichi", 600, riichi=True) >= 20
