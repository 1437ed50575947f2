"""The 1988 computer: a fixed rule chain that looks only at the board now.

`decide(state, rng)` returns the first action whose rule applies, for the
player whose go it is (../shared/rules/spectral.md, "The computer player").
Random choices use the match rng, uniform among ties. `play_turn` keeps
asking after an Unlock (which does not use up the choice), which is also
what Help Me does for a human.
"""

from __future__ import annotations

from .. import rules as R


def _choose(rng, best: list):
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def decide(state: R.State, rng) -> tuple:
    p = state.player
    me = R.PLAYER_COLOUR[p]
    here = state.wiz[p]
    board, locks = state.board, state.locks
    power = state.power[p]
    d = R.distance(board[here], p)

    # 1. Unlock (free for own locks on a pad that is not ours; opponent's if affordable).
    stuck = False
    owner = locks[here]
    if owner:
        if owner == p + 1:
            if board[here] != me:
                return ("unlock",)
        elif R.unlock_cost(state, p, here) <= power:
            return ("unlock",)
        else:
            stuck = True

    # 2. Blitz.
    pad_is_me = board[here] == me and not owner
    if power >= 16 and not pad_is_me and not stuck and rng.chance(15, 16):
        for nb in R.EDGE_NEIGHBOURS[here]:
            if board[nb] != me and R.distance(board[nb], p) <= d:
                return ("blitz",)

    # 3. Transmute.
    if power >= 9 and rng.chance(3, 4):
        not_me = sum(1 for q in R.TRANSMUTE_ZONE[here] if board[q] != me)
        if not_me >= rng.randint(3, 4):
            return ("transmute",)

    # 4. Stomp or Convert our own pad.
    if d > 0 and not stuck and rng.chance(15, 16):
        return ("stomp",) if d == 1 or power == 1 else ("convert",)

    # 5. Lock a pad of ours that is edged by ours but not cornered by ours.
    if board[here] == me and not owner and power >= 1:
        edge_me = sum(1 for q in R.EDGE_NEIGHBOURS[here] if board[q] == me)
        diag_me = sum(1 for q in R.DIAG_NEIGHBOURS[here] if board[q] == me)
        if edge_me >= 2 and diag_me == 0:
            return ("lock",)

    # 6. Move to the neighbour furthest from our colour.
    far, best = 0, []
    for q in R.KING_NEIGHBOURS[here]:
        dq = R.distance(board[q], p)
        if dq > far:
            far, best = dq, [q]
        elif dq == far and far > 0:
            best.append(q)
    if far > 0:
        return ("move", _choose(rng, best))

    # 7. Teleport to the pad whose 3x3 is furthest from our colour.
    if not state.save_power or rng.chance(3, 4):
        top, best = 0, []
        for q in range(R.N):
            if q == here or R.distance(board[q], p) >= power:
                continue
            score = sum(R.distance(board[z], p) for z in R.TRANSMUTE_ZONE[q])
            if score > top:
                top, best = score, [q]
            elif score == top and top > 0:
                best.append(q)
        if top > 0:
            return ("teleport", _choose(rng, best))

    # 8. Nothing worth doing.
    return ("pass",)


NOOP_LIMIT = 8


def play_turn(state: R.State, rng, decide_fn=decide, noop: list | None = None) -> tuple[list, list]:
    """Decide and apply until an action uses up the player's choice.

    Returns (actions, events). Guards: a decider that keeps choosing refused
    actions passes after a few tries; and with `noop` (a per-player counter
    list the caller keeps) a player whose used actions changed nothing
    NOOP_LIMIT times running passes instead, so two computers can never stall
    a turn for ever (e.g. Transmute among pads an opponent has locked)."""
    p = state.player
    if noop is not None and noop[p] >= NOOP_LIMIT:
        noop[p] = 0
        return [("pass",)], R.apply(state, ("pass",))
    before = (state.board[:], state.locks[:], state.wiz[:], state.power[:])
    actions, events = [], []
    for _ in range(8):
        action = decide_fn(state, rng)
        ev = R.apply(state, action)
        actions.append(action)
        events.extend(ev)
        if state.over or state.player != p or choice_used(ev):
            break
    else:
        ev = R.apply(state, ("pass",))
        actions.append(("pass",))
        events.extend(ev)
    if noop is not None:
        same = before == (state.board, state.locks, state.wiz, state.power)
        noop[p] = noop[p] + 1 if same and actions[-1] != ("pass",) else 0
    return actions, events


def choice_used(events: list) -> bool:
    """True when the events show the choice was used (play may stay with the
    same player when the opponent is out of power and auto-passed)."""
    return not all(e[0] in ("refused", "cancel", "unlock") for e in events)
