import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.notation import NotationError, format_tiles, parse_tile, parse_tiles, sort_key
from engine.tiles import MAX_TILE


def test_parse_examples() -> None:
    assert parse_tiles("123m") == [0, 1, 2]
    assert parse_tiles("0p") == [43]
    assert parse_tiles("55z") == [31, 31]
    assert parse_tiles("f3") == [36]
    assert sorted(parse_tiles("5p3p4p")) == sorted(parse_tiles("345p"))
    assert parse_tiles(" 1 2 3 m ") == [0, 1, 2]
    assert parse_tile("7z") == 33


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12x3m", "unknown suit 'x' at 2"),
        ("123", "digits without a suit letter at 0"),
        ("m", "suit 'm' has no digits before it at 0"),
        ("18z", "no honor 8z (honors are 1z..7z) at 1"),
        ("f9", "flower needs a number 1..8 after 'f', got '9' at 0"),
        ("f", "flower needs a number 1..8 after 'f', got '' at 0"),
        ("12f3", "digits without a suit letter at 0"),
        ("1m!", "unexpected character '!' at 2"),
    ],
)
def test_bad_strings_name_position_and_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_tiles(text)
    assert str(err.value) == message


def test_parse_tile_wants_exactly_one() -> None:
    with pytest.raises(NotationError):
        parse_tile("12m")


@given(st.lists(st.integers(min_value=0, max_value=MAX_TILE), max_size=20))
def test_format_parse_round_trip(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    assert parse_tiles(text) == sorted(tiles, key=sort_key)
    assert format_tiles(parse_tiles(text)) == text
