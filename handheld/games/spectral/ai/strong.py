"""The strong computer: a shallow search over every action, scored by the
power economy.

Each candidate action is played on a copy of the state; the opponent's best
reply (by the same score) is then tried too when the node budget allows.
The score counts what decides the next turn's power (pads of each colour,
locks) and how close every pad is to each colour, plus the power still
left to spend this turn. The budget is a node count, so the choice is
deterministic; ties go to the first action in a fixed order.
"""

from __future__ import annotations

from handheld.runtime.rng import Rng
from handheld.runtime.think import count, run_to_end

from .. import rules as R
from . import classic

ROLLOUT_SEED = 1988

DEFAULT_BUDGET = 2500

W_PAD = 4          # a pad of one's own colour (next turn's power, the win)
W_POWER = 1        # a point of power still to spend this turn
W_LOCK_OWN = 3     # one's own lock on one's own colour: a protected pad
W_LOCK_BAD = 3     # one's own lock on another colour: costs power, protects nothing
WIN = 10_000


def candidates(state: R.State) -> list[tuple]:
    """Every action worth considering for the player to act, in a fixed order."""
    p = state.player
    here = state.wiz[p]
    power = state.power[p]
    out: list[tuple] = []
    if power >= 16 and not state.locks[here]:
        out.append(("blitz",))
    if power >= 9:
        out.append(("transmute",))
    if not state.locks[here] and state.board[here] != R.PLAYER_COLOUR[p]:
        out.append(("convert",))
        out.append(("stomp",))
    if state.locks[here]:
        if R.unlock_cost(state, p, here) <= power:
            out.append(("unlock",))
    elif R.lock_cost(state, p, here) <= power:
        out.append(("lock",))
    if state.lock_count(p):
        out.append(("release",))
    for q in R.KING_NEIGHBOURS[here]:
        out.append(("move", q))
    for q in range(R.N):
        if q != here and R.teleport_cost(state, p, q) <= power:
            out.append(("teleport", q))
    out.append(("pass",))
    return out


def evaluate(state: R.State, p: int) -> int:
    """Score from player p's side (higher is better for p)."""
    if state.over:
        if state.winner == p:
            return WIN
        if state.winner == 1 - p:
            return -WIN
        return 0
    board, locks = state.board, state.locks
    mine, theirs = R.PLAYER_COLOUR[p], R.PLAYER_COLOUR[1 - p]
    score = 0
    for i in range(R.N):
        c = board[i]
        # distance to them minus distance to us: 4 - 2 * distance to us
        score += 4 - 2 * R.distance(c, p)
        if c == mine:
            score += W_PAD
        elif c == theirs:
            score -= W_PAD
        lk = locks[i]
        if lk:
            owner = lk - 1
            good = W_LOCK_OWN if c == R.PLAYER_COLOUR[owner] else -W_LOCK_BAD
            score += good if owner == p else -good
    score += W_POWER * (state.power[p] - state.power[1 - p])
    return score


def _after(state: R.State, action: tuple) -> R.State:
    s = state.copy()
    R.apply(s, action)
    return s


def decide(state: R.State, rng=None, budget: int = DEFAULT_BUDGET) -> tuple:
    """The best action for the player to act. `rng` is unused (deterministic)."""
    return run_to_end(search(state, budget))


def _changes(state: R.State, child: R.State) -> bool:
    """False for an action that used the choice but changed nothing (a
    Transmute among own pads, a Blitz on a locked pad): repeating it for ever
    would never end the turn."""
    return (child.board != state.board or child.locks != state.locks
            or child.wiz != state.wiz or child.power != state.power)


ROLLOUT_CAP = 60    # actions per rollout at most (a turn rarely takes 30)


def rollout(state: R.State, turn: int, rng):
    """Play on with the classic rule chain for both sides until the turn ends
    (a generator: yields after every action; the state is played in place)."""
    n = 0
    noop = [0, 0]
    while not state.over and state.turn == turn and n < ROLLOUT_CAP:
        acts, _ = classic.play_turn(state, rng, classic.decide, noop)
        n += len(acts)
        yield len(acts)


def search(state: R.State, budget: int = DEFAULT_BUDGET):
    """The same search as a generator: yields after every action it plays so
    a scene can spread it across ticks; its return value is the chosen action.

    Every candidate is played, then the rest of the turn is played out by the
    classic rule chain for both sides (from a fixed seed, so the choice is
    deterministic) and the position at the start of the next turn, with its
    new power, is scored. Candidates past the node budget are not tried."""
    p = state.player
    nodes = 0
    best_value, best_action = None, ("pass",)
    for action in candidates(state):
        if nodes >= budget:
            break
        child = _after(state, action)
        nodes += 1
        count()
        yield nodes
        if action[0] != "pass" and not _changes(state, child):
            continue
        if not child.over:
            for n in rollout(child, state.turn, Rng(ROLLOUT_SEED)):
                nodes += n
                count(n)
                yield nodes
        value = evaluate(child, p)
        if best_value is None or value > best_value:
            best_value, best_action = value, action
    return best_action
