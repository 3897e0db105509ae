"""A documented, seedable random stream that never touches the global ``random``.

``SeededStream(key)`` yields 64-bit words ``SHA-256(key || counter_be64)[:8]`` for
counter = 0, 1, 2, … . Uniform integers below ``n`` use rejection sampling, so the
sequence is exactly reproducible by anyone with the key and this description.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_WORD = 1 << 64


class SeededStream:
    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer: list[int] = []

    def _word(self) -> int:
        if not self._buffer:
            digest = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            self._buffer = [int.from_bytes(digest[i : i + 8], "big") for i in (24, 16, 8, 0)]
        return self._buffer.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _WORD - _WORD % n
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates: for i from len-1 down to 1, swap items[i] with items[below(i+1)]."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
