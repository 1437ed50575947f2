"""Nim's computer players: `LEVELS`, and `think(state, level, rng)` -> stones to take."""

from __future__ import annotations

from handheld.games.levels import Level, default
from handheld.runtime.think import Thinking, count, run_to_end

LEVELS = (Level("random", "RANDOM"), Level("perfect", "PERFECT", default=True))
DEFAULT_LEVEL = default(LEVELS).name
TICK_NODES = 1               # every answer is one node (docs/adding-a-game.md: the frame budget)
NODE_US = 20


def think(state, level: str, rng) -> Thinking:
    """Nim needs no search: the answer comes at the first step (one node)."""
    count()
    moves = state.legal_moves()
    if level == "perfect" and state.stones % 4:
        return state.stones % 4          # leave the opponent a multiple of four
    return rng.choice(moves)
    yield  # pragma: no cover  (makes this a generator)


def choose(state, level: str, rng) -> int:
    return run_to_end(think(state, level, rng))
