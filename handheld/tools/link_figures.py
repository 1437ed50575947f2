"""The whole-match table of docs/link.md: every two-player game linked between
two cabinets in this process, through the lossy relay on 127.0.0.1 at each
condition, players working the pad; one Markdown row per match.

    python -m handheld.tools.link_figures [GAME ...]
"""

from __future__ import annotations

import sys

from handheld.games.registry import load_game
from handheld.link.harness import play_linked_match
from handheld.link.pad_players import archon_player, masher
from handheld.link.pairing import LINK_OPTIONS
from handheld.link.relay import Condition

CONDITIONS = (Condition(), Condition(30, 6, 20), Condition(100, 20, 20), Condition(100, 20, 100))
HEADER = ("| game | seed | one-way delay + jitter | loss | match ticks | played in | input delay "
          "| rollbacks host/guest | deepest | bytes/s | hash checks | desyncs | same end, both verify |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def match_row(game_id: str, condition: Condition) -> str:
    from handheld.tools.playback import run_replay

    seed = 10 if game_id == "archon" else 7
    players = (archon_player(21), archon_player(20)) if game_id == "archon" else (masher(5), masher(6))
    r = play_linked_match(load_game(game_id), LINK_OPTIONS[game_id], seed, *players, condition, relay_seed=3,
                          max_wall_ticks=600_000)
    h, g = r.host, r.guest
    ok = r.finished and h.replay.state_hash == g.replay.state_hash and h.replay.frames == g.replay.frames
    for runner in (h, g):
        scene = run_replay(runner.replay)
        ok = ok and scene.finished and scene.state_hash() == runner.replay.state_hash
    ticks, played = h.linked.tick, max(h.peer.play_ticks, g.peer.play_ticks)
    c = condition
    delay = f"{c.delay_ms} + 0-{c.jitter_ms} ms" if c.jitter_ms else f"{c.delay_ms} ms"
    s, t = h.peer.session, g.peer.session
    return (f"| {game_id} | {seed} | {delay} | {c.loss_permille / 10:g}% | {ticks} | "
            f"{played} (+{100 * (played - ticks) / max(ticks, 1):.1f}%) | {s.input_delay} | "
            f"{s.rollbacks}/{t.rollbacks} | {max(s.deepest, t.deepest)} | {r.bytes_per_second} | "
            f"{h.peer.agreed}/{g.peer.agreed} | {len(h.peer.desyncs) + len(g.peer.desyncs)} | "
            f"{'yes' if ok else 'NO'} |")


def main(argv: list[str]) -> int:
    print(HEADER)
    for game_id in argv or list(LINK_OPTIONS):
        for condition in CONDITIONS:
            print(match_row(game_id, condition), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
