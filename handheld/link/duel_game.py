"""Archon's duel arena as a game the rollback session can run, save and restore.

Both cabinets build the same `Duel` from the same setup and seed; the duel
reads only each side's held mask, so that is all a prediction must get right.
Snapshots are the arena's own tuples of integers (`Duel.snapshot`, ~1 us)
and go back in place (`Duel.restore`); copy.deepcopy of a duel costs ~190 us.
"""

from __future__ import annotations

from handheld.games.archon.duel.arena import Duel
from handheld.games.archon.duel.headless import MAX_TICKS
from handheld.games.archon.duel.model import DuelSetup
from handheld.base.actions import PlayerInput
from handheld.link.packet import decode_state, encode_state
from handheld.runtime.replay import Replay
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash

DUEL_KEYS = 31                # up, down, left, right, fire: what the arena reads
REPLAY_GAME = "archon-duel"


class LinkedDuel:
    def __init__(self, setup: DuelSetup, seed: int, max_ticks: int = MAX_TICKS):
        self.setup, self.seed, self.max_ticks = setup, seed, max_ticks
        self.duel = Duel(setup, Rng(seed))
        self.first_state = self.duel.snapshot()    # no shot in flight: the shape a state is checked against

    @property
    def tick(self) -> int:
        return self.duel.tick

    @property
    def over(self) -> bool:
        return self.duel.over or self.duel.tick >= self.max_ticks

    @staticmethod
    def predictable() -> bool:
        return True

    @staticmethod
    def key(pin: PlayerInput) -> int:
        return pin.held & DUEL_KEYS

    def step(self, light: PlayerInput, dark: PlayerInput) -> None:
        self.duel.step(light.held, dark.held)

    def snapshot(self) -> tuple:
        return self.duel.snapshot()

    def restore(self, snap) -> None:
        self.duel.restore(snap)

    def state_hash(self) -> str:
        return self.duel.state_hash()

    # ------------------------------------------------- the resync message
    @staticmethod
    def hash_of(snap) -> str:
        return state_hash(snap)

    @staticmethod
    def encode(snap) -> bytes:
        return encode_state(snap)

    def decode(self, raw: bytes):
        """The snapshot in `raw` if a duel accepts it, else None (never raises)."""
        snap = decode_state(raw)
        if snap is None or not _shaped_like(snap, self.first_state):
            return None
        trial = Duel(self.setup, Rng(self.seed))
        try:
            trial.restore(snap)
            out = trial.snapshot()
            trial.state_hash()
            trial.step(0, 0)               # fields of the wrong type fail here, not in the match
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            return None
        # the fields must be what the engine writes (a round trip gives them
        # back) and of this duel: the same icons and the same barrier layout
        fixed = self.first_state
        if out[3][:3] != fixed[3][:3] or out[4][:3] != fixed[4][:3] or out[5][0] != fixed[5][0]:
            return None
        return out if state_hash(out) == state_hash(snap) else None

    # --------------------------------------------------------------- replay
    def new_replay(self) -> Replay:
        s = self.setup
        return Replay(REPLAY_GAME, self.seed, {"light": s.light_icon, "dark": s.dark_icon, "shade": s.shade,
                                               "light_strength": s.light_strength,
                                               "dark_strength": s.dark_strength, "light_hp": s.light_hp,
                                               "dark_hp": s.dark_hp, "max_ticks": self.max_ticks})


def _shaped_like(value, ref) -> bool:
    """Same nesting, lengths and leaf types as the engine's own snapshot
    `ref`; where `ref` has no shot in flight, a shot (8 integers) or none."""
    if ref is None:
        return value is None or (isinstance(value, list) and len(value) == 8
                                 and all(type(v) is int for v in value))
    if isinstance(ref, (tuple, list)):
        return isinstance(value, (tuple, list)) and len(value) == len(ref) \
            and all(_shaped_like(v, r) for v, r in zip(value, ref))
    return type(value) is type(ref)


def verify_duel_replay(replay: Replay) -> bool:
    """Re-run a linked duel's replay offline: does it end on its recorded hash?"""
    o = replay.options
    setup = DuelSetup(o["light"], o["dark"], o["shade"], o["light_strength"], o["dark_strength"],
                      o["light_hp"], o["dark_hp"])
    game = LinkedDuel(setup, replay.seed, o["max_ticks"])
    for frame in replay.input_frames():
        if game.over:
            return False                   # inputs after the end: not this duel's replay
        game.step(frame[0], frame[1])
    return game.over and game.state_hash() == replay.state_hash
