"""Archon's match scene in a match between two cabinets (handheld/link/):
the arena runs with rollback, the board in lockstep; and when the link is
lost for good, the computer may take over the other cabinet's side.

Rollback: only ticks of a duel still being fought are predicted, so a
snapshot need only hold what such a tick changes: the scene's counters and
the duel view with its arena (`Duel.snapshot`, a tuple of integers). The
board itself never changes inside that window: the duel is resolved on it 90
ticks after the arena ends, and those ticks already wait for the real inputs.

Taking over: the option computer_from = [player, tick] (0 Light, 1 Dark)
makes that side a computer from that tick on, so the match's replay, the
linked part and the rest, re-runs the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from handheld.base import scene
from handheld.games.archon.icons import DARK, LIGHT

if TYPE_CHECKING:
    from handheld.games.archon.duel.view import DuelView
    from handheld.games.archon.rules import State

DUEL_KEYS = 31                # up, down, left, right, fire: all the arena reads


SIDES = (LIGHT, DARK)
HUMAN_PHASES = ("select", "walk", "fly", "spells", "revive", "pick")


def computer_from(options: dict):
    """(side, tick) of options["computer_from"], None without it; ValueError if malformed."""
    taken = scene.computer_from(options, options.get("mode") == "two_players")
    return None if taken is None else (SIDES[taken[0]], taken[1])


class LinkedPlay:
    duel: DuelView | None = None   # the scene's DuelView while a duel is on
    hands_over = True         # takes options["computer_from"]
    # The match scene's own, which this mixin reads and winds back:
    seed: int
    state: State
    computer: set[str]
    pad: dict[str, int]
    duel_level: int
    phase: str
    tick: int
    phase_t: int
    message_ticks: int

    if TYPE_CHECKING:
        def _start_turn(self) -> None: ...

    def predictable(self) -> bool:
        return self.duel is not None and not self.duel.duel.over

    def snapshot(self):
        v = self.duel
        assert v is not None, "snapshots are taken only in a duel (predictable)"
        return (self.tick, self.phase_t, self.message_ticks, v.frame, v.end_timer, len(v.inputs),
                v.duel.snapshot())

    def restore(self, snap) -> None:
        v = self.duel
        assert v is not None, "restored only to a snapshot taken in the duel"
        self.tick, self.phase_t, self.message_ticks, v.frame, v.end_timer, kept, arena = snap
        del v.inputs[kept:]
        v.finished, v.result = False, None
        v.duel.restore(arena)

    @staticmethod
    def input_key(pin):
        return pin.held & DUEL_KEYS

    def hand_over(self, side: str) -> None:
        """The computer plays `side` from this tick on (its human's cabinet is gone)."""
        from handheld.games.archon.duel.fighter import ComputerFighter
        from handheld.runtime.rng import Rng

        self.computer = self.computer | {side}        # its turns are thought by ai.think from now on
        self.pad.pop(side, None)
        if self.duel is not None:
            self.duel.ai[side] = ComputerFighter(side, self.duel_level, Rng(self.seed).fork(side + "-takes-over"),
                                                 mercy=True)
        elif self.state.to_move == side and self.phase in HUMAN_PHASES:
            self._start_turn()
