"""`handheld archon ...`: strength matches, plus the arena's duel commands."""

from __future__ import annotations

import argparse
import json
import sys
import time

from handheld.cliargs import positive_int


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    sub = parser.add_subparsers(dest="archon_command", metavar="COMMAND")
    st = sub.add_parser("strength", help="Strong vs Classic computer: N seeded games, sides alternating")
    st.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    st.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    st.add_argument("--json", action="store_true", help="print the result as JSON")
    st.set_defaults(func=cmd_strength)
    from handheld.games.archon.duel.cli import add_duel_commands
    add_duel_commands(sub)
    from handheld.games.archon.duel.balance import add_balance_command
    add_balance_command(sub)


def cmd_strength(args) -> int:
    t0 = time.perf_counter()
    progress = None if args.json else (lambda n, t: print(
        f"\r{n}/{args.games}: strong {t['strong']}  classic {t['classic']}  ties {t['tie']}",
        end="", file=sys.stderr, flush=True))
    from handheld.games.archon.selfplay import strength_match
    res = strength_match(args.games, args.seed, progress)
    res["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"\nstrong {res['strong']}  classic {res['classic']}  ties {res['tie']} "
              f"of {res['games']} games ({res['seconds']} s)")
    return 0
