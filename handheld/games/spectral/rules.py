"""Spectral Sorcery rules: pure, integer-only, deterministic.

The board is 25 pads in row-major order (pos = row * 5 + col). Colours run
RED=1 .. VIOLET=5 in spectrum order; player 0 is Red, player 1 is Violet.
`apply(state, action)` mutates the state and returns a list of events the
screens animate from. Actions are tuples:

    ("move", pos) ("stomp",) ("pass",) ("resign",)
    ("convert",) ("teleport", pos) ("blitz",) ("transmute",)
    ("lock",) ("unlock",) ("release",)

Numbers follow ../shared/rules/spectral.md (the clarified rules).
"""

from __future__ import annotations

from .board import (  # noqa: F401  (re-exported: rules is the one import for callers)
    RED, YELLOW, GREEN, BLUE, VIOLET, COLOUR_NAMES, PLAYER_COLOUR, PLAYER_NAMES, SIZE, N,
    STANDARD_BOARD, START_POWER, BASE_POWER, MAX_POWER, IGNITION, FREE_ACTIONS, pos_of,
    row_col, distance, step_toward, EDGE_NEIGHBOURS, DIAG_NEIGHBOURS, KING_NEIGHBOURS,
    TRANSMUTE_ZONE, standard_board, random_board,
)
from .state import State, new_game  # noqa: F401  (re-exported likewise)


# --- costs -----------------------------------------------------------------

def lock_cost(state: State, player: int, pos: int) -> int:
    return distance(state.board[pos], player) // 2 + 1


def unlock_cost(state: State, player: int, pos: int) -> int:
    """Own locks are free; an opponent's costs like a lock plus advantage/5."""
    if state.locks[pos] == player + 1:
        return 0
    return lock_cost(state, player, pos) + state.adv[player] // 5


def teleport_cost(state: State, player: int, pos: int) -> int:
    return 1 + distance(state.board[pos], player)


# --- the primitive ---------------------------------------------------------

def tweak(state: State, player: int, pos: int, events: list) -> bool:
    """One step toward `player`'s colour for 1 power; nothing on own colour or a lock."""
    old = state.board[pos]
    if state.locks[pos] or old == PLAYER_COLOUR[player] or state.power[player] <= 0:
        return False
    new = step_toward(old, player)
    state.board[pos] = new
    state.power[player] -= 1
    events.append(("tweak", pos, old, new))
    return True


# --- actions -----------------------------------------------------------------

def apply(state: State, action: tuple) -> list:
    """Perform `action` for the player whose go it is. Returns the events.

    An action that does not use up the choice (a cancel, a refusal, an unlock)
    leaves `state.player` unchanged; otherwise play passes on, including any
    automatic passes for players with no power and the end of the turn."""
    if state.over:
        raise ValueError("the game is over")
    p = state.player
    kind = action[0]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise ValueError(f"unknown action {kind!r}")
    events: list = []
    need = IGNITION.get(kind, 1 if kind in ("move", "stomp") else 0)
    if state.power[p] < need:
        events.append(("refused", p, "ignition", need))
        return events
    used, passed = handler(state, p, action, events)
    if not used and not state.over and state.power[p] == 0:
        # An Unlock that spent the last point: "no more power" passes at once.
        events.append(("pass", p, True))
        used = passed = True
    if used and not state.over:
        _advance(state, events, passed)
    return events


def _move(state, p, action, events):
    dest = action[1]
    here = state.wiz[p]
    if dest == here:
        events.append(("cancel", p))
        return False, False
    if dest not in KING_NEIGHBOURS[here]:
        events.append(("refused", p, "too far", 0))
        return False, False
    state.wiz[p] = dest
    state.power[p] -= 1
    events.append(("move", p, here, dest))
    _land(state, p, dest, events)
    return True, False


def _stomp(state, p, action, events):
    events.append(("stomp", p, state.wiz[p]))
    _land(state, p, state.wiz[p], events)
    return True, False


def _land(state, p, pos, events) -> None:
    """A Move or Stomp tweaks the pad under the wizard, unless it is locked:
    then the player is told so (the original's "pad is LOCKed" notice)."""
    if state.locks[pos] and state.board[pos] != PLAYER_COLOUR[p]:
        events.append(("locked_pad", p, pos))
        return
    tweak(state, p, pos, events)


def _pass(state, p, action, events):
    events.append(("pass", p, False))
    return True, True


def _resign(state, p, action, events):
    state.over = True
    state.winner = None
    state.resigned = p
    events.append(("resign", p))
    return True, False


def _locked_fail(state, p, kind, events) -> bool:
    if state.locks[state.wiz[p]]:
        events.append(("fail", p, kind))
        return True
    return False


def _convert(state, p, action, events):
    pos = state.wiz[p]
    if _locked_fail(state, p, "convert", events):
        return True, False
    events.append(("cast", p, "convert"))
    own = PLAYER_COLOUR[p]
    if state.board[pos] == own:
        other = PLAYER_COLOUR[1 - p]
        state.board[pos] = other
        state.power[p] -= 1
        events.append(("tweak", pos, own, other))
        return True, False
    while state.board[pos] != own and state.power[p] > 0:
        tweak(state, p, pos, events)
    return True, False


def _teleport(state, p, action, events):
    dest = action[1]
    here = state.wiz[p]
    if dest == here:
        events.append(("cancel", p))
        return False, False
    cost = teleport_cost(state, p, dest)
    if cost > state.power[p]:
        events.append(("refused", p, "teleport", cost))
        return False, False
    state.power[p] -= cost
    state.wiz[p] = dest
    events.append(("teleport", p, here, dest))
    return True, False


def blitz_flood(state: State, p: int, events: list) -> None:
    """Pass after pass from the wizard's pad until it is p's colour or power is out."""
    own = PLAYER_COLOUR[p]
    origin = state.wiz[p]
    board, locks, power = state.board, state.locks, state.power
    n_pass = 0
    while board[origin] != own and power[p] > 0:
        n_pass += 1
        events.append(("blitz_pass", p, n_pass))
        c = board[origin]
        t = step_toward(c, p)
        board[origin] = t
        power[p] -= 1
        events.append(("tweak", origin, c, t))
        queue = [origin]
        i = 0
        while i < len(queue) and power[p] > 0:
            cur = queue[i]
            i += 1
            for nb in EDGE_NEIGHBOURS[cur]:
                if board[nb] == c and not locks[nb]:
                    board[nb] = t
                    power[p] -= 1
                    events.append(("tweak", nb, c, t))
                    queue.append(nb)
                    if power[p] == 0:
                        break


def _blitz(state, p, action, events):
    if _locked_fail(state, p, "blitz", events):
        return True, False
    events.append(("cast", p, "blitz"))
    blitz_flood(state, p, events)
    return True, False


def _transmute(state, p, action, events):
    events.append(("cast", p, "transmute"))
    for pos in TRANSMUTE_ZONE[state.wiz[p]]:
        tweak(state, p, pos, events)
    return True, False


def _lock(state, p, action, events):
    pos = state.wiz[p]
    if _locked_fail(state, p, "lock", events):
        return True, False
    cost = lock_cost(state, p, pos)
    if cost > state.power[p]:
        events.append(("refused", p, "lock", cost))
        return False, False
    state.power[p] -= cost
    state.locks[pos] = p + 1
    events.append(("lock", p, pos))
    return True, False


def _unlock(state, p, action, events):
    pos = state.wiz[p]
    if not state.locks[pos]:
        events.append(("refused", p, "no lock", 0))
        return False, False
    cost = unlock_cost(state, p, pos)
    if cost > state.power[p]:
        events.append(("refused", p, "unlock", cost))
        return False, False
    state.power[p] -= cost
    state.locks[pos] = 0
    events.append(("unlock", p, pos, cost))
    return False, False   # never uses the action


def _release(state, p, action, events):
    mine = [i for i in range(N) if state.locks[i] == p + 1]
    if not mine:
        events.append(("refused", p, "no locks", 0))
        return False, False
    for i in mine:
        state.locks[i] = 0
    state.power[p] -= 1
    events.append(("release", p, tuple(mine)))
    return True, False


_HANDLERS = {
    "move": _move, "stomp": _stomp, "pass": _pass, "resign": _resign,
    "convert": _convert, "teleport": _teleport, "blitz": _blitz,
    "transmute": _transmute, "lock": _lock, "unlock": _unlock, "release": _release,
}


# --- rounds and turns --------------------------------------------------------

def _advance(state: State, events: list, passed: bool) -> None:
    if passed:
        state.passes += 1
    state.step += 1
    while True:
        if state.step == 2:
            turn_over = state.passes >= 2 or (state.power[0] == 0 and state.power[1] == 0)
            state.step = 0
            state.passes = 0
            state.round += 1
            if turn_over:
                end_turn(state, events)
                if state.over:
                    return
        p = state.player
        if state.power[p] == 0:
            events.append(("pass", p, True))   # "no more power"
            state.passes += 1
            state.step += 1
            continue
        return


def new_power(state: State, player: int) -> int:
    kept = state.power[player] if state.save_power else 0
    gain = BASE_POWER + state.count(PLAYER_COLOUR[player]) - state.lock_count(player)
    return max(1, min(MAX_POWER, kept + gain))


def end_turn(state: State, events: list) -> None:
    """Win/draw check on a one-colour board, then new power and advantage."""
    first = state.board[0]
    if all(c == first for c in state.board):
        state.over = True
        state.winner = 0 if first == RED else 1 if first == VIOLET else None
        events.append(("game_over", state.winner))
        return
    state.power = [new_power(state, 0), new_power(state, 1)]
    lead = state.count(RED) - state.count(VIOLET)
    state.adv = [max(lead, 0), max(-lead, 0)]
    state.round = 1
    state.turn += 1
    events.append(("turn_end", state.turn, state.power[0], state.power[1]))
    if state.turn_limit and state.turn > state.turn_limit:
        state.over = True
        state.winner = None
        events.append(("game_over", None))


def result_text(state: State) -> str:
    if state.resigned is not None:
        return f"{PLAYER_NAMES[state.resigned]} RESIGNS"
    if state.winner is not None:
        return f"{PLAYER_NAMES[state.winner]} WINS"
    return "A DRAW"
