"""The three computer players behind one interface: (board, rng, budget) -> column.

Classic is ai/classic.py, Strong is ai/strong.py, Perfect (the exact solver
with a Strong fallback) is here.

Every player also has a generator form, `thinker(kind, board, rng, budget,
slice_nodes)`, which yields every `slice_nodes` search nodes and returns the
column; scenes advance it a slice per tick so the screen never freezes, and
`choose()` drives the same generator to the end, so a scene and selfplay pick
the same column for the same position, rng state and budget.

Budgets are search nodes:
  classic  none (one look per column)
  strong   `budget` nodes of depth-limited negamax (ai/strong.py)
  perfect  up to `budget` nodes of the exact solver (solver.py); if it cannot
           prove the position within them, a Strong search of `budget` nodes.
"""

from __future__ import annotations

from handheld.games.sphinx.ai.classic import classic_move
from handheld.games.sphinx.ai.strong import DEFAULT_NODES, StrongSearch, root_forced
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import OutOfNodes, Solver

KINDS = ("classic", "strong", "perfect")
LABELS = {"classic": "CLASSIC 1987", "strong": "STRONG", "perfect": "PERFECT"}
DEFAULT_BUDGETS = {"classic": 0, "strong": DEFAULT_NODES, "perfect": DEFAULT_NODES}


def _classic_steps(board: Board, rng, budget):
    return classic_move(board, rng, budget)
    yield  # pragma: no cover  (makes this a generator)


def _strong_steps(board: Board, rng, budget, slice_nodes):
    return (yield from StrongSearch(board, budget, slice_nodes).think())


class PerfectInfo:
    """What the last Perfect move was based on (for the screen and tests)."""
    proven: bool = False
    score: int | None = None


def _perfect_steps(board: Board, rng, budget, slice_nodes, info: PerfectInfo | None = None):
    forced = root_forced(board)
    if forced is not None:
        return forced
    solver = Solver(board.geo, budget, slice_nodes)
    try:
        score, col = yield from solver.best_move_steps(board)
    except OutOfNodes:
        if info is not None:
            info.proven, info.score = False, None
        return (yield from StrongSearch(board, budget, slice_nodes).think())
    if info is not None:
        info.proven, info.score = True, score
    return col


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


def finish(gen) -> int:
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def choose(kind: str, board: Board, rng, budget: int | None = None) -> int:
    """`kind`'s column for `board`, computed to the end."""
    return finish(thinker(kind, board, rng, budget))
