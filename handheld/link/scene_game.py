"""Any game's match scene as the game a linked session runs (peer.py, rollback.py).

Both cabinets build the same MatchScene from the same seed and options and
feed it the same InputFrame every tick: the host's player in slot 0, the
guest's in slot 1. A tick runs only once both inputs are known (lockstep:
a turn-based game's moves are sent and acknowledged with the inputs that
make them), except while the scene is `predictable()` (Archon's arena),
where it runs on a guess and rolls back (up to 8 ticks) when the guess was
wrong. The replay is the runner's usual one, so `handheld replay --verify`
re-runs it like any match.
"""

from __future__ import annotations

import copy

from handheld.base.actions import IDLE, InputFrame, PlayerInput
from handheld.base.scene import Director
from handheld.runtime.replay import Replay
from handheld.link.rollback import MAX_INPUT_DELAY

HASH_EVERY = 60               # the ticks whose state is hashed (the peer compares them), and the last
LOCKSTEP_MAX_DELAY = 8        # out of real time: 133 ms of cursor lag rather than a slow game


def _snapshot_of(scene, tick: int) -> tuple:
    digest = scene.state_hash() if tick % HASH_EVERY == 0 or scene.finished else None
    return tick, digest, scene.snapshot() if scene.predictable() else None


class SilencedAudio:
    """The cabinet's audio, quiet while ticks are run again after a rollback."""

    def __init__(self, audio):
        self.audio, self.muted = audio, False

    def play(self, name: str, *args, **kwargs):
        if not self.muted:
            return self.audio.play(name, *args, **kwargs)
        return None

    def __getattr__(self, name):
        return getattr(self.audio, name)


class LinkedScene:
    def __init__(self, scene, game_id: str, seed: int, options: dict, play_version: int, audio=None,
                 make_scene=None):
        self.scene = scene
        self.make_scene = make_scene       # () -> a new scene of this match (a resync rebuilds it)
        self.game_id, self.seed, self.options, self.play_version = game_id, seed, dict(options), play_version
        self.audio = audio                 # a SilencedAudio the scene plays through, or None
        self.tick = 0
        self.furthest = 0                  # the furthest tick run: a tick at or before it is a re-run

    @property
    def max_input_delay(self) -> int:
        """Up to 8 ticks in lockstep; 0-3 while the match runs in real time (Archon's duels)."""
        return MAX_INPUT_DELAY if self.scene.real_time else LOCKSTEP_MAX_DELAY

    def delay_for_rtt(self, rtt_ticks: int) -> int:
        """Input delay for a round trip: a lockstep tick waits for the other
        side's input, a one-way trip old, so send it that far ahead and a
        tick more (jitter, and frames that do not start together)."""
        return max(0, min(self.max_input_delay, (rtt_ticks + 1) // 2 + 1))

    @property
    def over(self) -> bool:
        return self.scene.finished

    def predictable(self) -> bool:
        return self.scene.predictable()

    def key(self, pin: PlayerInput):
        return self.scene.input_key(pin)

    def step(self, light: PlayerInput, dark: PlayerInput) -> None:
        self.tick += 1
        if self.audio is not None:
            self.audio.muted = self.tick <= self.furthest
        self.scene.update(InputFrame((light, dark, IDLE, IDLE)))
        self.furthest = max(self.furthest, self.tick)

    def snapshot(self) -> tuple:
        """(tick, state hash on the ticks that are compared, else None, the
        scene's own snapshot while a rollback may come back to it, else None)."""
        return _snapshot_of(self.scene, self.tick)

    def restore(self, snap) -> None:
        self.tick = snap[0]
        self.scene.restore(snap[2])

    def state_hash(self) -> str:
        return self.scene.state_hash()

    @staticmethod
    def hash_of(snap):
        return None if snap is None else snap[1]

    def rebuilding(self, frames):
        """The match again from its first tick on these InputFrames, quietly and
        off screen (resync.py), stopping if it ends: a generator of (tick,
        snapshot) a tick at a time, so a frame runs only a slice of it. The
        scene shown stays until the last tick, then the new one takes its place."""
        if self.audio is not None:
            self.audio.muted = True        # no tick of the scene shown runs till then
        fresh = self.make_scene()
        real_ctx = fresh.ctx
        fresh.ctx = copy.copy(real_ctx)               # a card the match pushed long ago is not pushed again
        fresh.ctx.director = Director()
        tick = 0
        try:
            for frame in frames:
                if fresh.finished:
                    break
                tick += 1
                fresh.update(frame)
                yield tick, _snapshot_of(fresh, tick)
        finally:
            fresh.ctx = real_ctx
        self.scene, self.tick = fresh, tick

    @staticmethod
    def encode(_snap):
        """No state in a packet for a whole match: it is rebuilt from the host's log (resync.py)."""
        return None

    @staticmethod
    def decode(_raw):
        return None

    def new_replay(self) -> Replay:
        return Replay(self.game_id, self.seed, self.options, play_version=self.play_version)
