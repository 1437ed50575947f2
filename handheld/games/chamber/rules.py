"""Sorcerer's Chamber rules: state, legal actions, apply (what a cast does is in
spells.py). Pure: no pygame, no
clock, no I/O; one Rng for setup only (the game itself has no chance).

The game is a chain of decisions, each by one player (`to_act`):
  phase "turn"    the current sorcerer moves, rotates, casts or ends the turn;
  phase "deflect" the zapped sorcerer decides out of turn whether to deflect;
  phase "place"   the user of a spent orb (heal: the receiver) places it;
  phase "over"    one sorcerer is left.
Actions are tuples (see `legal_actions`). Hands are per-suit counts: orbs of
one suit are interchangeable (coin values are not used).
"""

from __future__ import annotations

from typing import Protocol

from handheld.games.chamber.board import (  # noqa: F401 (zap/step_targets re-exported)
    NEIGHBOURS, NSUITS, ORB_LAYOUT, ORDINARY_SPACES, PORTAL_BASE, START_FACING,
    step_targets, zap_targets,
)
from handheld.games.chamber.spells import cast, pickup, receivers, resolve_zap

PYRAMIDS = 3
MOVES_PER_TURN = 2
TIME_STONES = 3
SEATS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}  # suits (= portals) taken per player count


class IllegalAction(ValueError):
    pass


class SeatFields(Protocol):
    """The public seat fields a State and a PlayerView share, which is all
    `occupant` and `to_act` read (so the view borrows them)."""
    @property
    def n(self) -> int: ...
    @property
    def pos(self) -> list[int]: ...
    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def pending(self) -> tuple[int, ...] | None: ...
    @property
    def queue(self) -> list[tuple[int, int]]: ...


class State:
    __slots__ = ("n", "suit", "pos", "facing", "pyr", "hand", "shield", "stunned",
                 "confused", "orbs", "current", "moves", "stones", "phase", "bonus",
                 "pending", "queue", "end_after", "winner", "turn", "calm")
    n: int
    suit: tuple[int, ...]
    pos: list[int]
    facing: list[int]
    pyr: list[int]
    hand: list[list[int]]           # per-suit counts
    shield: list[int]               # suit of the shield, -1 = none
    stunned: list[bool]
    confused: list[bool]
    orbs: dict[int, tuple[int, ...]]  # space -> suit(s) lying there
    current: int
    moves: int
    stones: int
    phase: str
    bonus: str
    pending: tuple[int, int, int, int] | None
    queue: list[tuple[int, int]]
    end_after: bool
    winner: int
    turn: int
    calm: int

    def clone(self) -> "State":
        s = State.__new__(State)
        s.n = self.n
        s.suit = self.suit
        s.pos = self.pos[:]
        s.facing = self.facing[:]
        s.pyr = self.pyr[:]
        s.hand = [h[:] for h in self.hand]
        s.shield = self.shield[:]
        s.stunned = self.stunned[:]
        s.confused = self.confused[:]
        s.orbs = dict(self.orbs)
        s.current, s.moves, s.stones, s.phase = self.current, self.moves, self.stones, self.phase
        s.bonus = self.bonus
        s.pending = self.pending
        s.queue = self.queue[:]
        s.end_after, s.winner, s.turn, s.calm = self.end_after, self.winner, self.turn, self.calm
        return s

    def hash_fields(self):
        return (self.n, self.suit, self.pos, self.facing, self.pyr, self.hand, self.shield,
                self.stunned, self.confused, sorted(self.orbs.items()), self.current,
                self.moves, self.stones, self.phase, self.bonus, self.pending, self.queue,
                self.end_after, self.winner, self.turn, self.calm)

    # --- queries -------------------------------------------------------
    def alive(self, p: int) -> bool:
        return self.pos[p] >= 0

    def living(self) -> list[int]:
        return [p for p in range(self.n) if self.pos[p] >= 0]

    def hand_of(self, p: int) -> list[int]:
        return self.hand[p]

    def has_shield(self, p: int) -> bool:
        return self.shield[p] >= 0

    def occupant(self: SeatFields, space: int) -> int:
        for p in range(self.n):
            if self.pos[p] == space:
                return p
        return -1

    def to_act(self: SeatFields) -> int:
        if self.phase == "turn":
            return self.current
        if self.phase == "deflect":
            assert self.pending is not None, "deflect phase without a pending zap"
            return self.pending[1]
        if self.phase == "place":
            return self.queue[0][0]
        return -1


def new_game(players: int, rng) -> State:
    if players not in SEATS:
        raise ValueError(f"Sorcerer's Chamber is for 2-4 players, not {players}")
    s = State()
    s.n = players
    s.suit = tuple(SEATS[players])
    s.pos = [PORTAL_BASE + su for su in s.suit]
    s.facing = [START_FACING[su] for su in s.suit]
    s.pyr = [PYRAMIDS] * players
    s.hand = [[0] * NSUITS for _ in range(players)]
    s.shield = [-1] * players
    s.stunned = [False] * players
    s.confused = [False] * players
    suits = [k for k in range(NSUITS) for _ in range(6)]
    rng.shuffle(suits)
    s.orbs = {sp: (su,) for sp, su in zip(ORB_LAYOUT, suits)}
    s.current = rng.randrange(players)  # stands in for the seed's dice roll
    s.moves, s.stones, s.phase = MOVES_PER_TURN, TIME_STONES, "turn"
    s.bonus = ""          # first spell of a pending own-suit orb ("" = none)
    s.pending = None      # zap awaiting a deflect decision: (zapper, target, suit, was_bonus)
    s.queue = []          # orbs waiting to be placed: [(placer, suit)]
    s.end_after, s.winner, s.turn = False, -1, 1
    s.calm = 0            # turns since a sorcerer last lost a pyramid (public)
    return s


def placement_spaces(state: State, placer: int) -> list[int]:
    """Where `placer` may put an orb: unoccupied ordinary space (no sorcerer,
    no orb), not a portal, not next to its own sorcerer."""
    taken = set(state.pos) | set(state.orbs)
    near = NEIGHBOURS[state.pos[placer]] if state.alive(placer) else frozenset()
    out = [sp for sp in ORDINARY_SPACES if sp not in taken and sp not in near]
    return out or [sp for sp in ORDINARY_SPACES if sp not in taken]


# --- legal actions -----------------------------------------------------------
def legal_actions(state) -> list[tuple]:
    """Every legal action for `state.to_act()`. Reads only public fields and the
    acting player's own hand (via hand_of), so a PlayerView works as well."""
    if state.phase == "over":
        return []
    if state.phase == "place":
        return [("place", sp) for sp in placement_spaces(state, state.queue[0][0])]
    if state.phase == "deflect":
        me = state.pending[1]
        hand = state.hand_of(me)
        return [("deflect", -1)] + [("deflect", s) for s in range(NSUITS) if hand[s]]
    me = state.current
    hand = state.hand_of(me)
    own = state.suit[me]
    pos, f = state.pos, state.facing[me]
    out: list[tuple] = []
    if state.moves > 0:
        out += [("move", t) for t in step_targets(pos, f, me)]
        out += [("rotate", d) for d in range(8) if d != f]
    suits = [s for s in range(NSUITS) if hand[s]]
    for t in zap_targets(pos, f, me):
        if not state.stunned[t]:
            out += [("zap", s, t, 0) for s in suits]
            if state.bonus:
                out.append(("zap", own, t, 1))
    if not state.has_shield(me):
        out += [("shield", s) for s in suits]
    for t in state.living():
        if t != me and not state.confused[t] and hand[state.suit[t]]:
            dests = [-1] + [sp for sp in NEIGHBOURS[pos[t]] if sp not in pos]
            faces = [-1] + [d for d in range(8) if d != state.facing[t]]
            out += [("confuse", state.suit[t], t, sp, d) for sp in sorted(dests)
                    for d in faces if sp >= 0 or d >= 0]
    if state.pyr[me] < PYRAMIDS:
        left, right = receivers(state, me)
        for a in sorted({own, state.suit[left]}):
            for b in sorted({own, state.suit[right]}):
                if hand[a] and hand[b] and (a != b or hand[a] >= 2):
                    out.append(("heal", a, b))
    for s in suits:
        if PORTAL_BASE + s not in pos:
            out.append(("warp", s, 0))
    if state.bonus and PORTAL_BASE + own not in pos:
        out.append(("warp", own, 1))
    if state.stones > 0:
        out += [("time", s, 0) for s in suits]
    if state.bonus and (state.stones > 0 or state.bonus == "time"):
        out.append(("time", own, 1))
    if state.bonus:
        out.append(("release",))
    out.append(("end",))
    return out


def is_legal(state, action: tuple) -> bool:
    return tuple(action) in legal_actions(state)


# --- applying ----------------------------------------------------------------
def apply(state: State, action: tuple) -> list[tuple]:
    """Apply a legal action in place; return the events it caused (for screens)."""
    action = tuple(action)
    if action not in legal_actions(state):
        raise IllegalAction(f"illegal action {action!r} in phase {state.phase}")
    ev: list[tuple] = []
    kind = action[0]
    me = state.to_act()
    if kind == "place":
        placer, suit = state.queue.pop(0)
        state.orbs[action[1]] = (suit,)
        ev.append(("place", placer, action[1], suit))
    elif kind == "deflect":
        resolve_zap(state, action[1], ev)
    elif kind == "move":
        frm = state.pos[me]
        state.pos[me] = action[1]
        state.moves -= 1
        ev.append(("move", me, frm, action[1]))
        pickup(state, me, ev)
    elif kind == "rotate":
        state.facing[me] = action[1]
        state.moves -= 1
        ev.append(("rotate", me, action[1]))
    elif kind == "end" or kind == "release":
        if state.bonus:
            state.queue.append((me, state.suit[me]))
            state.bonus = ""
        state.end_after = kind == "end"
    else:
        cast(state, me, action, ev)
    _settle(state, ev)
    return ev


def _settle(state: State, ev: list) -> None:
    if state.phase == "over":
        return
    if state.pending is not None:
        state.phase = "deflect"
    elif state.queue:
        state.phase = "place"
    elif state.end_after or not state.alive(state.current):
        _next_turn(state, ev)
    else:
        state.phase = "turn"


def _next_turn(state: State, ev: list) -> None:
    n = state.n
    nxt = next(q for q in ((state.current + k) % n for k in range(1, n + 1)) if state.alive(q))
    state.current = nxt
    state.moves, state.stones = MOVES_PER_TURN, TIME_STONES  # time stones return
    state.end_after, state.bonus, state.phase = False, "", "turn"
    state.stunned[nxt] = False   # it has had (is having) its turn: zappable again
    state.confused[nxt] = False
    state.turn += 1
    state.calm += 1
    ev.append(("turn", nxt))
