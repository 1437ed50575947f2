"""How a computer player thinks on the cabinet.

Every game's computer is a generator: it yields after each slice of its work (a
slice is counted in nodes or moves, never in milliseconds, so a replay makes the
same choices) and returns its choice. A match scene steps it with a `Thinker`, a
slice or a few per tick, so thinking never holds up a frame, and plays the
answer no sooner than the game's pace; selfplay, tests and tools run the same
generator to its end with `run_to_end`.
"""

from __future__ import annotations

from typing import Any, Generator

Thinking = Generator[Any, None, Any]


def run_to_end(gen: Thinking) -> Any:
    """Step `gen` until it returns, and return its choice."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


class Thinker:
    """One computer's turn: steps its generator and keeps the answer.

    `step(slices)` advances it by up to `slices` slices and counts a tick;
    `answer` is the choice once the generator has returned (`done`), and
    `ticks` how many ticks the turn has been thought over so far.
    """

    def __init__(self, gen: Thinking):
        self._gen: Thinking | None = gen
        self.answer: Any = None
        self.ticks = 0

    @property
    def done(self) -> bool:
        return self._gen is None

    def step(self, slices: int = 1) -> bool:
        """One tick of thinking; True once the answer is there."""
        self.ticks += 1
        for _ in range(slices):
            if self._gen is None:
                break
            try:
                next(self._gen)
            except StopIteration as stop:
                self.answer, self._gen = stop.value, None
        return self._gen is None
