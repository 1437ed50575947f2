"""`handheld spectral ...`: the strength check.

  handheld spectral strength [--games N] [--seed S] [--board standard|random]
                             [--save-power] [--json]

Errors print one line naming the fix and exit 2 (argparse does that for us).
"""

from __future__ import annotations

import json

from handheld.base.cliargs import positive_int

NEEDED_PERCENT = 70


def cmd_strength(args) -> int:
    from handheld.games.spectral.selfplay import strength

    res = strength(args.games, args.seed, board=args.board, save_power=args.save_power)
    res["needed_percent"] = NEEDED_PERCENT
    res["passed"] = res["strong_wins"] * 100 >= NEEDED_PERCENT * res["games"]
    if args.json:
        print(json.dumps(res))
    else:
        print(f"strong vs classic: {res['strong_wins']}/{res['games']} won, "
              f"{res['classic_wins']} lost, {res['draws']} drawn, mean {res['mean_turns']} turns "
              f"(need {NEEDED_PERCENT}%): {'ok' if res['passed'] else 'FAILED'}")
    return 0 if res["passed"] else 1


def add_cli(parser, game) -> None:
    sub = parser.add_subparsers(dest="spectral_cmd", metavar="COMMAND")
    sub.required = True
    p = sub.add_parser("strength", help="strong computer vs the 1988 classic over seeded games")
    p.add_argument("--games", type=positive_int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=1000, help="first game's seed (default 1000)")
    p.add_argument("--board", choices=("standard", "random"), default="standard")
    p.add_argument("--save-power", action="store_true", help="play with the Save Power option")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=cmd_strength)
