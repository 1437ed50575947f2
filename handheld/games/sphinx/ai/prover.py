"""The Prover sphinx's move: the exact solver where it can finish, a deep
search where it cannot.

Measured on 7 x 7 (`handheld sphinx reach --empties 32,34,36,38 --seed 7
--positions 40 --max-nodes 120000`, positions from Strong's games): the
solver (claimeven, baseinverse and the transposition cutoff, solver.py)
decides win, draw or loss in 120,000 nodes for 32 of 37 positions with 32
empty squares, 27 of 39 with 34, 17 of 39 with 36 and 8 of 39 with 38
(docs/sphinx.md). So from SOLVE_EMPTIES empty squares on the solver gets
SOLVE_SCALE times the budget first, and what it proved (a win, or at least a
draw) is kept with `budget` more nodes; when it proved nothing the search
(ai/threats.py) picks a move with `budget`, and the solver checks it with
CHECK_SCALE times `budget`: if it proves that the opponent wins after it,
the next move not proven to lose is played. From WIN_EMPTIES down to
SOLVE_EMPTIES + 1 empty squares the solver first looks for a proven win with
WIN_SCALE times the budget (14 of 40 positions at 35-38 empties on `--seed 7`
have one it finds), and the search plays where it finds none. With more
than SOLVE_EMPTIES empty squares the search gets EARLY_SCALE times the
budget: those moves are where games between the computer levels are
decided, and where a deeper search finds more winning moves than a
40,000-node one, on average though not move by move (after
`44433434` 40,000 nodes play column 1, which loses, 120,000 column 3, which
wins; docs/sphinx.md has a case the other way round).

Where the opening book (book.py) holds the position after every move and
the search's move loses where another does not, the search is run again over
the moves that keep the book's result. A draw the search plays where the
book knows a win is kept: after `21` the book's wins lost every sample game
PROVER moving first played against STRONG, where the search's draw had won
them. A search over only the book's moves from the start went deeper and
picked another winning move after `25`, which it then lost (docs/sphinx.md,
"The opening book").

Nodes, not time, bound every search, so a move is the same on every machine.
"""

from __future__ import annotations

from handheld.games.sphinx.ai.strong import root_forced
from handheld.games.sphinx.ai.threats import ThreatSearch
from handheld.games.sphinx.book import book, keeping
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import OutOfNodes, Solver

PROVER_NODES = 40_000     # per move: ~0.3 s of CPU here, ~3 s on a Pi Zero 2 W
SOLVE_EMPTIES = 34        # the solver is tried on positions with at most this many empty squares
EARLY_SCALE = 3           # the search's budget before SOLVE_EMPTIES, times `budget` (~8 s shown on screen)
SOLVE_SCALE = 3           # the solver's first try, times `budget`: most positions with 30-34
                          # empties are decided in it (docs/sphinx.md)
CHECK_SCALE = 4           # the check of the search's move where the solver proved nothing, times
                          # `budget`: refuting a losing move at 34 empties took 117,000-177,000 nodes
WIN_EMPTIES = 38          # from this many empty squares down to SOLVE_EMPTIES + 1, a win is looked for
WIN_SCALE = 5             # with this times `budget` before the search: the wins PROVER gave away
                          # there took 17,000-195,000 nodes to prove (docs/sphinx.md)


def prover_steps(board: Board, budget: int, slice_nodes: int, info):
    """Generator: the Prover's column for `board`; fills `info` (a PerfectInfo or None)."""
    forced = root_forced(board)
    if forced is not None:
        return forced
    if info is not None:
        info.proven, info.score, info.bound = False, None, None
    results = book().move_results(board)     # each move's result, where the book holds them all
    best, best_moves = (None, None) if results is None else keeping(results)
    if best is not None and best >= 0 and info is not None:
        info.bound = best                # the book proves it
    empties = board.geo.cells - len(board.moves)
    if empties > SOLVE_EMPTIES:
        if empties <= WIN_EMPTIES:
            solver = Solver(board.geo, budget * WIN_SCALE, slice_nodes)
            col = yield from _proven_move(board, solver, 1, info)
            if col is not None:
                return col
        col = yield from ThreatSearch(board, budget * EARLY_SCALE, slice_nodes).think()
        if results is None or best is None or results[col] >= 0 or best < 0:
            return col
        # only a move the book proves lost is searched again (a search over fewer root
        # moves goes deeper and may pick another of them); a draw where a win exists is
        # kept, because PROVER cannot hold a win this early (docs/sphinx.md, "The opening book")
        return (yield from ThreatSearch(board, budget * EARLY_SCALE, slice_nodes, best_moves).think())
    solver = Solver(board.geo, budget * SOLVE_SCALE, slice_nodes)
    col = yield from _solver_move(board, solver, budget, info)
    if col is not None:
        return col
    col = yield from ThreatSearch(board, budget, slice_nodes).think()
    if solver.hi is not None and solver.hi < 0:
        return col                       # proven lost: every move loses
    # the search's move may lose where the solver could not prove the root:
    # CHECK_SCALE x `budget` more nodes check it (and the next moves, if it does lose)
    solver.extend_budget(budget * CHECK_SCALE)
    try:
        return (yield from solver.not_losing_move_steps(board, col))
    except OutOfNodes:
        return solver.candidate


def _proven_move(board: Board, solver: Solver, at_least: int, info):
    """A column `solver` proves keeps `at_least` (1: a win, 0: at least a
    draw) within its budget, or None."""
    try:
        col = yield from solver.proven_move_steps(board, at_least)
    except OutOfNodes:
        return None
    if col is not None and info is not None:
        info.bound = at_least
    return col


def _solver_move(board: Board, solver: Solver, budget: int, info):
    """A move the solver proves best in its budget, or one that keeps what
    it proved before running out (a win, or at least a draw) found in `budget`
    more; None when it proved nothing."""
    try:
        score, col = yield from solver.best_move_steps(board)
    except OutOfNodes:
        pass
    else:
        if info is not None:
            info.proven, info.score, info.bound = True, score, score
        return col
    # The exact solve tests "win?" first, then "at least a draw?". Whatever it
    # proved decides what the next `budget` nodes look for. With nothing proven
    # the caller plays Strong's move, never a merely "safe" draw that might
    # throw away an unproven win.
    lo, hi = solver.lo, solver.hi
    if lo is None or hi is None:         # the solve had not begun: nothing proven
        return None
    at_least = 1 if lo >= 1 else 0 if (hi <= 0 and lo >= 0) else None
    if at_least is None:
        return None
    solver.extend_budget(budget)
    return (yield from _proven_move(board, solver, at_least, info))
