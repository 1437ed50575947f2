"""`handheld sphinx ...` commands: solve, strength, reach."""

from __future__ import annotations

import argparse
import sys
import time

MAX_CLI_WIDTH = 9          # MOVES are single digits
MAX_CLI_HEIGHT = 12
SLICE_NODES = 20_000       # the solve loop looks at the clock this often
PROGRESS_SECONDS = 5.0     # a progress line on stderr this often
clock = time.perf_counter  # what solve's --max-seconds and progress lines read (tests put a fake here)
DEFAULT_MAX_SECONDS = 120.0


def _fail(command: str, message: str) -> int:
    print(f"handheld sphinx {command}: error: {message}", file=sys.stderr)
    return 2


def cmd_solve(args) -> int:
    from handheld.games.sphinx.rules import IllegalMove, parse_moves
    from handheld.games.sphinx.solver import Solver

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
    if args.max_seconds <= 0:
        return _fail("solve", f"--max-seconds must be above 0, not {args.max_seconds}")
    t0 = clock()
    book_lo: int | None = None          # the score's range the book bounds, where it bounds it
    book_hi: int | None = None
    if not args.no_book:
        from handheld.games.sphinx.book import book

        known = book().lookup(board)
        if known is not None:
            return _print_book_answer(board, *known, (clock() - t0) if args.time else None)
        partial = book().result_range(board)
        if partial is not None:
            book_lo, book_hi = _print_book_range(board, *partial, args.max_seconds)
    solver = Solver(board.geo, slice_nodes=SLICE_NODES)
    steps = solver.solve_steps(board)
    next_report = t0 + PROGRESS_SECONDS
    try:
        while True:
            next(steps)
            now = clock()
            if now - t0 >= args.max_seconds:
                steps.close()
                bound = _bound_text(board, *_narrowest(solver, book_lo, book_hi))
                print(bound)
                print(f"handheld sphinx solve: not proven within --max-seconds {args.max_seconds:g} "
                      f"({solver.nodes} nodes); best proven bound: {bound}", file=sys.stderr)
                return 3
            if now >= next_report:
                next_report = now + PROGRESS_SECONDS
                print(f"solving: {now - t0:.0f} s, {solver.nodes} nodes, score "
                      f"{_bound_text(board, *_narrowest(solver, book_lo, book_hi))} so far", file=sys.stderr, flush=True)
    except StopIteration as stop:
        score = stop.value
    if args.time:
        print(f"{score}\t{(clock() - t0) * 1000:.1f} ms")
    else:
        print(score)
    return 0


def _score_range(board, result: int) -> tuple[int, int]:
    """The scores a win (+1), draw (0) or loss (-1) for the side to move can be."""
    empty = board.geo.cells - len(board.moves)
    return {1: (1, (empty + 1) // 2), 0: (0, 0), -1: (-(empty // 2), -1)}[result]


def _narrowest(solver, lo: int | None, hi: int | None) -> tuple[int | None, int | None]:
    """The solver's proven range of the score, narrowed by the book's (lo, hi)."""
    if lo is None or hi is None:
        return solver.lo, solver.hi
    if solver.lo is None or solver.hi is None:
        return lo, hi
    return max(lo, solver.lo), min(hi, solver.hi)


def _print_book_range(board, lo: int, hi: int, column: int | None, max_seconds: float) -> tuple[int, int]:
    """A position whose result the book bounds but does not hold (lo..hi of
    loss, draw, win): says so at once, on stderr; the range of scores it gives."""
    what = "at least a draw" if lo == 0 else "at most a draw"
    keep = f", column {column + 1} assures it" if column is not None else ""
    print(f"handheld sphinx solve: from the opening book: {what} for the side to move{keep}; "
          f"solving for the rest (up to --max-seconds {max_seconds:g})", file=sys.stderr, flush=True)
    return _score_range(board, lo)[0], _score_range(board, hi)[1]


def _print_book_answer(board, result: int, column: int | None, seconds: float | None) -> int:
    """A position in the opening book: its win, draw or loss, at once (a draw's score is exact)."""
    text = _bound_text(board, *_score_range(board, result))
    print(text if seconds is None else f"{text}\t{seconds * 1000:.1f} ms")
    what = {1: "a win", 0: "a draw", -1: "a loss"}[result]
    keep = f", column {column + 1} keeps it" if column is not None else ", whatever it plays"
    exact = "" if result == 0 else "; --no-book solves for the exact score"
    print(f"handheld sphinx solve: from the opening book: {what} for the side to move{keep}{exact}",
          file=sys.stderr)
    return 0


def _bound_text(board, lo: int | None, hi: int | None) -> str:
    """The proven range [lo, hi] of the score: exact, '>= x', '<= x', 'between x and y'
    or 'unknown' (nothing beyond the range every position has, or the solve not begun)."""
    if lo is None or hi is None:
        return "unknown"
    if lo == hi:
        return f"{lo}"
    empty = board.geo.cells - len(board.moves)
    low_known, high_known = lo > -(empty // 2), hi < (empty + 1) // 2
    if low_known and high_known:
        return f"between {lo:+d} and {hi:+d}"
    if low_known:
        return f">= {lo:+d}"
    if high_known:
        return f"<= {hi:+d}"
    return "unknown"


TABLE_PAIRS = (("strong", "classic"), ("perfect", "classic"), ("perfect", "strong"))


def cmd_strength(args) -> int:
    from handheld.games.levels import find
    from handheld.games.sphinx import ai
    from handheld.games.sphinx.selfplay import strength

    if args.games < 1:
        return _fail("strength", f"--games must be at least 1, not {args.games}")
    if args.budget is not None and args.budget < 1:
        return _fail("strength", f"--budget must be at least 1 node, not {args.budget}")
    if args.opening < 0 or args.opening > 20:
        return _fail("strength", f"--opening must be 0..20 plies, not {args.opening}")
    if args.table:
        print("| level | vs | games | moving first (won-lost-drawn) | moving second | think p50 / max (CPU ms) |")
        print("|---|---|---|---|---|---|")
    pairs = TABLE_PAIRS if args.table else ((args.level, args.vs),)
    not_won_rows = []                   # table rows whose level did not win every game: said below the table
    for level, vs in pairs:
        think_ms: list[float] = []
        played: list = []
        t0 = time.perf_counter()
        r = strength(args.games, args.seed, args.budget, level, vs, args.opening, think_ms, played,
                     args.both_sides)
        secs = time.perf_counter() - t0
        name, other = find(ai.LEVELS, level).menu_text, find(ai.LEVELS, vs).menu_text
        think = f"{_percentile(think_ms, 50):.0f} / {max(think_ms, default=0):.0f}"
        if args.table:
            first, second = ("-".join(map(str, r["by_side"][k])) for k in ("first", "second"))
            print(f"| {name} | {other} | {r['games']} | {first} | {second} | {think} |", flush=True)
            if r["not_won_seeds"]:
                not_won_rows.append((name, other, r["not_won_seeds"], played))
            continue
        sides = "each opening from both sides" if args.both_sides else "sides alternate"
        print(f"{name} vs {other}: {r['games']} games ({args.opening} random opening plies, {sides}), "
              f"{name} won {r['wins']} (moving first {r['first_wins']}, second {r['second_wins']}), "
              f"lost {r['losses']}, drawn {r['draws']} ({secs:.1f} s)")
        for side in ("first", "second"):
            won, lost, drawn = r["by_side"][side]
            print(f"  {name} moving {side}: won {won}, lost {lost}, drawn {drawn}")
        print(f"  {name} think time per move (CPU ms, p50 / max): {think} over {len(think_ms)} moves")
        _print_book_starts(name, played, args.opening)
        if r["not_won_seeds"]:
            print(f"seeds {name} did not win: " + " ".join(map(str, r["not_won_seeds"])))
        if args.judge_nodes:
            _print_judged(name, played, args.seed, args.opening, args.judge_nodes, args.both_sides)
    if args.table:
        last = args.seed + (args.games - 1) // 2 if args.both_sides else args.seed + args.games - 1
        sides = "each opening from both sides" if args.both_sides else "sides alternate"
        print(f"({args.games} games a row, seeds {args.seed}..{last}, "
              f"{args.opening} random opening plies, {sides})")
        for name, other, seeds, played in not_won_rows:
            print(f"{name} vs {other}, not won: seeds " + " ".join(map(str, seeds)))
            _print_book_starts(name, played, args.opening)
    return 0


def _print_book_starts(name: str, played: list, opening: int) -> None:
    """What the opening book holds for `name` where it first moved in each
    game (a game lost from a lost position was lost before it thought)."""
    from handheld.games.sphinx.book import book
    from handheld.games.sphinx.rules import Board

    starts = {1: 0, 0: 0, -1: 0, None: 0}
    lost_from = dict(starts)
    for columns, seat in played:
        first = opening + (opening + seat) % 2
        known = book().lookup(Board(7, 7, columns[:first]))
        result = None if known is None else known[0]
        starts[result] += 1
        end = Board(7, 7, columns)
        if not end.draw and (len(columns) - 1) % 2 != seat:
            lost_from[result] += 1
    if starts[None] == len(played):
        return                                  # the games began past the book
    print(f"  the opening book at {name}'s first move: won {starts[1]}, drawn {starts[0]}, "
          f"lost {starts[-1]}, not in it {starts[None]}; "
          f"{lost_from[-1]} of its {sum(lost_from.values())} losses began lost")


def _print_judged(name: str, played: list, seed: int, opening: int, max_nodes: int,
                  both_sides: bool = False) -> None:
    from handheld.games.sphinx.judge import judge_game

    judged, moves = 0, 0
    for i, (columns, seat) in enumerate(played):
        r = judge_game(columns, seat, max_nodes, opening)
        judged += r["judged"]
        moves += sum(1 for ply in range(opening, len(columns)) if ply % 2 == seat)
        for ply, before, after in r["drops"]:
            game_seed = seed + (i // 2 if both_sides else i)
            print(f"  seed {game_seed}: {name}'s move {ply + 1} "
                  f"({''.join(str(c + 1) for c in columns[:ply + 1])}) turned {before:+d} into {after:+d}")
    print(f"  judged by the solver ({max_nodes} nodes a position): {judged} of {name}'s {moves} moves")


def _empties(text: str) -> list[int]:
    """`--empties 24,28,32`: counts of empty squares a 7 x 7 position can have (1-48), sorted."""
    try:
        counts = sorted({int(x) for x in text.split(",")})
    except ValueError:
        counts = []
    if not counts or not all(1 <= e <= 48 for e in counts):
        raise argparse.ArgumentTypeError(f"{text!r}: give counts of empty squares from 1 to 48, e.g. 24,28,32")
    return counts


def _percentile(values: list[float], pct: int) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * pct // 100)]


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    """The `handheld sphinx` sub-commands on `parser` (`game` is GAME; these tools need nothing from it)."""
    sub = parser.add_subparsers(dest="sphinx_command", metavar="COMMAND")
    sub.required = True
    p = sub.add_parser("solve", help="exact score of a position given by its moves")
    p.add_argument("moves", metavar="MOVES", help="1-based columns played from the empty board, e.g. 4453")
    p.add_argument("--width", type=int, default=7, help="columns (default 7)")
    p.add_argument("--height", type=int, default=7, help="rows (default 7, the Sphinx board; 6 for Connect Four)")
    p.add_argument("--time", action="store_true", help="also print how long the solve took")
    p.add_argument("--max-seconds", type=float, default=DEFAULT_MAX_SECONDS,
                   help=f"give up after this long and print the best proven bound instead "
                        f"(exit 3); default {DEFAULT_MAX_SECONDS:g}. Memory stays under 256 MB")
    p.add_argument("--no-book", action="store_true",
                   help="solve even a position the opening book holds (the book gives win, draw or "
                        "loss at once, on 7 x 7 a few moves in, not the exact score)")
    p.set_defaults(func=cmd_solve)
    from handheld.games.levels import from_cli, names
    from handheld.games.sphinx.ai import LEVELS

    p = sub.add_parser("strength", help="one computer level against another over seeded games")
    p.add_argument("--level", type=from_cli(LEVELS), choices=names(LEVELS), default="strong",
                   help="the level measured (default strong; perfect is PROVER, and --level prover says so too)")
    p.add_argument("--vs", type=from_cli(LEVELS), choices=names(LEVELS), default="classic",
                   help="its opponent (default classic)")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0, help="first game's seed (then seed+1, ...)")
    p.add_argument("--opening", type=int, default=2,
                   help="random plies from the seed before the computers take over (default 2)")
    p.add_argument("--budget", type=int, default=None, help="the measured level's node budget per move")
    p.add_argument("--judge-nodes", type=int, default=0, metavar="N",
                   help="after the games, check each of the level's moves with the exact solver where it "
                        "finishes in N nodes, and list every move that made a win or draw worse")
    p.add_argument("--both-sides", action="store_true",
                   help="play each opening twice, the level moving first in one game and second in the "
                        "other (seeds seed..seed+games/2-1)")
    p.add_argument("--table", action="store_true",
                   help="every level against each weaker one (--games each), as the table in "
                        "docs/sphinx.md, then the seeds each did not win")
    p.set_defaults(func=cmd_strength)
    from handheld.games.sphinx.reach import cmd_reach

    p = sub.add_parser("reach", help="how many nodes the solver needs to decide positions from Strong's games")
    p.add_argument("--empties", type=_empties, default="24,28,32",
                   help="counts of empty squares, e.g. 24,28,32 (default)")
    p.add_argument("--positions", type=int, default=10, help="positions at each count (default 10)")
    p.add_argument("--seed", type=int, default=5, help="seed of the games the positions come from (default 5)")
    p.add_argument("--max-nodes", type=int, default=1_000_000, help="give up on a position past this (default 1 M)")
    p.add_argument("--plain", action="store_true", help="without claimeven and baseinverse (to compare)")
    p.add_argument("--verbose", action="store_true", help="one line per position")
    p.set_defaults(func=cmd_reach)
