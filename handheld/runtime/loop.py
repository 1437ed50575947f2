"""The fixed 60 Hz loop.

Each pass: sample input, run one tick, draw, present. When the machine falls
behind (a slow frame, a GC pause), it runs extra ticks without drawing to catch
up, at most MAX_CATCHUP of them; beyond that it drops the lost time instead of
spiralling. Game speed is therefore always 60 ticks per second of wall time,
never slow motion, and a press is on screen within one frame.
"""

from __future__ import annotations

from dataclasses import dataclass

from handheld import TICK_HZ

TICK_NS = 1_000_000_000 // TICK_HZ
MAX_CATCHUP = 5


@dataclass
class LoopStats:
    ticks: int = 0
    frames: int = 0
    skipped_draws: int = 0
    dropped_ticks: int = 0


class FixedStepLoop:
    """Drives `tick()` at exactly TICK_HZ with an accumulator.

    `tick()` samples input and advances the game one step; `render()` draws and
    presents. Both are callables so the app, tests and bench can plug in.
    """

    def __init__(self, tick, render, clock, max_catchup: int = MAX_CATCHUP):
        self.tick = tick
        self.render = render
        self.clock = clock
        self.max_catchup = max_catchup
        self.stats = LoopStats()
        self._next_ns: int | None = None

    def step(self) -> None:
        """One pass: wait for the next tick, run due ticks, draw once."""
        now = self.clock.now_ns()
        if self._next_ns is None:
            self._next_ns = now
        if now < self._next_ns:
            self.clock.sleep_until_ns(self._next_ns)
            now = self.clock.now_ns()
        due = (now - self._next_ns) // TICK_NS + 1
        if due > self.max_catchup:
            self.stats.dropped_ticks += due - self.max_catchup
            self._next_ns += (due - self.max_catchup) * TICK_NS
            due = self.max_catchup
        for _ in range(due):
            self.tick()
            self.stats.ticks += 1
            self._next_ns += TICK_NS
        self.stats.skipped_draws += due - 1
        self.render()
        self.stats.frames += 1

    def run(self, should_stop) -> LoopStats:
        while not should_stop():
            self.step()
        return self.stats
