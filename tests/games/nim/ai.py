"""Nim's computer players: `choose(state, level, rng) -> stones to take`."""

from __future__ import annotations

LEVELS = ("random", "perfect")
DEFAULT_LEVEL = "perfect"


def choose(state, level: str, rng) -> int:
    moves = state.legal_moves()
    if level == "perfect" and state.stones % 4:
        return state.stones % 4          # leave the opponent a multiple of four
    return rng.choice(moves)
