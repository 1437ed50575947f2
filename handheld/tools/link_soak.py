"""Many whole Archon matches between two linked cabinets in this process, through
the lossy relay on 127.0.0.1, at the conditions docs/link.md names: the issue's
"100 full matches per condition" measured without tc netem (see docs/link.md).
Each match is played by computers working both pads; a match counts as good when
it finished, no state hash differed, both cabinets' replays end on one hash and
both verify by re-running them. One line per match, then one row per condition.

    python -m handheld.tools.link_soak --matches 100 --seed 5000 100/10/20 100/10/100
"""

from __future__ import annotations

import argparse
import sys
import time

from handheld.link.relay import Condition


def parse_condition(text: str) -> Condition:
    """'delay/jitter/loss-permille' in ms, ms and per thousand: 100/10/20 is
    100 ms one way, up to 10 ms more, 2 % lost."""
    try:
        delay, jitter, loss = (int(part) for part in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad condition {text!r}: write delay/jitter/loss, e.g. 100/10/20") from None
    return Condition(delay, jitter, loss)


def play_one(seed: int, condition: Condition) -> dict:
    from handheld.games.registry import load_game
    from handheld.link.harness import play_linked_match
    from handheld.link.pad_players import archon_player
    from handheld.link.pairing import LINK_OPTIONS
    from handheld.games.playback import run_replay

    started = time.process_time()
    r = play_linked_match(load_game("archon"), LINK_OPTIONS["archon"], seed, archon_player(2 * seed + 1),
                          archon_player(2 * seed), condition, relay_seed=seed, max_wall_ticks=900_000)
    h, g = r.host, r.guest
    verified = all(run_replay(runner.replay).state_hash() == runner.replay.state_hash for runner in (h, g))
    return {
        "seed": seed, "finished": r.finished, "ticks": h.linked.tick,
        "played": max(h.peer.play_ticks, g.peer.play_ticks),
        "desyncs": len(h.peer.desyncs) + len(g.peer.desyncs),
        "same_end": h.replay.state_hash == g.replay.state_hash and h.replay.frames == g.replay.frames,
        "verified": verified, "cpu_s": round(time.process_time() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m handheld.tools.link_soak", description=__doc__.split("\n\n")[0])
    ap.add_argument("conditions", nargs="+", type=parse_condition, help="delay/jitter/loss-permille, e.g. 100/10/20")
    ap.add_argument("--matches", type=int, default=100, help="matches per condition (default 100)")
    ap.add_argument("--seed", type=int, default=5000, help="first match seed; match i plays seed + i")
    args = ap.parse_args(argv)
    rows = []
    for condition in args.conditions:
        results = []
        for i in range(args.matches):
            result = play_one(args.seed + i, condition)
            results.append(result)
            print(condition.label(), result, flush=True)
        good = sum(r["finished"] and not r["desyncs"] and r["same_end"] and r["verified"] for r in results)
        slower = sorted(100 * (r["played"] - r["ticks"]) / max(r["ticks"], 1) for r in results)
        rows.append(f"| {condition.label()} | {len(results)} | {good} | {sum(r['desyncs'] for r in results)} | "
                    f"{slower[len(slower) // 2]:+.1f}% / {slower[-1]:+.1f}% |")
    print("| delay+jitter/loss | matches | good (finished, no desync, same end, both verify) | desyncs "
          "| played vs match ticks, median / worst |\n|---|---|---|---|---|")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
