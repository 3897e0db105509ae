from engine.tiles import (
    RED_MAN,
    RED_PIN,
    RED_SOU,
    counts_of,
    full_tile_set,
    is_flower,
    is_terminal_or_honor,
    kind_of,
    number_of,
    suit_of,
)


def test_kinds_and_red_fives() -> None:
    assert kind_of(RED_MAN) == 4 and kind_of(RED_SOU) == 22
    assert suit_of(22) == 2 and number_of(22) == 5
    assert is_terminal_or_honor(0) and is_terminal_or_honor(33) and not is_terminal_or_honor(4)
    assert is_flower(34) and is_flower(41) and not is_flower(42)


def test_full_tile_sets() -> None:
    assert len(full_tile_set(flowers=False)) == 136
    with_flowers = full_tile_set(flowers=True, red_fives=(1, 1, 1))
    assert len(with_flowers) == 144
    counts = counts_of(with_flowers)
    assert all(c == 4 for c in counts)  # a red five is still a five
    assert with_flowers.count(RED_MAN) == 1 and with_flowers.count(4) == 3
    two_pin = full_tile_set(flowers=False, red_fives=(1, 2, 0))
    assert (two_pin.count(RED_MAN), two_pin.count(RED_PIN), two_pin.count(RED_SOU)) == (1, 2, 0)
    assert two_pin.count(13) == 2 and two_pin.count(22) == 4
