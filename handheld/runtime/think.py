"""How a computer player thinks on the cabinet.

Every game's computer has one entry point, `ai.think(position, level, rng, ...)`,
which returns a `Thinking`: a generator that yields after each slice of its work
and returns its choice. A slice is counted in nodes (positions searched, moves
tried), never in milliseconds, so a replay makes the same choices. Its nodes are
counted with `count(n)` as it searches, so the runtime can see how much one tick
of thinking did (tests/games/test_think_budget.py holds every game to a budget).

A match scene steps it with a `Thinker`, a few slices a tick, so thinking never
holds up a frame, and plays the answer no sooner than the game's pace; selfplay,
tests and tools run the same generator to its end with `run_to_end`.
"""

from __future__ import annotations

from typing import Any, Callable, Generator

Thinking = Generator[Any, None, Any]


class _Meter:
    nodes = 0


METER = _Meter()        # every node any computer has counted; Thinker reads its growth per tick


def count(nodes: int = 1) -> None:
    """A computer searched `nodes` more nodes (call it where the search counts them)."""
    METER.nodes += nodes


def run_to_end(gen: Thinking) -> Any:
    """Step `gen` until it returns, and return its choice."""
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def recorded(choice: Any, ticks: int) -> Thinking:
    """A choice a match journal kept, in place of thinking it again on a resume:
    it takes the `ticks` a Thinker stepped the search for, then has the same answer."""
    for _ in range(ticks - 1):
        yield
    return choice


def answered(choice: Any) -> Thinking:
    """A Thinking that needs no thought: returns `choice` at its first step."""
    return choice
    yield  # pragma: no cover  (makes this a generator)


class Thinker:
    """One computer's turn: steps its generator a tick at a time and keeps the answer.

    `slices`: slices per tick. `pace`: the fewest ticks a turn lasts, so even an
    instant answer is watched being thought (an int, or a function of the answer).
    `tick()` is one tick of a turn: True once the answer may be played. `answer` is
    the choice once the generator has returned (`done`), `ticks` the ticks thought
    so far, `nodes` the nodes counted in all of them and `last_nodes` in the last.
    """

    def __init__(self, gen: Thinking, slices: int = 1, pace: int | Callable[[Any], int] = 0):
        self._gen: Thinking | None = gen
        self.slices = slices
        self.pace = pace
        self.answer: Any = None
        self.ticks = 0
        self.nodes = 0
        self.last_nodes = 0

    @property
    def done(self) -> bool:
        return self._gen is None

    def step(self) -> bool:
        """One tick of thinking, `slices` slices; True once the answer is there."""
        self.ticks += 1
        before = METER.nodes
        for _ in range(self.slices):
            if self._gen is None:
                break
            try:
                next(self._gen)
            except StopIteration as stop:
                self.answer, self._gen = stop.value, None
        self.last_nodes = METER.nodes - before
        self.nodes += self.last_nodes
        return self._gen is None

    def tick(self, hurry: bool = False) -> bool:
        """Step, then True when the answer is there and the turn has lasted its
        pace (at once when `hurry`: a player holding FIRE to speed computers up)."""
        if not self.step():
            return False
        pace = self.pace(self.answer) if callable(self.pace) else self.pace
        return hurry or self.ticks >= pace
