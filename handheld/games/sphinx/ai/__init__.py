"""The three computer players behind one interface: (board, rng, budget) -> column.

Classic is ai/classic.py, Strong is ai/strong.py, Prover (kind "perfect",
the exact solver with a Strong fallback) is here. It is not perfect from the
first move on 7 x 7: pure Python cannot prove the opening, so it is named for
what it does.

Every player also has a generator form, `thinker(kind, board, rng, budget,
slice_nodes)`, which yields every `slice_nodes` search nodes and returns the
column; scenes advance it a slice per tick so the screen never freezes, and
`choose()` drives the same generator to the end, so a scene and selfplay pick
the same column for the same position, rng state and budget.

Budgets are search nodes:
  classic  none (one look per column)
  strong   `budget` nodes of depth-limited negamax (ai/strong.py)
  perfect  (shown as PROVER, ai/prover.py) from 32 empty squares on, up to
           `budget` nodes of the exact solver (solver.py). If that cannot
           finish but has proven the position a win (or a draw), up to
           `budget` more nodes to find a move that keeps it, so a proven win
           or draw is never given away. Otherwise a search of `budget` nodes
           (ai/threats.py; 10 times Strong's own), and on every earlier move
           of 3 times `budget` (ai/prover.py's EARLY_SCALE).
"""

from __future__ import annotations

from handheld.games.sphinx.ai.classic import classic_move
from handheld.games.sphinx.ai.prover import PROVER_NODES, prover_steps
from handheld.games.sphinx.ai.strong import DEFAULT_NODES, StrongSearch
from handheld.games.sphinx.rules import Board
from handheld.runtime.think import run_to_end

KINDS = ("classic", "strong", "perfect")
LABELS = {"classic": "CLASSIC 1987", "strong": "STRONG", "perfect": "PROVER"}
DEFAULT_BUDGETS = {"classic": 0, "strong": DEFAULT_NODES, "perfect": PROVER_NODES}
# search nodes per scene tick, as a multiple of the scene's slice: the Prover searches
# 10 times more nodes than Strong, so it takes bigger slices (~1.7 ms of CPU here)
SLICE_SCALE = {"classic": 1, "strong": 1, "perfect": 6}


def _classic_steps(board: Board, rng, budget):
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


def thinker(kind: str, board: Board, rng, budget: int | None = None, slice_nodes: int = 0,
            info: PerfectInfo | None = None):
    """Generator for `kind`'s move on `board` (which it does not modify)."""
    if kind not in KINDS:
        raise ValueError(f"unknown computer player {kind!r}; choose from {', '.join(KINDS)}")
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



def choose(kind: str, board: Board, rng, budget: int | None = None) -> int:
    """`kind`'s column for `board`, computed to the end."""
    return run_to_end(thinker(kind, board, rng, budget))
