"""What one player can know, and nothing more: the computer reads only this.

Public: the board (orb suits on it are face up), positions, facings,
pyramids, whether a shield is up, hand sizes, the time stones, the pending
zap's zapper and target, the orbs waiting to be placed (they go down face up).
Private to the seat: its own hand and its own shield's suit.

`pool[q]` is the multiset (per-suit counts) of orbs an opponent holds in its
hand *and* shield (and a face-down zap it has just thrown). A player at the
table can work this out exactly: every orb is face up on the board when picked
up, and every spent orb is shown when it goes back. What stays hidden is which
of those orbs is the shield (or the zap), so the pool never says.
"""

from __future__ import annotations

from handheld.games.chamber.board import NSUITS
from handheld.games.chamber.rules import State


class HiddenInformation(LookupError):
    pass


class PlayerView:
    __slots__ = ("me", "n", "suit", "pos", "facing", "pyr", "shield_up", "hand_count",
                 "stunned", "confused", "orbs", "current", "moves", "stones", "phase",
                 "bonus", "pending", "queue", "winner", "turn", "calm", "my_hand", "my_shield", "pool")

    def __init__(self, state, me: int):
        n = state.n
        self.me = me
        self.n = n
        self.suit = tuple(state.suit)
        self.pos = list(state.pos)
        self.facing = list(state.facing)
        self.pyr = list(state.pyr)
        self.shield_up = [state.shield[p] >= 0 for p in range(n)]
        self.hand_count = [sum(state.hand[p]) for p in range(n)]
        self.stunned = list(state.stunned)
        self.confused = list(state.confused)
        self.orbs = dict(state.orbs)
        self.current, self.moves, self.stones = state.current, state.moves, state.stones
        self.phase, self.bonus, self.winner, self.turn = state.phase, state.bonus, state.winner, state.turn
        self.calm = state.calm
        # (zapper, target, suit if public else -1): a zap thrown with the
        # second use of an own-suit orb is that (already shown) orb.
        self.pending = None if state.pending is None else (
            state.pending[0], state.pending[1], state.pending[2] if state.pending[3] else -1)
        self.queue = list(state.queue)
        self.my_hand = list(state.hand[me])
        self.my_shield = state.shield[me]
        pools = []
        for p in range(n):
            pool = list(state.hand[p])
            if state.shield[p] >= 0:
                pool[state.shield[p]] += 1
            if state.pending is not None and state.pending[0] == p and not state.pending[3]:
                pool[state.pending[2]] += 1  # a face-down zap is one of its known orbs
            pools.append(tuple(pool))
        self.pool = tuple(pools)

    # --- the same query interface the rules use on a State ---------------
    def hand_of(self, p: int) -> list[int]:
        if p != self.me:
            raise HiddenInformation(f"player {p}'s hand is hidden from player {self.me}")
        return self.my_hand

    def has_shield(self, p: int) -> bool:
        return self.shield_up[p]

    def alive(self, p: int) -> bool:
        return self.pos[p] >= 0

    def living(self) -> list[int]:
        return [p for p in range(self.n) if self.pos[p] >= 0]

    # The view keeps State's public seat fields (n, pos, phase, current,
    # pending[1], queue) with the same meaning, so State's readers serve it too.
    occupant = State.occupant
    to_act = State.to_act

    def key(self) -> tuple:
        """Everything in the view, for comparing two views."""
        return tuple(repr(getattr(self, f)) for f in self.__slots__)


def pool_total(view: PlayerView, p: int) -> int:
    return sum(view.pool[p][:NSUITS])
