"""Computer players for the strategy board: Classic (the 1983 outline) and Strong.

Both have the same shape (rules/archon.md, "The original computer player"):
spells first in a fixed priority order (ai/spells.py), otherwise the board
move with the best (destination score - stay score), random among ties with
the match RNG. No look-ahead. Strong differs only in its fight term, which
uses the arena's measured duel win rates, and in also weighing how likely an
icon is to be attacked and beaten where it stands (same win-rate table).

`think(state, level, rng)` is the computer's entry point (handheld/runtime/think.py):
a generator that yields after each icon it scores (Strong: each CHUNK destinations)
so a scene can spread a turn over several ticks; `choose(...)` runs it to the end.
Its nodes are destinations scored and teleport pairs weighed, never time.
The duel's real-time fighter (duel/fighter.py) is another computer: it decides
once per tick of the arena, with no search to spread, so it has no `think`.
"""

from __future__ import annotations

from handheld.games.archon import rules as R
from handheld.games.archon.ai.classic import PREFERENCE, Classic, WinPermille, seen_injuries
from handheld.games.archon.ai.strong import Strong
from handheld.games.archon.icons import SHAPESHIFTER_VS_ELEMENTAL_HP, base_hp
from handheld.games.levels import Level
from handheld.runtime.think import Thinking, run_to_end

LEVELS = (Level("classic", "CLASSIC", default=True, detail="1983"), Level("strong", "STRONG"))

# slices a match scene thinks per 60 Hz tick
SLICES_PER_TICK = {"classic": Classic.STEPS_PER_TICK, "strong": Strong.STEPS_PER_TICK}
# tests/games/test_think_budget.py holds each tick of a match's thinking to TICK_NODES nodes;
# NODE_US is the CPU a node costs here (the mean over that test's scripted matches, Strong's: Classic's
# cost 2.1 us),
# and TICK_NODES x NODE_US stays under 2 ms.
TICK_NODES = 64            # Classic: 3 icons' destinations (55 seen); Strong: 2 x CHUNK + teleport pairs (36)
NODE_US = 15


def make_player(kind: str, win_permille: WinPermille | None = None) -> Classic:
    if kind == "classic":
        return Classic()
    if kind == "strong":
        return Strong(win_permille)
    raise ValueError(f"unknown computer player {kind!r}; choose classic or strong")


def think(state: R.State, level: str, rng, win_permille: WinPermille | None = None) -> Thinking:
    """The side to move's action, thought a slice at a time (a player keeps
    nothing from one turn to the next, so each turn gets a fresh one)."""
    return make_player(level, win_permille).think(state, rng)


def choose(player: Classic, state: R.State, rng):
    """Run the player's whole think and return its action."""
    return run_to_end(player.think(state, rng))


__all__ = ["LEVELS", "think", "SLICES_PER_TICK", "Classic", "Strong", "PREFERENCE", "make_player", "choose",
           "seen_injuries", "base_hp", "SHAPESHIFTER_VS_ELEMENTAL_HP"]
