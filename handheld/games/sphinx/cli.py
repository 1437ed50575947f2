"""`handheld sphinx ...` commands: solve, strength."""

from __future__ import annotations

import argparse
import sys
import time

MAX_CLI_WIDTH = 9          # MOVES are single digits
MAX_CLI_HEIGHT = 12


def _fail(command: str, message: str) -> int:
    print(f"handheld sphinx {command}: error: {message}", file=sys.stderr)
    return 2


def cmd_solve(args) -> int:
    from handheld.games.sphinx.rules import IllegalMove, parse_moves
    from handheld.games.sphinx.solver import solve

    if not 4 <= args.width <= MAX_CLI_WIDTH:
        return _fail("solve", f"--width must be 4..{MAX_CLI_WIDTH} (MOVES are single digits), not {args.width}")
    if not 4 <= args.height <= MAX_CLI_HEIGHT:
        return _fail("solve", f"--height must be 4..{MAX_CLI_HEIGHT}, not {args.height}")
    try:
        board = parse_moves(args.moves, args.width, args.height)
    except IllegalMove as e:
        return _fail("solve", f"invalid MOVES {args.moves!r}: {e}")
    if board.over:
        what = "a draw" if board.draw else "won"
        return _fail("solve", f"invalid MOVES {args.moves!r}: the game is already {what} "
                              f"after the last move; give the moves before it")
    t0 = time.perf_counter()
    score = solve(board)
    if args.time:
        print(f"{score}\t{(time.perf_counter() - t0) * 1000:.1f} ms")
    else:
        print(score)
    return 0


def cmd_strength(args) -> int:
    from handheld.games.sphinx.selfplay import strength

    if args.games < 1:
        return _fail("strength", f"--games must be at least 1, not {args.games}")
    if args.budget is not None and args.budget < 1:
        return _fail("strength", f"--budget must be at least 1 node, not {args.budget}")
    t0 = time.perf_counter()
    r = strength(args.games, args.seed, args.budget)
    secs = time.perf_counter() - t0
    print(f"Strong (moving second) vs Classic: {r['games']} games, Strong won {r['strong_wins']}, "
          f"Classic won {r['classic_wins']}, drawn {r['draws']} ({secs:.1f} s)")
    if r["not_won_seeds"]:
        print("seeds Strong did not win: " + " ".join(map(str, r["not_won_seeds"])))
    return 0 if r["strong_wins"] * 10 >= r["games"] * 9 else 1


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    """The `handheld sphinx` sub-commands on `parser` (`game` is GAME; these tools need nothing from it)."""
    sub = parser.add_subparsers(dest="sphinx_command", metavar="COMMAND")
    sub.required = True
    p = sub.add_parser("solve", help="exact score of a position given by its moves")
    p.add_argument("moves", metavar="MOVES", help="1-based columns played from the empty board, e.g. 4453")
    p.add_argument("--width", type=int, default=7, help="columns (default 7)")
    p.add_argument("--height", type=int, default=7, help="rows (default 7, the Sphinx board; 6 for Connect Four)")
    p.add_argument("--time", action="store_true", help="also print how long the solve took")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("strength", help="Strong (moving second) vs Classic over seeded games")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="first game's seed (then seed+1, ...)")
    p.add_argument("--budget", type=int, default=None, help="Strong's node budget per move")
    p.set_defaults(func=cmd_strength)
