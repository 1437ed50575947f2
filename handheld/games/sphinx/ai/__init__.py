"""The three computer players (LEVELS) behind one entry point, `think(board, level, rng, budget)`.

Classic is ai/classic.py, Strong is ai/strong.py, Prover (kind "perfect",
the exact solver with a Strong fallback) is here. It is not perfect from the
first move on 7 x 7: pure Python cannot prove the opening while a player
waits, and the opening book (book.py) decides only its first moves, so it is
named for what it does.

`think(board, level, rng, budget, slice_nodes)` is a generator
(handheld/runtime/think.py) which yields every `slice_nodes` search nodes and
returns the column; scenes advance it a slice per tick so the screen never
freezes, and `choose()` drives the same generator to the end, so a scene and
selfplay pick the same column for the same position, rng state and budget.

Budgets are search nodes:
  classic  none (one look per column)
  strong   `budget` nodes of depth-limited negamax (ai/strong.py)
  perfect  (shown as PROVER, ai/prover.py) from SOLVE_EMPTIES empty squares
           on, the exact solver (solver.py) first: a proven win or draw is
           never given away, and where it proves nothing a search
           (ai/threats.py) picks the move and the solver checks it. On every
           earlier move the search, with EARLY_SCALE times `budget` (its
           `budget` is 10 times Strong's), after a look for a proven win
           from WIN_EMPTIES on. prover.py has the figures.
"""

from __future__ import annotations

from handheld.games.sphinx.ai.classic import classic_move
from handheld.games.sphinx.ai.prover import PROVER_NODES, prover_steps
from handheld.games.sphinx.ai.strong import DEFAULT_NODES, StrongSearch
from handheld.games.levels import Level, find
from handheld.games.sphinx.rules import Board
from handheld.runtime.think import Thinking, count, run_to_end

LEVELS = (Level("classic", "CLASSIC", default=True, detail="1987"), Level("strong", "STRONG"),
          Level("perfect", "PROVER", detail="(ENDGAME)"))
DEFAULT_BUDGETS = {"classic": 0, "strong": DEFAULT_NODES, "perfect": PROVER_NODES}
# search nodes per scene tick, as a multiple of the scene's slice: the Prover searches
# 10 times more nodes than Strong, so it takes bigger slices (~1.7 ms of CPU here)
SLICE_SCALE = {"classic": 1, "strong": 1, "perfect": 6}
# tests/games/test_think_budget.py holds each tick of a match's thinking to TICK_NODES nodes;
# NODE_US is the CPU a node costs here (the mean over that test's scripted matches),
# and TICK_NODES x NODE_US stays under 2 ms.
TICK_NODES = 250            # the Prover's 6 x 40-node slice, and the leaves past its last pause (247 seen)
NODE_US = 7


def _classic_steps(board: Board, rng, budget):
    count(board.geo.width)      # one look per column
    return classic_move(board, rng, budget)
    yield  # pragma: no cover  (makes this a generator)


def _strong_steps(board: Board, rng, budget, slice_nodes):
    return (yield from StrongSearch(board, budget, slice_nodes).think())


class PerfectInfo:
    """What the last Prover move was based on (for the screen and tests):
    proven is True for an exact score; bound is 1 when only a win was proven,
    0 when only "at least a draw" was, None when nothing was."""
    proven: bool = False
    score: int | None = None
    bound: int | None = None


def _perfect_steps(board: Board, rng, budget, slice_nodes, info: PerfectInfo | None = None):
    return (yield from prover_steps(board, budget, slice_nodes, info))


def think(board: Board, level: str, rng, budget: int | None = None, slice_nodes: int = 0,
          info: PerfectInfo | None = None) -> Thinking:
    """`level`'s move on `board` (which it does not modify), a slice at a time."""
    kind = find(LEVELS, level).name
    if board.over:
        raise ValueError("no legal move: the game is over")
    if budget is None:
        budget = DEFAULT_BUDGETS[kind]
    board = board.copy()
    if kind == "classic":
        return _classic_steps(board, rng, budget)
    if kind == "strong":
        return _strong_steps(board, rng, budget, slice_nodes)
    return _perfect_steps(board, rng, budget, slice_nodes, info)


def choose(board: Board, level: str, rng, budget: int | None = None) -> int:
    """`level`'s column for `board`, computed to the end."""
    return run_to_end(think(board, level, rng, budget))
