from __future__ import annotations

from engine.context import WinContext
from rulesets.three_kingdoms.face_down import choices


def _hand(**kw: object) -> WinContext:
    return WinContext.from_json(kw)


def test_every_part_has_fourteen_tiles() -> None:
    win = _hand(
        concealed="234m234p67m55s234s", melds=[{"type": "pon", "tiles": "999s"}], win_tile="8m"
    )
    found = choices(win)
    assert found
    for c in found:
        assert c.part.tile_count == 14
        assert len(c.kinds) == 3


def test_melds_and_concealed_sets_are_offered() -> None:
    win = _hand(
        concealed="234m234p67m55s234s", melds=[{"type": "pon", "tiles": "999s"}], win_tile="8m"
    )
    described = {(c.describe()["tiles"], c.describe()["meld"], c.win_hidden) for c in choices(win)}
    assert ("999s", "pon", False) in described
    assert ("234p", None, False) in described
    assert ("678m", None, True) in described  # the winning tile goes down with its chow


def test_winning_kind_in_a_set_gives_both_readings() -> None:
    # 345s can go down with the winning 5s, or with the other 5s while the winner stays
    win = _hand(concealed="123m456m789m345s5s777p", win_tile="5s")
    downs = [c for c in choices(win) if c.kinds == (20, 21, 22)]
    assert {c.win_hidden for c in downs} == {True, False}
    for c in downs:
        assert c.part.tile_count == 14


def test_a_kong_meld_goes_down_whole() -> None:
    win = _hand(
        concealed="234m234p234s67m55s",
        melds=[{"type": "minkan", "tiles": "9999s"}],
        win_tile="8m",
    )
    kong = next(c for c in choices(win) if c.meld is not None)
    assert kong.describe() == {
        "tiles": "9999s",
        "set": "kong",
        "meld": "minkan",
        "winning_tile": False,
    }
    assert kong.part.melds == ()
