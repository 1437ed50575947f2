"""`handheld archon ...`: strength matches, and the arena's `duel` and `matchups`."""

from __future__ import annotations

import argparse
import json
import sys
import time

from handheld.base.cliargs import positive_int
from handheld.games.archon.duel import stats as S


def add_cli(parser: argparse.ArgumentParser, game) -> None:
    sub = parser.add_subparsers(dest="archon_command", metavar="COMMAND")
    st = sub.add_parser("strength", help="Strong vs Classic computer: N seeded games, sides alternating")
    st.add_argument("--games", type=positive_int, default=100, help="games to play (default 100)")
    st.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    st.add_argument("--json", action="store_true", help="print the result as JSON")
    st.set_defaults(func=cmd_strength)
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


# --- the arena: `handheld archon duel` and `handheld archon matchups` ----------

LIGHT_SIDE = S.LIGHT_ICONS + S.ELEMENTALS
DARK_SIDE = S.DARK_ICONS + S.ELEMENTALS


def _icon_type(valid):
    def parse(text: str) -> str:
        name = text.strip().lower().replace("-", "_")
        if name not in valid:
            raise argparse.ArgumentTypeError(
                f"unknown icon {text!r}; choose from: {', '.join(valid)}")
        return name
    return parse


def parse_shade(text: str) -> int:
    t = str(text).strip().upper()
    if len(t) == 1 and t in S.SHADE_NAMES:
        return S.SHADE_NAMES.index(t)
    raise argparse.ArgumentTypeError(f"unknown shade {text!r}; choose from: A, B, C, D, E, F")


def add_duel_commands(subparsers) -> None:
    p = subparsers.add_parser("duel", help="fight one computer-vs-computer duel, headless")
    p.add_argument("--light", required=True, type=_icon_type(LIGHT_SIDE),
                   help="Light's icon (or an elemental)")
    p.add_argument("--dark", required=True, type=_icon_type(DARK_SIDE),
                   help="Dark's icon (or an elemental)")
    p.add_argument("--shade", required=True, type=parse_shade, help="square colour A..F")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--level", type=int, default=1, choices=(0, 1, 2),
                   help="computer fighters' level (0 easy .. 2 hard)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=lambda args: _duel(p, args))

    m = subparsers.add_parser("matchups", help="win rates for every pairing on every shade")
    m.add_argument("--duels", type=int, default=8, help="duels per pairing and shade")
    m.add_argument("--out", default=None, help="write the JSON table here")
    m.add_argument("--jobs", type=int, default=1, help="worker processes")
    m.set_defaults(func=lambda args: _matchups(m, args))


def _duel(parser, args) -> int:
    from handheld.games.archon.duel import DuelSetup, fight_headless

    if args.light in S.ELEMENTALS and args.dark in S.ELEMENTALS:
        parser.error("two elementals never duel; pick a piece for one side")
    setup = DuelSetup.full(args.light, args.dark, args.shade)
    r = fight_headless(setup, args.seed, args.level, args.level)
    if args.json:
        out = {"light": args.light, "dark": args.dark, "shade": S.SHADE_NAMES[args.shade],
               "seed": args.seed, "level": args.level}
        out.update(r.to_dict())
        print(json.dumps(out, sort_keys=True))
        return 0
    names = {"light": f"Light ({args.light})", "dark": f"Dark ({args.dark})",
             "both": "both died"}
    print(f"{args.light} vs {args.dark} on shade {S.SHADE_NAMES[args.shade]}, seed {args.seed}")
    print(f"winner: {names[r.winner]}")
    print(f"light {args.light}: hp {r.light_hp}, shots {r.light_shots}, hits {r.light_hits}")
    print(f"dark {args.dark}: hp {r.dark_hp}, shots {r.dark_shots}, hits {r.dark_hits}")
    print(f"length: {r.ticks} ticks ({r.ticks / 60:.1f} s)")
    return 0


def _matchups(parser, args) -> int:
    from handheld.games.archon.duel.matchups import all_pairs, best_and_worst, build_table, save_table

    if args.duels < 1:
        parser.error("--duels must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    t0 = time.perf_counter()

    def progress(done, total):
        if done % 16 == 0 or done == total:
            print(f"  {done}/{total} pairings", file=sys.stderr)

    table = build_table(args.duels, args.jobs, progress=progress)
    secs = time.perf_counter() - t0
    if args.out:
        save_table(table, args.out)
    print(f"{len(all_pairs())} pairings x 6 shades x {args.duels} duels in {secs:.1f} s")
    for icon in S.LIGHT_ICONS + S.DARK_ICONS:
        best, worst = best_and_worst(icon, table)
        print(f"{icon:12s} best vs {best[0][0]} ({best[0][1] / 10:.0f}%), "
              f"worst vs {worst[0][0]} ({worst[0][1] / 10:.0f}%)")
    if args.out:
        print(f"wrote {args.out}")
    return 0
