"""`handheld nim ...`: the best move for a pile."""

from __future__ import annotations


def add_cli(parser, game) -> None:
    sub = parser.add_subparsers(dest="nim_cmd")
    best = sub.add_parser("best", help="how many stones to take from a pile")
    best.add_argument("stones", type=int)
    best.set_defaults(func=cmd_best)


def cmd_best(args) -> int:
    print(args.stones % 4 or "any: the pile is lost")
    return 0
