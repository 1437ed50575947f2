"""`handheld chamber ...` commands."""

from __future__ import annotations

import argparse
import json
from handheld.cliargs import positive_int


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    sub = parser.add_subparsers(dest="chamber_cmd")
    st = sub.add_parser("strength", help="computer vs random players in 2-player games (target: >= 90%% wins)")
    st.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    st.add_argument("--level", type=int, choices=(1, 2, 3), default=3, help="computer level (default 3, master)")
    st.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    st.add_argument("--json", action="store_true", help="print one JSON line")
    st.set_defaults(func=cmd_strength)


def cmd_strength(args) -> int:
    from handheld.games.chamber.selfplay import strength

    r = strength(args.games, level=args.level, seed=args.seed)
    r["win_percent"] = round(100 * r["wins"] / r["games"], 1)
    r["passed"] = r["wins"] * 10 >= r["games"] * 9
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print(f"computer (level {r['level']}) vs random: {r['wins']}/{r['games']} wins "
              f"({r['win_percent']}%), {r['capped']} unfinished -> {'PASS' if r['passed'] else 'FAIL'} (target 90%)")
    return 0 if r["passed"] else 1
