"""Judge a player's moves with the exact solver, where it finishes.

A move drops the position's value when the mover's result under perfect play
(win, draw or loss) after it is worse than before it. Early 7 x 7 positions
cannot be solved in pure Python, so each solve gets a node cap. Moves are
judged from the end of the game backwards, stopping at the first position
the solver cannot finish: the ones before it have more empty squares still.
"""

from __future__ import annotations

from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import OutOfNodes, Solver


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def judge_game(moves: list[int], seat: int, max_nodes: int, first_ply: int = 0,
               width: int = 7, height: int = 7) -> dict:
    """Judge the moves of player `seat` (0 moves first) in the game `moves`
    (0-based columns) from ply `first_ply` on (the plies before it are an
    opening nobody chose). Returns how many were judged and the drops as
    (ply, before, after), scores for the mover as `handheld sphinx solve`
    gives them."""
    solver = Solver(Board(width, height).geo)   # one bound table: its facts hold in every position
    judged, drops = 0, []
    for ply in range(len(moves) - 1, first_ply - 1, -1):
        if ply % 2 != seat:
            continue
        board = Board(width, height, moves[:ply])
        before = _score(solver, board, max_nodes)
        if before is None:
            break
        board.play(moves[ply])
        if board.winner is not None:
            after = (board.geo.cells + 2 - len(board.moves)) // 2
        elif board.full:
            after = 0
        else:
            child = _score(solver, board, max_nodes)
            if child is None:
                break
            after = -child
        judged += 1
        if _sign(after) < _sign(before):
            drops.append((ply, before, after))
    return {"judged": judged, "drops": sorted(drops)}


def _score(solver: Solver, board: Board, max_nodes: int) -> int | None:
    solver.extend_budget(max_nodes)
    try:
        return solver.solve(board)
    except OutOfNodes:
        return None
