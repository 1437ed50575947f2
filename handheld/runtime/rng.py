"""One seeded random stream per match, passed explicitly (never the global `random`).

Backed by the Mersenne Twister of the standard library: for integer seeds its
`random()`, `getrandbits()` and `_randbelow()` results have been stable across
CPython releases, so a seed replays bit for bit on the Pi's Python 3.11 and on
newer ones. Only integer-valued methods are exposed, so no float leaks into
hashed state.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "_r")

    def __init__(self, seed: int):
        if not isinstance(seed, int):
            raise TypeError(f"Rng seed must be an int, not {type(seed).__name__}")
        self.seed = seed
        # Any: its _randbelow (Random's own unbiased draw below n, the same numbers on every
        # Python since 3.2) is not in the type stubs
        self._r: Any = random.Random(seed)

    def randrange(self, n: int) -> int:
        """An int in [0, n)."""
        return self._r._randbelow(n) if n > 0 else 0

    def randint(self, lo: int, hi: int) -> int:
        """An int in [lo, hi], both ends included."""
        return lo + self._r._randbelow(hi - lo + 1)

    def chance(self, num: int, den: int) -> bool:
        """True with probability num/den, in integers."""
        return self._r._randbelow(den) < num

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self._r._randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self._r._randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def bits(self, k: int) -> int:
        return self._r.getrandbits(k)

    def fork(self, label: str) -> "Rng":
        """An independent stream derived from this one's seed and a label.

        Forking does not advance this stream, so adding a fork never changes
        the numbers the parent hands out.
        """
        digest = hashlib.blake2b(f"{self.seed}:{label}".encode(), digest_size=8).digest()
        return Rng(int.from_bytes(digest, "big"))

    def getstate(self):
        return self._r.getstate()

    def setstate(self, state) -> None:
        self._r.setstate(state)
