"""The computer players. `classic` is the 1988 rule chain, `strong` a shallow
search over the power economy; `think(state, level, rng)` is the entry point
(handheld/runtime/think.py) for one action of the player to act, and
`play_turn` runs one turn with a `decider` (also Help Me for a human)."""

from __future__ import annotations

from handheld.games.levels import Level, find
from handheld.runtime.think import Thinking, count, run_to_end

from . import classic, strong
from .classic import NOOP_LIMIT, choice_used, play_turn  # noqa: F401  (re-exported)

LEVELS = (Level("classic", "CLASSIC", default=True), Level("strong", "STRONG"))
SLICES_PER_TICK = 8         # a match thinks this many slices a tick (strong: one simulated action
                            # or one rolled-out turn each; classic answers in the first)
# tests/games/test_think_budget.py holds each tick of a match's thinking to TICK_NODES nodes;
# NODE_US is the CPU a node costs here (the mean over that test's scripted matches),
# and TICK_NODES x NODE_US stays under 2 ms.
TICK_NODES = 64             # 8 slices of one action or one turn's few (9 seen)
NODE_US = 10


def think(state, level: str, rng) -> Thinking:
    """The action `level` picks for the player to act, a slice at a time."""
    if find(LEVELS, level).name == "strong":
        return strong.search(state.copy())
    return _classic(state, rng)


def _classic(state, rng) -> Thinking:
    count()                 # one look down the rule chain
    return classic.decide(state, rng)
    yield  # pragma: no cover  (makes this a generator)


def decider(level: str):
    """`level` as a `play_turn` decider: (state, rng) -> action, thought to the end."""
    find(LEVELS, level)
    return lambda state, rng: run_to_end(think(state, level, rng))
