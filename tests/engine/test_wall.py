import hashlib

import pytest

from engine.rng import SeededStream
from engine.tiles import full_tile_set
from engine.wall import Replacement, Wall, WallSpec, commitment, shuffle_key, verify

TAIL, DEAD, LIVE_TAIL = Replacement.TAIL, Replacement.DEAD_WALL, Replacement.LIVE_TAIL

RIICHI = WallSpec(
    red_fives=(1, 1, 1),
    dead_wall=14,
    replacement_positions=(0, 1, 2, 3),
    dora_positions=(4, 6, 8, 10, 12),
    ura_positions=(5, 7, 9, 11, 13),
    replenish_dead_wall=True,
)


def test_shuffle_is_a_pure_function_of_seed_and_hand() -> None:
    spec = WallSpec(flowers=True)
    a = Wall.build(spec, "seed-1", 3)
    assert a == Wall.build(spec, "seed-1", 3)
    assert a.tiles != Wall.build(spec, "seed-1", 4).tiles
    assert a.tiles != Wall.build(spec, "seed-2", 3).tiles
    assert sorted(a.tiles) == sorted(full_tile_set(flowers=True))


def test_anyone_can_check_a_finished_match() -> None:
    """The published commitment and the documented derivation rebuild every wall."""
    seed = "4f1c0d2b9a"
    published = commitment(seed)
    assert published == hashlib.sha256(seed.encode()).hexdigest()
    assert verify(seed, published) and not verify("other", published)
    key = hashlib.sha256(b"4f1c0d2b9a/hand/7").digest()
    assert key == shuffle_key(seed, 7)
    tiles = full_tile_set(flowers=False)
    SeededStream(key).shuffle(tiles)
    assert tuple(tiles) == Wall.build(WallSpec(), seed, 7).tiles


def test_tail_replacements_without_dead_wall() -> None:
    wall = Wall.build(WallSpec(flowers=True), "s", 0)
    assert wall.replacement_index(TAIL, 0) == 143 and wall.replacement_index(TAIL, 2) == 141
    assert wall.live_end(TAIL, 3) == 141 and wall.remaining(TAIL, 3, 52) == 89
    assert wall.dead_wall_remaining(TAIL, 3) == 0 and wall.replacement_available(TAIL, 3, 140)
    assert not wall.replacement_available(TAIL, 3, 141)


def test_dead_wall_layout() -> None:
    wall = Wall.build(RIICHI, "s", 0)
    assert wall.dead_index(0) == 122
    assert wall.dora_indicator(0) == wall.tiles[126]
    assert wall.ura_indicator(0) == wall.tiles[127]
    assert wall.replacement_index(DEAD, 3) == 125
    assert wall.live_end(DEAD, 0) == 122 and wall.live_end(DEAD, 2) == 120
    assert wall.dead_wall_remaining(DEAD, 2) == 14  # replenished from the live wall
    assert wall.replacement_available(DEAD, 3, 0) and not wall.replacement_available(DEAD, 4, 0)
    with pytest.raises(IndexError):
        wall.replacement_index(DEAD, 4)
    fixed = WallSpec(dead_wall=14, replacement_positions=(0, 1, 2, 3), hand_size=16)
    assert Wall.build(fixed, "s", 0).live_end(DEAD, 4) == 122
    assert Wall.build(fixed, "s", 0).dead_wall_remaining(DEAD, 3) == 11


def test_live_tail_replacements_leave_the_dead_wall() -> None:
    wall = Wall.build(WallSpec(dead_wall=16, flowers=True), "s", 0)
    assert wall.replacement_index(LIVE_TAIL, 0) == 127 and wall.live_end(LIVE_TAIL, 2) == 126
    assert wall.dead_wall_remaining(LIVE_TAIL, 2) == 16


def test_bad_specs_are_rejected() -> None:
    with pytest.raises(ValueError):
        WallSpec(hand_size=14)
    with pytest.raises(ValueError):
        WallSpec(dead_wall=4, dora_positions=(5,))
