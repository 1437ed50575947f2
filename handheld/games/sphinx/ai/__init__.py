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
  perfect  (shown as PROVER) up to `budget` nodes of the exact solver
           (solver.py). If that cannot finish but has proven the position a
           win (or a draw), up to `budget` more nodes to find a move that keeps
           it; otherwise a Strong search of its default nodes. One bound table
           serves both proofs, so a proven win or draw is never given away.
"""

from __future__ import annotations

from handheld.games.sphinx.ai.classic import classic_move
from handheld.games.sphinx.ai.strong import DEFAULT_NODES, StrongSearch, root_forced
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import OutOfNodes, Solver

KINDS = ("classic", "strong", "perfect")
LABELS = {"classic": "CLASSIC 1987", "strong": "STRONG", "perfect": "PROVER"}
DEFAULT_BUDGETS = {"classic": 0, "strong": DEFAULT_NODES, "perfect": DEFAULT_NODES}


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
    forced = root_forced(board)
    if forced is not None:
        return forced
    if info is not None:
        info.proven, info.score, info.bound = False, None, None
    solver = Solver(board.geo, budget, slice_nodes)
    try:
        score, col = yield from solver.best_move_steps(board)
    except OutOfNodes:
        pass
    else:
        if info is not None:
            info.proven, info.score, info.bound = True, score, score
        return col
    # The exact solve tests "win?" first, then "at least a draw?". Whatever it
    # proved before running out decides what the next `budget` nodes look for:
    # a move that keeps a proven win, or one that keeps a proven draw. With
    # nothing proven it plays Strong's move, never a merely "safe" draw that
    # might throw away an unproven win.
    lo, hi = solver.lo, solver.hi
    at_least = 1 if lo >= 1 else 0 if (hi <= 0 and lo >= 0) else None
    if at_least is not None:
        solver.extend_budget(budget)
        try:
            col = yield from solver.proven_move_steps(board, at_least)
        except OutOfNodes:
            col = None
        if col is not None:
            if info is not None:
                info.bound = at_least
            return col
    return (yield from StrongSearch(board, DEFAULT_NODES, slice_nodes).think())


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
