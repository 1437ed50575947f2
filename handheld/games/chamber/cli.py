"""`handheld chamber ...` commands."""

from __future__ import annotations

import argparse
import json
from handheld.base.cliargs import positive_int


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    from handheld.games.chamber.ai import NUMBERS, level_of

    levels = ", ".join(f"{n} {level_of(n).name}" for n in NUMBERS)
    sub = parser.add_subparsers(dest="chamber_cmd")
    st = sub.add_parser("strength", help="computer vs random players in 2-player games (target: >= 90%% wins)")
    st.add_argument("--games", type=positive_int, default=100, help="number of games (default 100)")
    st.add_argument("--level", type=int, choices=NUMBERS, default=3, help=f"computer level: {levels} (default 3)")
    st.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    st.add_argument("--json", action="store_true", help="print one JSON line")
    st.add_argument("--vs", type=int, choices=NUMBERS, default=None,
                    help="play another computer level instead of a random player (target vs a lower level: 60%%)")
    st.set_defaults(func=cmd_strength)
    fa = sub.add_parser("fairness", help="equal computers in every seat: seat and first-mover win shares "
                                         "(target: within 10 points of fair)")
    fa.add_argument("--games", type=positive_int, default=300, help="number of games (default 300)")
    fa.add_argument("--players", type=int, choices=(2, 3, 4), default=2, help="seats (default 2)")
    fa.add_argument("--level", type=int, choices=NUMBERS, default=3, help=f"computer level: {levels} (default 3)")
    fa.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    fa.add_argument("--json", action="store_true", help="print one JSON line")
    fa.set_defaults(func=cmd_fairness)


def cmd_strength(args) -> int:
    from handheld.games.chamber.selfplay import level_match, strength

    if args.vs is not None:
        r = level_match(args.games, args.level, args.vs, seed=args.seed)
        r["win_percent"] = round(100 * r["wins"] / r["games"], 1)
        r["passed"] = args.vs >= args.level or r["wins"] * 10 >= r["games"] * 6
        if args.json:
            print(json.dumps(r, sort_keys=True))
        else:
            print(f"level {args.level} vs level {args.vs}: {r['wins']}/{r['games']} wins ({r['win_percent']}%), "
                  f"{r['capped']} unfinished")
        return 0 if r["passed"] else 1
    r = strength(args.games, level=args.level, seed=args.seed)
    r["win_percent"] = round(100 * r["wins"] / r["games"], 1)
    r["passed"] = r["wins"] * 10 >= r["games"] * 9
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        print(f"computer (level {r['level']}) vs random: {r['wins']}/{r['games']} wins "
              f"({r['win_percent']}%), {r['capped']} unfinished -> {'PASS' if r['passed'] else 'FAIL'} (target 90%)")
    return 0 if r["passed"] else 1


def cmd_fairness(args) -> int:
    from handheld.games.chamber.selfplay import fairness

    r = fairness(args.games, args.players, level=args.level, seed=args.seed)
    if args.json:
        print(json.dumps(r, sort_keys=True))
    else:
        seats = "  ".join(f"{k} {v}" for k, v in r["seat_wins"].items())
        print(f"{r['players']} players, level {r['level']}, {r['games']} games: {seats}; first mover "
              f"{r['first_mover_wins']} (fair {r['fair_percent']}%: worst seat +{r['worst_seat_over_fair']}, "
              f"first mover {r['first_mover_over_fair']:+} points) -> {'PASS' if r['passed'] else 'FAIL'}")
    return 0 if r["passed"] else 1
