"""How far the exact solver reaches: `handheld sphinx reach`.

Positions come from games of Strong against itself (a few hundred nodes a
move, 4 random plies first, all from one seed), taken at the requested
counts of empty squares, so every run measures the same positions. Each is
decided win, draw or loss (`Solver.result`: one or two null-window searches,
what the Prover and an opening book need) within a node cap, and the nodes
are counted. The figures in docs/sphinx.md come from here.
"""

from __future__ import annotations

import time

from handheld.games.sphinx.ai.strong import StrongSearch
from handheld.games.sphinx.rules import Board
from handheld.games.sphinx.solver import OutOfNodes, Solver
from handheld.runtime.rng import Rng

RANDOM_PLIES = 4
GAMES_TRIED = 40      # games played to find positions; stops early once every count has enough


def positions(empties: list[int], per_count: int, seed: int) -> dict[int, list[Board]]:
    """Up to `per_count` positions (not over, no win in one) at each count in `empties`."""
    rng = Rng(seed)
    found: dict[int, list[Board]] = {e: [] for e in empties}
    for _ in range(GAMES_TRIED):
        if all(len(v) >= per_count for v in found.values()):
            break
        board = Board(7, 7)
        while not board.over:
            empty = board.geo.cells - len(board.moves)
            if empty in found and len(found[empty]) < per_count:
                found[empty].append(board.copy())
            if empty <= min(empties):
                break
            if len(board.moves) < RANDOM_PLIES:
                board.play(rng.choice(board.legal_moves()))
            else:
                board.play(StrongSearch(board, 400 + rng.randrange(400)).run())
    return found


def decide(board: Board, max_nodes: int, knowledge: bool = True) -> tuple[int | None, int, float]:
    """(1 win, 0 draw, -1 loss for the side to move, or None past `max_nodes`; nodes; CPU seconds)."""
    solver = Solver(board.geo, max_nodes, knowledge=knowledge)
    t0 = time.process_time()
    try:
        result = solver.result(board)
    except OutOfNodes:
        result = None
    return result, solver.nodes, time.process_time() - t0


def cmd_reach(args) -> int:
    empties = args.empties
    found = positions(empties, args.positions, args.seed)
    print(f"| empty squares | positions | decided within {args.max_nodes:,} nodes | nodes (sum) | "
          f"nodes (max decided) | CPU s (sum) |")
    print("|---|---|---|---|---|---|")
    for e in empties:
        runs = [decide(b, args.max_nodes, not args.plain) for b in found[e]]
        done = [n for r, n, _ in runs if r is not None]
        print(f"| {e} | {len(runs)} | {len(done)} | {sum(n for _, n, _ in runs):,} | "
              f"{max(done, default=0):,} | {sum(s for _, _, s in runs):.1f} |", flush=True)
        if args.verbose:
            for b, (r, n, s) in zip(found[e], runs):
                moves = "".join(str(c + 1) for c in b.moves)
                print(f"  {moves}: {'unknown' if r is None else {1: 'win', 0: 'draw', -1: 'loss'}[r]}, "
                      f"{n:,} nodes, {s:.1f} s")
    return 0
