"""The whole-match tables of docs/link.md: every two-player game linked between
two cabinets in this process, through the lossy relay on 127.0.0.1 at each
condition, players working the pad; one Markdown row per match. With
--resync, each match has one input taken wrongly on the guest (a desync)
and the rows say what mending it took.

    python -m handheld.tools.link_figures [--resync] [GAME ...]
"""

from __future__ import annotations

import sys

from handheld.games.registry import load_game
from handheld.link.harness import play_linked_match, take_input_wrongly
from handheld.link.pad_players import archon_player, masher
from handheld.link.pairing import LINK_OPTIONS
from handheld.link.relay import Condition

CONDITIONS = (Condition(), Condition(30, 6, 20), Condition(100, 20, 20), Condition(100, 20, 100))
HEADER = ("| game | seed | one-way delay + jitter | loss | match ticks | played in | input delay "
          "| rollbacks host/guest | deepest | bytes/s | hash checks | desyncs | same end, both verify |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|")


def match_row(game_id: str, condition: Condition) -> str:
    from handheld.games.playback import run_replay

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


RESYNC_HEADER = ("| game | one-way delay + jitter | loss | input taken wrongly at | caught at | match ticks "
                 "| stood still host/guest | rebuild host/guest | log sent | same end, same frames, both verify |\n"
                 "|---|---|---|---|---|---|---|---|---|---|")
WRONG_AT = {"archon": 12_000, "atom4": 3000, "chamber": 1500}      # else 300: deep in each match


def resync_row(game_id: str, condition: Condition) -> str:
    from handheld.games.playback import run_replay

    seed = 10 if game_id == "archon" else 7
    players = (archon_player(21), archon_player(20)) if game_id == "archon" else (masher(5), masher(6))
    wrong = WRONG_AT.get(game_id, 300)
    r = play_linked_match(load_game(game_id), LINK_OPTIONS[game_id], seed, *players, condition, relay_seed=3,
                          max_wall_ticks=600_000, on_tick=take_input_wrongly(wrong))
    h, g = r.host, r.guest
    ok = r.finished and h.replay.state_hash == g.replay.state_hash and h.replay.frames == g.replay.frames
    for runner in (h, g):
        scene = run_replay(runner.replay)
        ok = ok and scene.finished and scene.state_hash() == runner.replay.state_hash
    assert h.peer.log_resync is not None and g.peer.log_resync is not None, "a whole match resyncs from a log"
    hd, gd = h.peer.log_resync.done, g.peer.log_resync.done
    c = condition
    delay = f"{c.delay_ms} + 0-{c.jitter_ms} ms" if c.jitter_ms else f"{c.delay_ms} ms"
    if not (hd and gd):
        caught = f"over first ({h.linked.tick} ticks)" if h.linked.tick < wrong else "NOT CAUGHT"
        return f"| {game_id} | {delay} | {c.loss_permille / 10:g}% | {wrong} | {caught} | | | | | |"
    (t, hf, hms, size), (_t, gf, gms, _s) = hd[0], gd[0]
    return (f"| {game_id} | {delay} | {c.loss_permille / 10:g}% | {wrong} | {t} | {h.linked.tick} | "
            f"{hf}/{gf} frames | {hms:.0f}/{gms:.0f} ms | {size} bytes | {'yes' if ok else 'NO'} |")


def main(argv: list[str]) -> int:
    resync = "--resync" in argv
    games = [a for a in argv if a != "--resync"] or list(LINK_OPTIONS)
    print(RESYNC_HEADER if resync else HEADER)
    for game_id in games:
        for condition in CONDITIONS:
            print((resync_row if resync else match_row)(game_id, condition), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
