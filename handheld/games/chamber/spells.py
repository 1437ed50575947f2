"""What an action does to a Sorcerer's Chamber state beyond moving: spending and
casting orbs, a zap's resolution, picking orbs up, and a sorcerer's elimination.
Pure, like rules.py, which decides what is legal and calls these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from handheld.games.chamber.board import NSUITS, PORTAL_BASE

if TYPE_CHECKING:
    from handheld.games.chamber.rules import State

BONUS_SPELLS = ("zap", "warp", "time")  # an own-suit orb may serve twice; not shield/deflect


def receivers(state: State, p: int) -> tuple[int, int]:
    """(left, right) living neighbours at the table; clockwise = to the left."""
    n = state.n
    left = next(q for q in ((p + k) % n for k in range(1, n)) if state.alive(q))
    right = next(q for q in ((p - k) % n for k in range(1, n)) if state.alive(q))
    return left, right


def _spend(state: State, me: int, suit: int, use_bonus: int) -> str:
    """Take the orb from the hand or the pending bonus; returns the bonus's
    first spell when this is its second use. Using another orb forfeits a
    pending bonus (its two uses must be consecutive): it is placed first."""
    if use_bonus:
        first, state.bonus = state.bonus, ""
        return first
    if state.bonus:
        state.queue.append((me, state.suit[me]))
        state.bonus = ""
    state.hand[me][suit] -= 1
    return ""


def _after_use(state: State, me: int, suit: int, spell: str, second_use: bool) -> None:
    if not second_use and suit == state.suit[me] and spell in BONUS_SPELLS:
        state.bonus = spell
    else:
        state.queue.append((me, suit))


def cast(state: State, me: int, action: tuple, ev: list) -> None:
    kind = action[0]
    if kind == "zap":
        _, suit, target, use_bonus = action
        first = _spend(state, me, suit, use_bonus)
        state.pending = (me, target, suit, 1 if (use_bonus or first) else 0)
        ev.append(("zap", me, target))
        if sum(state.hand[target]) == 0:
            resolve_zap(state, -1, ev)
        return
    if kind == "shield":
        _spend(state, me, action[1], 0)
        state.shield[me] = action[1]
        ev.append(("shield", me))
    elif kind == "confuse":
        _, suit, t, dest, face = action
        _spend(state, me, suit, 0)
        if face >= 0:
            state.facing[t] = face
        ev.append(("confuse", me, t, state.pos[t], dest, face))
        if dest >= 0:
            state.pos[t] = dest
            pickup(state, t, ev)
        state.confused[t] = True
        _after_use(state, me, suit, "confuse", False)
    elif kind == "heal":
        _, a, b = action
        _spend(state, me, a, 0)
        state.hand[me][b] -= 1
        left, right = receivers(state, me)
        state.queue += [(left, a), (right, b)]
        state.pyr[me] += 1
        ev.append(("heal", me, left, a, right, b))
    elif kind == "warp":
        _, suit, use_bonus = action
        first = _spend(state, me, suit, use_bonus)
        ev.append(("warp", me, state.pos[me], PORTAL_BASE + suit))
        state.pos[me] = PORTAL_BASE + suit
        pickup(state, me, ev)
        _after_use(state, me, suit, "warp", bool(use_bonus or first))
    elif kind == "time":
        _, suit, use_bonus = action
        first = _spend(state, me, suit, use_bonus)
        loophole = bool(use_bonus) and first == "time"
        if not loophole:
            state.stones -= 1
        state.moves += 1
        ev.append(("time", me, loophole))
        _after_use(state, me, suit, "time", bool(use_bonus))


def resolve_zap(state: State, deflect: int, ev: list) -> None:
    assert state.pending is not None, "resolving a zap with none pending"
    zapper, target, suit, second = state.pending
    state.pending = None
    victim = target
    ev.append(("reveal", "zap", zapper, suit))
    if deflect >= 0:
        state.hand[target][deflect] -= 1
        state.queue.append((target, deflect))
        ev.append(("reveal", "deflect", target, deflect))
        if deflect == suit:
            victim = zapper
            ev.append(("deflected", target, zapper))
    _after_use(state, zapper, suit, "zap", bool(second))
    if state.stunned[victim]:
        ev.append(("immune", victim))
        return
    sh = state.shield[victim]
    if sh >= 0:
        state.shield[victim] = -1
        state.queue.append((victim, sh))
        ev.append(("reveal", "shield", victim, sh))
        if sh != suit:
            ev.append(("blocked", victim))
            return
    state.pyr[victim] -= 1
    state.stunned[victim] = True
    state.calm = 0
    ev.append(("hit", victim, state.pyr[victim]))
    if state.pyr[victim] == 0:
        eliminate(state, victim, ev)


def pickup(state: State, p: int, ev: list) -> None:
    got = state.orbs.pop(state.pos[p], ())
    for s in got:
        state.hand[p][s] += 1
    if got:
        ev.append(("pickup", p, state.pos[p], got))


def eliminate(state: State, p: int, ev: list) -> None:
    """The loser's orbs go to the portals one at a time, clockwise from its own;
    a sorcerer standing on a portal collects what lands there."""
    orbs = [s for s in range(NSUITS) for _ in range(state.hand[p][s])]
    if state.shield[p] >= 0:
        orbs.append(state.shield[p])
    orbs += [s for q, s in state.queue if q == p]
    state.queue = [e for e in state.queue if e[0] != p]
    if state.current == p and state.bonus:
        orbs.append(state.suit[p])
        state.bonus = ""
    state.hand[p] = [0] * NSUITS
    state.shield[p] = -1
    state.pos[p] = -1
    ev.append(("eliminated", p))
    for i, s in enumerate(orbs):
        portal = PORTAL_BASE + (state.suit[p] + i) % 4
        q = state.occupant(portal)
        if q >= 0:
            state.hand[q][s] += 1
            ev.append(("pickup", q, portal, (s,)))
        else:
            state.orbs[portal] = state.orbs.get(portal, ()) + (s,)
            ev.append(("drop", portal, s))
    alive = state.living()
    if len(alive) == 1:
        state.winner = alive[0]
        state.phase = "over"   # orbs still waiting to be placed simply stay out
        ev.append(("win", alive[0]))
