"""Rollback for a real-time game played over a link (ideas after GGPO; no code from it).

The local player's input is applied at once (after an optional input delay
of 0-3 ticks); the remote player's input for a tick not yet received is
predicted by repeating the last one received. The game's state is saved
after every tick. When the real remote input for a tick arrives and differs
from the prediction, the game goes back to the state before that tick and
re-simulates up to the present with what is now known. The present may run
at most `max_rollback` ticks ahead of the last tick with the remote input
known; beyond that `advance` refuses (the game waits).

The game is anything with `tick`, `over`, `step(light_input, dark_input)`,
`snapshot()`, `restore(snapshot)`, `key(player_input)` (the part of an
input the game reads: a prediction is wrong only if that part differs) and
`predictable()` (False: the next tick waits for the remote input, lockstep).
Side 0 is Light (the host), side 1 Dark.
"""

from __future__ import annotations

from handheld.base.actions import IDLE, PlayerInput

MAX_ROLLBACK = 8
MAX_INPUT_DELAY = 3
KEEP_SNAPSHOTS = 180          # ticks of history kept behind the confirmed tick (a resync goes back this far)
HORIZON = 256                 # remote inputs further ahead than this are not believed


class RollbackSession:
    def __init__(self, game, local_side: int, input_delay: int = 0, max_rollback: int = MAX_ROLLBACK):
        if local_side not in (0, 1):
            raise ValueError("local_side is 0 (light) or 1 (dark)")
        self.game = game
        self.local_side, self.remote_side = local_side, 1 - local_side
        self.max_rollback = max_rollback
        self.input_delay = 0
        self.set_input_delay(input_delay)
        self.inputs: tuple[dict, dict] = ({}, {})   # side -> {tick: PlayerInput} known for sure
        self.used_remote: dict = {}                 # tick -> the remote input the present timeline used
        self.confirmed_remote = 0                   # every remote input up to here is known
        self.local_next = game.tick + 1             # the next tick a local input is due for
        self.sampled = False                        # no live sample taken yet
        self.sample_used = False                    # the last advance put the live sample on a tick
        self.snapshots = {game.tick: game.snapshot()}
        self.first_wrong: int | None = None
        self.confirmed = game.tick                  # last tick handed out by pop_confirmed
        self.pruned_to = 0
        self.rollbacks = self.resimulated = self.deepest = self.stalls = 0

    # ------------------------------------------------------------- settings
    def set_input_delay(self, ticks: int) -> None:
        """0-3 ticks (0-8 in lockstep); may change mid-match (a tick is repeated or a sample dropped)."""
        # a game out of its real-time part may send its inputs further ahead (lockstep: a cursor)
        most = getattr(self.game, "max_input_delay", MAX_INPUT_DELAY)
        self.input_delay = max(0, min(most, int(ticks)))

    # --------------------------------------------------------------- inputs
    def add_remote(self, first: int, inputs) -> None:
        """The peer's inputs for ticks first, first+1, ... (any order, repeats ignored)."""
        known, used, key = self.inputs[self.remote_side], self.used_remote, self.game.key
        limit = self.confirmed_remote + HORIZON
        now = self.game.tick
        for i, pin in enumerate(inputs):
            t = first + i
            if t <= self.confirmed_remote or t > limit or t in known:
                continue
            known[t] = pin
            if t <= now and t in used and key(used[t]) != key(pin):
                if self.first_wrong is None or t < self.first_wrong:
                    self.first_wrong = t
        while self.confirmed_remote + 1 in known:
            self.confirmed_remote += 1

    def local_inputs(self, first: int, last: int) -> list:
        """This side's inputs for ticks first..last (all already decided)."""
        known = self.inputs[self.local_side]
        return [known[t] for t in range(first, last + 1)]

    @property
    def last_local_tick(self) -> int:
        return self.local_next - 1

    def _predict(self) -> PlayerInput:
        """The last input received, held on: a stick stays held, a press is not pressed again."""
        return PlayerInput(self.inputs[self.remote_side].get(self.confirmed_remote, IDLE).held)

    # ------------------------------------------------------------------ run
    def can_advance(self) -> bool:
        """The next tick may run: on a guess only while the game allows one
        (`predictable()`, else lockstep) and at most max_rollback ticks ahead."""
        ahead = self.max_rollback if self.game.predictable() else 0
        return not self.game.over and self.game.tick + 1 - self.confirmed_remote <= ahead

    def advance(self, local) -> bool:
        """One tick with this tick's local input sample (a PlayerInput, or a
        callable tick -> PlayerInput for scripted players); False (and
        nothing done) while waiting for the peer or when the game is over."""
        self.sync()
        self.sample_used = False
        if not self.can_advance():
            if not self.game.over and not self.game.predictable():
                self._take_local(local)           # lockstep: the peer waits for this side's input too
            self.stalls += 0 if self.game.over else 1
            return False
        self._take_local(local)
        self._simulate(self.game.tick + 1)
        return True

    def _take_local(self, local) -> None:
        """Decide this side's inputs up to the next tick plus the input delay."""
        due = self.game.tick + 1 + self.input_delay
        mine = self.inputs[self.local_side]
        while self.local_next <= due:
            n = self.local_next
            if callable(local):
                mine[n] = local(n)
            elif n == due:
                mine[n] = local
                self.sample_used = True
            else:       # the start of a delayed match (idle), or a gap a longer delay opened (no press twice)
                mine[n] = PlayerInput(local.held) if self.sampled else IDLE
            self.local_next += 1
        self.sampled = True

    def _simulate(self, t: int) -> None:
        remote = self.inputs[self.remote_side].get(t)
        if remote is None:
            remote = self._predict()
        self.used_remote[t] = remote
        local = self.inputs[self.local_side][t]
        if self.local_side == 0:
            self.game.step(local, remote)
        else:
            self.game.step(remote, local)
        self.snapshots[self.game.tick] = self.game.snapshot()

    def sync(self) -> None:
        """Apply a pending rollback: back to before the first wrong
        prediction, then forward again to the present."""
        wrong = self.first_wrong
        if wrong is None:
            return
        self.first_wrong = None
        now = self.game.tick
        self.game.restore(self.snapshots[wrong - 1])
        for t in range(wrong, now + 1):
            if self.game.over:
                self._forget_after(self.game.tick)   # the corrected past ends sooner
                break
            self._simulate(t)
        self.rollbacks += 1
        self.resimulated += now + 1 - wrong
        self.deepest = max(self.deepest, now + 1 - wrong)

    # ------------------------------------------------------ confirmed ticks
    def confirmed_tick(self) -> int:
        """The last tick whose state is final (both inputs known, no rollback pending)."""
        last = min(self.confirmed_remote, self.game.tick)
        if self.first_wrong is not None:
            last = min(last, self.first_wrong - 1)
        return last

    def pop_confirmed(self) -> list:
        """(tick, light input, dark input) for every tick newly final, in order."""
        self.sync()
        last = self.confirmed_tick()
        out = []
        for t in range(self.confirmed + 1, last + 1):
            pair = (self.inputs[self.local_side][t], self.inputs[self.remote_side][t])
            out.append((t,) + (pair if self.local_side == 0 else pair[::-1]))
        self.confirmed = max(self.confirmed, last)
        self._prune()
        return out

    def snapshot_at(self, t: int):
        return self.snapshots.get(t)

    def replace_state(self, t: int, snapshot) -> bool:
        """Resynchronise: the state after tick `t` is `snapshot` (the host's);
        re-simulate from there to the present. False if `t` is out of reach."""
        if t > self.game.tick or t not in self.snapshots:
            return False
        self.snapshots[t] = snapshot
        if t == self.game.tick:
            self.game.restore(snapshot)
            self.first_wrong = None
        elif self.first_wrong is None or t + 1 < self.first_wrong:
            self.first_wrong = t + 1
        self.sync()
        return True

    def rerun(self, until: int) -> None:
        """The game was rebuilt up to a tick at or before `confirmed` (a whole
        match's resync, resync.py): run again up to `until` with the inputs
        known and the guesses made, and save the state of each tick again."""
        self.first_wrong = None
        self._forget_after(self.game.tick)
        for t in range(self.game.tick + 1, until + 1):
            if self.game.over:
                break
            self._simulate(t)

    def _forget_after(self, t: int) -> None:
        for table in (self.snapshots, self.used_remote):
            for k in [k for k in table if k > t]:
                del table[k]
        self.confirmed = min(self.confirmed, t)

    def _prune(self) -> None:
        keep_from = min(self.confirmed, self.confirmed_remote) - KEEP_SNAPSHOTS
        if keep_from - self.pruned_to < 60:
            return                         # prune once a second, not every tick
        self.pruned_to = keep_from
        for table in (self.snapshots, self.used_remote, self.inputs[0], self.inputs[1]):
            for t in [t for t in table if t < keep_from]:
                del table[t]
