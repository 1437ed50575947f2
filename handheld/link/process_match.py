"""A whole linked match as a process of its own (process.py's `match`): a
headless cabinet with its LinkedMatchRunner (harness.headless_cabinet), a pad
player working its P1 stick (pad_players: the whole-Archon player, or the
masher), paced by the wall clock at 60 frames a second like the cabinet's
frame loop. It saves its replay in its data directory as a cabinet does, and
reports what it saw as a dict (the JSON the namespace tests read).
"""

from __future__ import annotations

import hashlib
import json
import time

from handheld.link.harness import headless_cabinet, pad_frame
from handheld.link.linked_match import LinkSetup
from handheld.link.pad_players import pad_player
from handheld.link.pairing import LINK_OPTIONS
from handheld.link.transport import UdpTransport

TICK_NS = 1_000_000_000 // 60
LINGER_FRAMES = 60            # still answering the other cabinet this long after our end, so it settles too


class Paced:
    """Frame numbers 1.. at 60 a second by the wall clock, at most max_frames.
    A frame that starts late is not waited for (the loop catches up); the
    most any frame started late is kept, in ms (a busy machine shows here)."""

    def __init__(self, max_frames: int):
        self.max_frames, self.late_ms = max_frames, 0

    def __iter__(self):
        start = time.monotonic_ns()
        for frame in range(1, self.max_frames + 1):
            yield frame
            wait = start + frame * TICK_NS - time.monotonic_ns()
            if wait > 0:
                time.sleep(wait / 1e9)
            else:
                self.late_ms = max(self.late_ms, -wait // 1_000_000)


def address(text: str) -> tuple:
    host, _, port = text.rpartition(":")
    return host, int(port)


def run_match_cabinet(a) -> dict:
    """One whole match of a.game on this cabinet's side (the host plays player 1)."""
    from handheld.games.registry import load_game

    host = a.role == "host"
    transport = UdpTransport(*address(a.bind))
    try:
        link = LinkSetup(host, a.token, transport, address(a.peer), None if a.delay == "auto" else int(a.delay))
        ctx = headless_cabinet(load_game(a.game), LINK_OPTIONS[a.game], a.seed, link, a.data)
        runner = ctx.director.scenes[-1]
        sample = pad_player(a.game, 2 * a.seed + (1 if host else 0))(runner)
        linger = frame = 0
        clock = Paced(a.max_seconds * 60)
        for frame in clock:
            pad_frame(runner, sample)
            if runner.ended and runner.ended != "finished":
                break
            linger += runner.ended == "finished"
            if linger >= LINGER_FRAMES:
                break
        return summary(runner, transport, frame, clock.late_ms)
    finally:
        transport.close()


def summary(runner, transport, frames: int, late_ms: int) -> dict:
    peer, replay, s = runner.peer, runner.replay, runner.peer.session
    saved = runner.saved_path
    return {"ended": runner.ended, "finished": runner.ended == "finished", "desyncs": peer.desyncs,
            "hash": replay.state_hash, "frames_digest": frames_digest(replay.frames),
            "replay": str(saved) if saved else None,
            "replay_verified": saved is not None and replay_verifies(saved),
            "ticks": runner.linked.tick, "played": peer.play_ticks, "agreed": peer.agreed,
            "rollbacks": s.rollbacks, "deepest": s.deepest, "input_delay": s.input_delay,
            "rtt_ticks": peer.rtt_ticks, "rejected": peer.rejected, "bytes_sent": transport.bytes_sent,
            "wall_frames": frames, "late_ms": late_ms}


def frames_digest(frames: list) -> str:
    """A short digest of a replay's run-length frames: equal on both cabinets when they recorded the same."""
    return hashlib.blake2b(json.dumps(frames).encode(), digest_size=8).hexdigest()


def replay_verifies(path) -> bool:
    """The saved replay, re-run from its file alone, ends finished on its own
    final hash with no frame left over (what `handheld replay --verify` checks)."""
    from handheld.games.playback import run_replay
    from handheld.runtime.replay import Replay, ReplayError

    replay = Replay.load(path)
    try:
        scene = run_replay(replay)
    except ReplayError:
        return False
    return scene.finished and scene.state_hash() == replay.state_hash
