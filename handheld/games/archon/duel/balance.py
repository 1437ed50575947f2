"""`handheld archon balance`: the whole duel picture and the issue-16 targets.

For every pairing the arena can see (each Light icon against each Dark one,
and each elemental against every piece of either side) on every shade, N
headless computer-vs-computer duels at the hard level: Light's win rate, the
both-dead rate, duel length min/median/max and time-cap hits; then the checks
against the targets (no cap hits, medians 2-30 s, strength decides, no cell
with one length). `--games M` adds Classic-vs-Classic board games from
`selfplay.balance_games` when the board side provides it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.headless import MAX_TICKS, fight_headless
from handheld.games.archon.duel.matchups import LEVEL, all_pairs
from handheld.games.archon.duel.model import DuelSetup
from handheld.runtime.rng import Rng

TICKS_PER_S = 60
MEDIAN_RANGE_S = (2, 30)
MAX_SHADE_DROP = 15            # points Light's win rate may fall one shade lighter
VALKYRIE_BANSHEE_A_MIN = 80
WIZARD_SORCERESS_F_MAX = 35
RANK_CORRELATION_MIN = 0.7


def strength_share(light: str, dark: str, shade: int) -> int:
    """Light's share of the two unhurt fighters' total strength, permille."""
    ls, ds = DuelSetup.full(light, dark, shade).effective_strengths()
    return ls * 1000 // (ls + ds)


def cell_seeds(seed: int, light: str, dark: str, shade: int, duels: int) -> list:
    rng = Rng(seed).fork(f"balance:{light}|{dark}|{shade}")
    return [rng.randrange(1 << 30) for _ in range(duels)]


def measure_cell(light: str, dark: str, shade: int, duels: int, seed: int) -> dict:
    setup = DuelSetup.full(light, dark, shade)
    wins = {"light": 0, "dark": 0, "both": 0}
    lengths = []
    for s in cell_seeds(seed, light, dark, shade, duels):
        r = fight_headless(setup, s, LEVEL, LEVEL)
        wins[r.winner] += 1
        lengths.append(r.ticks)
    lengths.sort()
    return {"light": light, "dark": dark, "shade": S.SHADE_NAMES[shade], "duels": duels,
            "light_wins": wins["light"], "dark_wins": wins["dark"], "both_dead": wins["both"],
            "light_win_pct": round(100 * wins["light"] / duels, 1),
            "both_dead_pct": round(100 * wins["both"] / duels, 1),
            "min_s": round(lengths[0] / TICKS_PER_S, 1),
            "median_s": round(lengths[(duels - 1) // 2] / TICKS_PER_S, 1),
            "max_s": round(lengths[-1] / TICKS_PER_S, 1),
            "cap_hits": sum(1 for t in lengths if t >= MAX_TICKS),
            "distinct_lengths": len(set(lengths)),
            "strength_share": strength_share(light, dark, shade)}


def _pair_cells(args):
    (light, dark), duels, seed = args
    return [measure_cell(light, dark, shade, duels, seed) for shade in range(6)]


def measure_table(duels: int, seed: int, jobs: int = 1, pairs=None, progress=None) -> list:
    """Cells for `pairs` (default all), each pair's six shades A..F in order."""
    work = [(p, duels, seed) for p in (pairs or all_pairs())]
    done = []
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for cells in pool.imap(_pair_cells, work):
                done.append(cells)
                if progress:
                    progress(len(done), len(work))
    else:
        for w in work:
            done.append(_pair_cells(w))
            if progress:
                progress(len(done), len(work))
    return [c for cells in done for c in cells]


def _ranks(values: list) -> list:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def rank_correlation(xs: list, ys: list) -> float:
    """Spearman's rho (ties share their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else 0.0


def _cell(cells, light, dark, shade):
    for c in cells:
        if (c["light"], c["dark"], c["shade"]) == (light, dark, shade):
            return c
    return None


def checks(cells: list) -> dict:
    """Each target: its measured value, the target and whether it is met."""
    out = {}
    caps = sum(c["cap_hits"] for c in cells)
    out["cap_hits"] = {"value": caps, "target": "0", "ok": caps == 0}
    lo, hi = MEDIAN_RANGE_S
    bad = [f"{c['light']}|{c['dark']}|{c['shade']}={c['median_s']}" for c in cells
           if not lo <= c["median_s"] <= hi]
    out["median_length"] = {"value": len(bad), "target": f"every cell's median {lo}-{hi} s",
                            "ok": not bad, "cells": bad[:20]}
    drops = []
    worst = 0.0
    by_pair: dict = {}
    for c in cells:
        by_pair.setdefault((c["light"], c["dark"]), {})[c["shade"]] = c["light_win_pct"]
    for (light, dark), rates in by_pair.items():
        for k in range(1, 6):
            darker, lighter = S.SHADE_NAMES[k], S.SHADE_NAMES[k - 1]
            if darker in rates and lighter in rates:
                drop = rates[darker] - rates[lighter]
                worst = max(worst, drop)
                if drop > MAX_SHADE_DROP:
                    drops.append(f"{light}|{dark} {darker}->{lighter} -{drop:.0f}")
    out["shade_drop"] = {"value": round(worst, 1),
                         "target": f"Light's win rate falls <= {MAX_SHADE_DROP} points one "
                                   "shade lighter", "ok": not drops, "cells": drops[:20]}
    vb = _cell(cells, "valkyrie", "banshee", "A")
    if vb:
        out["valkyrie_banshee_A"] = {"value": vb["light_win_pct"],
                                     "target": f">= {VALKYRIE_BANSHEE_A_MIN}% Light",
                                     "ok": vb["light_win_pct"] >= VALKYRIE_BANSHEE_A_MIN}
    ws = _cell(cells, "wizard", "sorceress", "F")
    if ws:
        out["wizard_sorceress_F"] = {"value": ws["light_win_pct"],
                                     "target": f"<= {WIZARD_SORCERESS_F_MAX}% Light",
                                     "ok": ws["light_win_pct"] <= WIZARD_SORCERESS_F_MAX}
    if len(cells) > 2:
        rho = rank_correlation([c["strength_share"] for c in cells],
                               [c["light_win_pct"] for c in cells])
        out["rank_correlation"] = {"value": round(rho, 3),
                                   "target": f">= {RANK_CORRELATION_MIN}",
                                   "ok": rho >= RANK_CORRELATION_MIN}
    same = [f"{c['light']}|{c['dark']}|{c['shade']}" for c in cells
            if c["duels"] > 1 and c["distinct_lengths"] == 1]
    out["one_length_cells"] = {"value": len(same), "target": "0", "ok": not same,
                               "cells": same[:20]}
    return out


def format_table(cells: list) -> list:
    lines = [f"{'light':15s} {'dark':15s} sh  share  light%  both%   min   med   max  cap"]
    for c in cells:
        lines.append(f"{c['light']:15s} {c['dark']:15s} {c['shade']}  {c['strength_share'] / 10:5.1f}"
                     f"  {c['light_win_pct']:6.1f}  {c['both_dead_pct']:5.1f}  {c['min_s']:5.1f}"
                     f" {c['median_s']:5.1f} {c['max_s']:5.1f}  {c['cap_hits']:3d}")
    return lines


def format_checks(result: dict) -> list:
    lines = []
    for name, chk in result.items():
        mark = "ok  " if chk["ok"] else "FAIL"
        lines.append(f"{mark} {name}: {chk['value']} (target {chk['target']})")
        for extra in chk.get("cells", [])[:8]:
            lines.append(f"       {extra}")
    return lines


def board_games_function():
    """The board side's `selfplay.balance_games(games, seed) -> dict`
    (Classic-vs-Classic game figures), or None if this build has none."""
    from handheld.games.archon import selfplay

    return getattr(selfplay, "balance_games", None)


def add_balance_command(sub) -> None:
    p = sub.add_parser("balance", help="duel win rates and lengths for every pairing and shade, "
                                       "checked against the balance targets")
    p.add_argument("--duels", type=int, default=40, help="duels per pairing and shade (default 40; "
                                                          "0 skips the duel table)")
    p.add_argument("--games", type=int, default=0, help="also play this many Classic-vs-Classic "
                                                        "board games")
    p.add_argument("--seed", type=int, default=1, help="seed for the whole run (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=lambda args: cmd_balance(p, args))


def cmd_balance(parser: argparse.ArgumentParser, args) -> int:
    if args.duels < 0 or args.games < 0:
        parser.error("--duels and --games must be 0 or more")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.duels == 0 and args.games == 0:
        parser.error("nothing to measure: give --duels N and/or --games M")
    games_fn = board_games_function() if args.games else None
    if args.games and games_fn is None:
        parser.error("--games needs selfplay.balance_games, which this build lacks; "
                     "run with --duels only")
    t0 = time.perf_counter()
    out: dict = {"seed": args.seed, "duels": args.duels, "level": LEVEL}
    if args.duels:
        def progress(done, total):
            if not args.json and (done % 16 == 0 or done == total):
                print(f"  {done}/{total} pairings", file=sys.stderr)

        cells = measure_table(args.duels, args.seed, args.jobs, progress=progress)
        out["cells"] = cells
        out["checks"] = checks(cells)
    if games_fn is not None:         # asked for (args.games), and present
        out["games"] = games_fn(args.games, args.seed)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    if args.duels:
        print("\n".join(format_table(out["cells"])))
        n = len(out["cells"])
        print(f"\n{n} cells x {args.duels} duels (seed {args.seed}, level {LEVEL}) "
              f"in {out['seconds']} s")
        print("\n".join(format_checks(out["checks"])))
    if args.games:
        print("board games:", json.dumps(out["games"], sort_keys=True))
    return 0
