"""Win rates for every pairing, from computer-vs-computer duels.

The shipped table (matchups.json next to this file) feeds the Strong board
player and the bestiary. Keys are "light_icon|dark_icon" as they stand in the
arena (an elemental takes the side opposite its victim); each value holds,
per shade A..F, [light wins, dark wins, both died] out of `duels`.
Regenerate with `handheld archon matchups --duels N --out FILE`.
"""

from __future__ import annotations

import json
import os
import zlib
from functools import lru_cache

from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.headless import fight_headless
from handheld.games.archon.duel.model import DuelSetup

TABLE_PATH = os.path.join(os.path.dirname(__file__), "matchups.json")
LEVEL = 2


def all_pairs() -> list:
    """(light, dark) for every Light x Dark pairing and each elemental
    against every piece of either side."""
    pairs = [(l, d) for l in S.LIGHT_ICONS for d in S.DARK_ICONS]
    pairs += [(l, e) for e in S.ELEMENTALS for l in S.LIGHT_ICONS]
    pairs += [(e, d) for e in S.ELEMENTALS for d in S.DARK_ICONS]
    return pairs


def pair_counts(pair: tuple, duels: int) -> list:
    """[[light wins, dark wins, both] for shade A..F] for one pairing."""
    light, dark = pair
    base = zlib.crc32(f"{light}|{dark}".encode())
    out = []
    for shade in range(6):
        setup = DuelSetup.full(light, dark, shade)
        c = [0, 0, 0]
        for i in range(duels):
            r = fight_headless(setup, base + 1000 * shade + i, LEVEL, LEVEL)
            c[("light", "dark", "both").index(r.winner)] += 1
        out.append(c)
    return out


def _work(args):
    pair, duels = args
    return pair, pair_counts(pair, duels)


def build_table(duels: int, jobs: int = 1, pairs=None, progress=None) -> dict:
    pairs = pairs or all_pairs()
    work = [(p, duels) for p in pairs]
    results = {}
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for pair, counts in pool.imap_unordered(_work, work):
                results["|".join(pair)] = counts
                if progress:
                    progress(len(results), len(work))
    else:
        for w in work:
            pair, counts = _work(w)
            results["|".join(pair)] = counts
            if progress:
                progress(len(results), len(work))
    return {"duels": duels, "level": LEVEL, "shades": S.SHADE_NAMES,
            "pairs": {k: results[k] for k in sorted(results)}}


def save_table(table: dict, path: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(table, f, separators=(",", ":"), sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


@lru_cache(maxsize=1)
def shipped_table() -> dict:
    with open(TABLE_PATH) as f:
        return json.load(f)


def win_permille(attacker: str, defender: str, shade: int) -> int:
    """How often (per 1000) `attacker` kills `defender` and survives, on a
    square of `shade` (0..5 = A..F), from the shipped table. A Shapeshifter
    or elemental may be either. Raises KeyError for icons that never meet."""
    pairs = shipped_table()["pairs"]
    n = shipped_table()["duels"]
    key = f"{attacker}|{defender}"
    if key in pairs:
        return pairs[key][shade][0] * 1000 // n
    key = f"{defender}|{attacker}"
    if key in pairs:
        return pairs[key][shade][1] * 1000 // n
    raise KeyError(f"{attacker} and {defender} never duel")


def best_and_worst(icon: str, table: dict | None = None) -> tuple:
    """(best, worst) opponents of `icon`: lists of (opponent, permille averaged
    over the six shades), best first / worst first."""
    table = table or shipped_table()
    n = table["duels"]
    scores = []
    for key, counts in table["pairs"].items():
        light, dark = key.split("|")
        if icon == light:
            opp, col = dark, 0
        elif icon == dark:
            opp, col = light, 1
        else:
            continue
        scores.append((opp, sum(c[col] for c in counts) * 1000 // (6 * n)))
    scores.sort(key=lambda s: (-s[1], s[0]))
    return scores, sorted(scores, key=lambda s: (s[1], s[0]))
