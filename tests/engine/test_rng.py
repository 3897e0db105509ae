import hashlib

import pytest

from engine.rng import SeededStream


def test_stream_is_the_documented_derivation() -> None:
    key = b"k"
    digest = hashlib.sha256(key + (0).to_bytes(8, "big")).digest()
    first_word = int.from_bytes(digest[0:8], "big")
    assert SeededStream(key).below(1 << 63) == first_word % (1 << 63)


def test_same_key_same_sequence_and_rough_uniformity() -> None:
    a, b = SeededStream(b"seed"), SeededStream(b"seed")
    xs = [a.below(6) for _ in range(6000)]
    assert xs == [b.below(6) for _ in range(6000)]
    for face in range(6):
        assert 850 < xs.count(face) < 1150


def test_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    SeededStream(b"x").shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    with pytest.raises(ValueError):
        SeededStream(b"x").below(0)
