"""Clocks the loop can run on: the real monotonic one, or a fake that tests move."""

from __future__ import annotations

import time


class MonotonicClock:
    def now_ns(self) -> int:
        return time.monotonic_ns()

    def sleep_until_ns(self, deadline_ns: int) -> None:
        delay = deadline_ns - time.monotonic_ns()
        if delay > 0:
            time.sleep(delay / 1e9)


class FakeClock:
    """Time moves only when told to; sleeping jumps to the deadline."""

    def __init__(self, start_ns: int = 0):
        self.t = start_ns

    def now_ns(self) -> int:
        return self.t

    def advance_ms(self, ms: float) -> None:
        self.t += int(ms * 1_000_000)

    def sleep_until_ns(self, deadline_ns: int) -> None:
        self.t = max(self.t, deadline_ns)
