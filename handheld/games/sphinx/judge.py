"""Judge a player's moves with the exact solver, where it finishes.

A move drops the position's value when the mover's result under perfect play
(win, draw or loss) after it is worse than before it. Early 7 x 7 positions
cannot be solved in pure Python, so each solve gets a node cap and a move
whose position (or resulting position) is not solved within it is not judged.
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
    opening nobody chose). Returns counts and the drops as (ply, before, after),
    scores for the mover as `handheld sphinx solve` gives them."""
    board = Board(width, height)
    solver = Solver(board.geo)          # one bound table per game: its facts hold in every position
    judged, drops = 0, []
    for ply, col in enumerate(moves):
        if board.to_move == seat and ply >= first_ply:
            before = _score(solver, board, max_nodes)
            board.play(col)
            after = None
            if before is not None:
                if board.winner is not None:
                    after = (board.geo.cells + 2 - len(board.moves)) // 2
                elif board.full:
                    after = 0
                else:
                    child = _score(solver, board, max_nodes)
                    after = None if child is None else -child
            if after is not None:
                judged += 1
                if _sign(after) < _sign(before):
                    drops.append((ply, before, after))
        else:
            board.play(col)
    return {"judged": judged, "drops": drops}


def _score(solver: Solver, board: Board, max_nodes: int) -> int | None:
    solver.extend_budget(max_nodes)
    try:
        return solver.solve(board)
    except OutOfNodes:
        return None
