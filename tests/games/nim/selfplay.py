"""Whole Nim games between computer players, headless."""

from __future__ import annotations

from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from . import ai, rules

TICKS_PER_MOVE = 30


def play_game(seed: int, level: str = ai.DEFAULT_LEVEL) -> dict:
    rng = Rng(seed)
    state = rules.new_game(rng)
    turns = 0
    while state.winner is None:
        state = rules.apply(state, ai.choose(state, level, rng))
        turns += 1
    return {"winner": f"P{state.winner + 1}", "turns": turns, "ticks": turns * TICKS_PER_MOVE,
            "state_hash": state_hash(state), "level": level}


def selfplay(seed: int, players: int | None = None, **options) -> dict:
    return play_game(seed, level=options.get("level", ai.DEFAULT_LEVEL))
