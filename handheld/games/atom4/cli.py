"""`handheld atom4 ...`: the notation tool and the strength check.

  handheld atom4 play [--round R] MOVES [--json]
  handheld atom4 play MOVES --suggest [--level L] [--seed N]
  handheld atom4 strength [--games N] [--seed S] [--level L] [--against L]... [--json]
  handheld atom4 strength --vs CMD [--games N] [--seed S] [--need PERCENT] [--verbose]

Errors print one line naming the fix and return exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from handheld.games.atom4 import ai, selfplay
from handheld.games.levels import names
from handheld.games.atom4.rules import LETTERS, NAMES, Position, format_move, parse_move
from handheld.base.cliargs import positive_int


def _fail(prog: str, message: str) -> int:
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 2


def replay(moves: list[str], round_no: int = 1) -> tuple[Position, str | None]:
    """Play notation moves from the round's start: (position, error or None)."""
    pos = Position(round_no)
    for k, text in enumerate(moves, 1):
        if pos.winner is not None:
            who = "a draw" if pos.winner == "draw" else f"player {pos.winner} won"
            return pos, f"move {k} '{text}': the round is already over ({who} at move {k - 1})"
        try:
            i = parse_move(text)
        except ValueError as e:
            return pos, f"move {k} '{text}': {e}"
        if not pos.is_legal(i):
            return pos, (f"move {k} '{text}': not a legal spot (it must be empty and touch "
                         f"two pieces that touch each other)")
        pos.play(i)
    return pos, None


def describe(pos: Position) -> dict:
    if pos.winner is None:
        return {"board": pos.rows(), "winner": None, "next_player": pos.player,
                "next_colour": LETTERS[pos.colour]}
    return {"board": pos.rows(), "winner": pos.winner, "next_player": None, "next_colour": None}


def cmd_play(args) -> int:
    prog = "handheld atom4 play"
    moves = [tok for arg in args.moves for tok in arg.split()]
    pos, error = replay(moves, args.round)
    if error:
        return _fail(prog, error)
    if args.suggest:
        if pos.winner is not None:
            return _fail(prog, "the round is over: there is no move to suggest")
        move = format_move(ai.choose_move(pos, args.level, args.seed))
        print(json.dumps({"suggest": move}) if args.json else move)
        return 0
    info = describe(pos)
    if args.json:
        print(json.dumps(info))
        return 0
    print("\n".join(info["board"]))
    if pos.winner is None:
        print(f"next: {pos.player} {LETTERS[pos.colour]} (player {pos.player} plays {NAMES[pos.colour]})")
    else:
        print(f"winner: {pos.winner}")
    return 0


def _report(r: dict) -> str:
    line = (f"{r['strong']} vs {r['weak']}: {r['wins']}/{r['games']} won, {r['losses']} lost, "
            f"{r['draws']} drawn; {r['strong']} move ms p50/p99/max: wall {r['move_ms_p50']}/"
            f"{r['move_ms_p99']}/{r['move_ms_max']}, cpu {r['move_cpu_ms_p50']}/{r['move_cpu_ms_p99']}/"
            f"{r['move_cpu_ms_max']}")
    if "needed_percent" in r:
        line += f" (need {r['needed_percent']}%): {'ok' if r['passed'] else 'FAILED'}"
    return line


def cmd_strength(args) -> int:
    prog = "handheld atom4 strength"
    progress = None
    if args.verbose:
        def progress(n, g):
            print(f"game {n}: {args.level} played {g['strong_side']}, winner {g['winner']} after "
                  f"{g['turns']} moves ({g['wins']}-{g['losses']}-{g['draws']})", file=sys.stderr, flush=True)
    if args.vs is not None:
        try:
            engine = selfplay.ExternalEngine(args.vs)
        except selfplay.EngineError as e:
            return _fail(prog, f"{e} (give --vs a command that speaks the protocol in docs/atom4.md)")
        try:
            results = [selfplay.match(args.level, engine, args.games, args.seed, progress)]
        except selfplay.EngineError as e:
            return _fail(prog, str(e))
        finally:
            engine.close()
        need = {str(engine): args.need} if args.need is not None else {}
    else:
        opponents = args.against or ["easy", "random"]
        results = [selfplay.match(args.level, o, args.games, args.seed, progress) for o in opponents]
        need = {"easy": 70, "random": 95}
        if args.need is not None:
            need = {o: args.need for o in opponents}
    ok = True
    for r in results:
        if r["weak"] in need:
            r["needed_percent"] = need[r["weak"]]
            r["passed"] = r["wins"] * 100 >= need[r["weak"]] * r["games"]
            ok = ok and r["passed"]
    if args.json:
        print(json.dumps({"results": results, "passed": ok}))
    else:
        for r in results:
            print(_report(r))
    return 0 if ok else 1


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    """The `handheld atom4` sub-commands; `game` is GAME (these tools need nothing from it)."""
    sub = parser.add_subparsers(dest="atom4_command", metavar="COMMAND")
    sub.required = True
    play = sub.add_parser("play", help="play moves in x,y notation and print the board")
    play.add_argument("moves", nargs="*", metavar="MOVES",
                      help="moves as x,y separated by spaces, e.g. '8,6 7,6 9,6'")
    play.add_argument("--round", type=positive_int, default=1, help="round number (sets the start), default 1")
    play.add_argument("--json", action="store_true", help="print JSON instead of text")
    play.add_argument("--suggest", action="store_true", help="print the computer's move for the side to move")
    play.add_argument("--level", choices=names(ai.LEVELS), default=ai.SEARCH_LEVEL,
                      help=f"computer level for --suggest (default {ai.SEARCH_LEVEL})")
    play.add_argument("--seed", type=int, default=0, help="seed for --suggest (default 0)")
    play.set_defaults(func=cmd_play)

    st = sub.add_parser("strength", help="seeded matches: the level against easy and random, "
                                          "other levels (--against) or an external engine (--vs)")
    st.add_argument("--games", type=positive_int, default=100, help="games per pairing (default 100)")
    st.add_argument("--seed", type=int, default=0)
    st.add_argument("--level", choices=names(ai.LEVELS), default=ai.SEARCH_LEVEL,
                    help=f"the level measured (default {ai.SEARCH_LEVEL})")
    st.add_argument("--against", action="append", choices=selfplay.AGENTS, metavar="LEVEL",
                    help="play this level or 'random' instead of easy and random (repeatable)")
    st.add_argument("--vs", metavar="CMD",
                    help="play an external engine: a command speaking the line protocol of docs/atom4.md")
    st.add_argument("--need", type=int, metavar="PERCENT",
                    help="exit 1 if the level wins fewer than PERCENT of the games")
    st.add_argument("--verbose", action="store_true", help="a line per game on stderr")
    st.add_argument("--json", action="store_true")
    st.set_defaults(func=cmd_strength)
