"""Archon's match scene during a duel, saved and put back for linked play
(handheld/link/): the arena runs with rollback, the board in lockstep.

Only ticks of a duel still being fought are predicted, so a snapshot need
only hold what such a tick changes: the scene's counters and the duel view
with its arena (`Duel.snapshot`, a tuple of integers). The board itself never
changes inside that window: the duel is resolved on it 90 ticks after the
arena ends, and those ticks already wait for the real inputs.
"""

from __future__ import annotations

DUEL_KEYS = 31                # up, down, left, right, fire: all the arena reads


class DuelRollback:
    duel = None               # the scene's DuelView while a duel is on

    def predictable(self) -> bool:
        return self.duel is not None and not self.duel.duel.over

    def snapshot(self):
        v = self.duel
        return (self.tick, self.phase_t, self.message_ticks, v.frame, v.end_timer, len(v.inputs),
                v.duel.snapshot())

    def restore(self, snap) -> None:
        v = self.duel
        self.tick, self.phase_t, self.message_ticks, v.frame, v.end_timer, kept, arena = snap
        del v.inputs[kept:]
        v.finished, v.result = False, None
        v.duel.restore(arena)

    @staticmethod
    def input_key(pin):
        return pin.held & DUEL_KEYS
