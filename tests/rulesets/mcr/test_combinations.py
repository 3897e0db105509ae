"""The combination fans of one arrangement's chows and pungs (mcr.md §11.5)."""

from __future__ import annotations

from rulesets.mcr.combinations import chow_fans, order_key, pung_fans


def kinds(text: str) -> list[int]:
    """'123m 789s' -> first kinds of the chows/pungs, in reference order."""
    out = []
    for group in text.split():
        suit = "mpsz".index(group[-1])
        out.append(suit * 9 + int(group[0]) - 1)
    return sorted(out, key=order_key)


def chows(text: str, pair: int = 33) -> dict[str, int]:
    out: dict[str, int] = {}
    chow_fans(kinds(text), pair, out)
    return out


def pungs(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    pung_fans(kinds(text), out)
    return out


def test_account_once_with_four_chows() -> None:
    # §14 example 6: four possible pairs, three counted; duplicates dropped first
    assert chows("123m 789m 123s 789s") == {"mixed_double_chow": 2, "two_terminal_chows": 1}
    assert chows("234s 234p 234p 567p") == {
        "pure_double_chow": 1, "mixed_double_chow": 1, "short_straight": 1,
    }
    # two separate couples: one fan each
    assert chows("123m 123m 567p 567s") == {"pure_double_chow": 1, "mixed_double_chow": 1}


def test_three_chow_fan_plus_one() -> None:
    assert chows("123m 456m 789m 123m") == {"pure_straight": 1, "pure_double_chow": 1}
    assert chows("123m 456p 789s 456m") == {"mixed_straight": 1, "mixed_double_chow": 1}
    assert chows("123s 234s 345s 456s") == {"four_pure_shifted_chows": 1}
    assert chows("123p 345p 567p 789p") == {"four_pure_shifted_chows": 1}
    assert chows("345s 345s 345s 345s") == {"quadruple_chow": 1}


def test_three_chows() -> None:
    assert chows("123m 234p 345s") == {"mixed_shifted_chows": 1}
    assert chows("123m 345p 567s") == {}
    assert chows("123m 123p 123p") == {"mixed_double_chow": 1, "pure_double_chow": 1}


def test_terminal_chows() -> None:
    assert chows("123p 123p 789p 789p", pair=13) == {"pure_terminal_chows": 1}
    assert chows("123m 789m 123s 789s", pair=13) == {"three_suited_terminal_chows": 1}


def test_pungs() -> None:
    assert pungs("2m 2p 5m 5p") == {"double_pung": 2}
    assert pungs("2m 3m 4m 2p") == {"pure_shifted_pungs": 1, "double_pung": 1}
    assert pungs("3m 4p 5s 7z") == {"mixed_shifted_pungs": 1}
    assert pungs("7m 7p 7s") == {"triple_pung": 1}
    assert pungs("1z 2z 3z 4z") == {"big_four_winds": 1}
    assert pungs("1z 2z 4z 5z") == {"big_three_winds": 1}
    assert pungs("5z 6z 1m") == {"two_dragon_pungs": 1}
    assert pungs("5z 6z 7z 1z") == {"big_three_dragons": 1}
    assert pungs("6m 7m 8m 9m") == {"four_pure_shifted_pungs": 1}
