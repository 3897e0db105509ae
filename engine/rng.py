"""A documented, seedable random stream that never touches the global ``random``.

``SeededStream(key)`` yields 64-bit words ``SHA-256(key || counter_be64)[:8]`` for
counter = 0, 1, 2, … . Uniform integers below ``n`` use rejection sampling, so the
sequence is exactly reproducible by anyone with the key and this description.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from struct import Struct
from typing import TypeVar

T = TypeVar("T")

_WORD = 1 << 64
_FOUR_WORDS = Struct(">4Q")  # a digest as four big-endian 64-bit words
_LIMITS = tuple(_WORD - _WORD % n if n else 0 for n in range(256))  # rejection bounds


class SeededStream:
    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer: list[int] = []

    def _refill(self) -> list[int]:
        """The next digest's words, last word first (``pop`` takes them in order), as the
        stream's buffer."""
        digest = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        a, b, c, d = _FOUR_WORDS.unpack(digest)
        self._buffer = [d, c, b, a]
        return self._buffer

    def _word(self) -> int:
        buffer = self._buffer
        return (buffer or self._refill()).pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _WORD - _WORD % n
        while True:
            w = (self._buffer or self._refill()).pop()
            if w < limit:
                return w % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates: for i from len-1 down to 1, swap items[i] with items[below(i+1)]."""
        buffer = self._buffer  # the stream's own list: popping here advances the stream
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < len(_LIMITS) else _WORD - _WORD % n
            while True:  # ``below(n)``, inlined: a wall shuffle makes 100+ of them
                if not buffer:
                    buffer = self._refill()
                w = buffer.pop()
                if w < limit:
                    break
            j = w % n
            items[i], items[j] = items[j], items[i]
