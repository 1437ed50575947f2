"""What the Atom-4 computer sees in a position: wins in one, threats, and the
evaluation its search uses at the horizon. Pure functions over the rules.

A move of colour c can only make goal pieces out of pieces of the opposite
colour 7 - c (an additive c turns n into n | c, which is white only when n
holds every bit c lacks, and white itself is walked over; likewise for the
subtractive side and black). So "can the side to move win now?" is a scan of
the few pieces of that colour: would it complete a line of 4 goal pieces, and
does a legal spot reach it, directly or along a straight run of the mover's
propagators? Such a win is real (the mover never changes its own goal
pieces).
"""

from __future__ import annotations

from handheld.games.atom4.ai.tally import Tally
from handheld.games.atom4.rules import CELLS, EMPTY, GOAL, ORDER, STEP, WHITE, BLACK, Position


# Pieces one colour away from each player's goal: secondaries for P1, primaries for P2.
NEAR = {1: (3, 5, 6), 2: (1, 2, 4)}
# evaluation weights: per goal piece, per window of 4 holding 2 goal pieces, and
# per goal piece the side to move can make or take with one move (tuned against
# atom4 4.1: goal pieces are what its own search piles up)
GOAL_PIECE, PAIR, GAIN = 40, 5, 20
FORK_WEIGHT = (0, 200, 2000)          # by how many winning spots the waiting side holds
# by how many winning spots the side to move holds for its colour after next
# (its coming move is free, the other side gets one move to stop them all)
LATER_FORK_WEIGHT = (0, 50, 1000)
# from the computer's own chair, the other side's score counts 17/20 of its own: fearing
# it a little less wins more rounds of the original's greedy play (seventeenth pass, with
# the table kept from move to move; docs/atom4.md)
OTHER_SIDE = (17, 20)
# _SOON[first]: {colour: how many of a side's turns until it plays that colour}, for a
# side whose next move plays ORDER[first]
_SOON = tuple({ORDER[(first + 2 * k) % 6]: k + 1 for k in range(3)} for first in range(6))
_LINES = ((2, 5), (3, 0), (4, 1))     # the three lines as (direction, opposite)
# per point, (direction, neighbour) for the neighbours it has
_NEIGHBOURS_BY_DIRECTION = tuple(tuple((d, q) for d, q in enumerate(STEP[i]) if q >= 0) for i in range(CELLS))


def completes_row(board, q: int, goal: int) -> bool:
    """Would q, turned into `goal`, lie in a line of 4+ goal pieces?"""
    step = STEP
    for d, e in _LINES:
        n = 1
        p = step[q][d]
        while p >= 0 and board[p] == goal:
            n += 1
            p = step[p][d]
        p = step[q][e]
        while p >= 0 and board[p] == goal:
            n += 1
            p = step[p][e]
        if n >= 4:
            return True
    return False


def _could_row(board, q: int, goal: int, target: int) -> bool:
    """Could one move finish a row through q? It turns q and at most one more
    piece of the same line, so q must lie in a line of 4+ points that are all
    goal or target pieces, holding at least 2 goal pieces."""
    step = STEP
    for line in _LINES:
        n, goals = 1, 0
        for d in line:
            p = step[q][d]
            while p >= 0:
                v = board[p]
                if v == goal:
                    goals += 1
                elif v != target:
                    break
                n += 1
                p = step[p][d]
        if n >= 4 and goals >= 2:
            return True
    return False


def reaching_spot(board, legal, q: int, prop: int) -> int:
    """A legal spot from which a piece acts on q (next to it, or at the end of
    a straight run of `prop` propagators from it), or -1."""
    step = STEP
    for d in range(6):
        n = step[q][d]
        if n < 0:
            continue
        if n in legal:
            return n
        if board[n] == prop:
            while n >= 0 and board[n] == prop:
                n = step[n][d]
            if n >= 0 and n in legal:
                return n
    return -1


def cells_of(board, colour: int) -> list[int]:
    """The points holding `colour` (scanned with list.index: few hits, C speed)."""
    out = []
    i = -1
    try:
        while True:
            i = board.index(colour, i + 1)
            out.append(i)
    except ValueError:
        return out


def win_targets(board, legal, player: int, colour: int, limit: int = 2, tally=None) -> list[int]:
    """Legal spots where `player`, playing `colour`, would complete a row of its
    goal colour (at most `limit`, distinct spots). Exact: a move can turn
    several pieces into goal pieces at once (two ring neighbours of the spot
    lie on one line), so each candidate spot's conversions are applied
    together before the rows are checked. `tally`: the position's Tally when
    the caller keeps one; then the pieces looked at are those of its open
    windows (a row made by one move fills a window that held 2+ goal pieces
    and only pieces of the colour the move turns), found without a scan; the
    same spots come out, possibly in another order."""
    goal = GOAL[player]
    target = 7 - colour
    if tally is None:
        pieces = [q for q in cells_of(board, target) if _could_row(board, q, goal, target)]
    else:
        pieces = tally.open_pieces(goal, target)
        if not pieces:
            return []
    found: list[int] = []
    step = STEP
    spots = []
    for q in pieces:
        for d in range(6):
            n = step[q][d]
            while n >= 0 and board[n] == goal:
                n = step[n][d]
            if n >= 0 and n in legal and n not in spots:
                spots.append(n)
    for s in spots:
        hit = []
        for d in range(6):
            n = step[s][d]
            while n >= 0 and board[n] == goal:
                n = step[n][d]
            if n >= 0 and board[n] == target:
                hit.append(n)
        for q in hit:
            board[q] = goal
        wins = any(completes_row(board, q, goal) for q in hit)
        for q in hit:
            board[q] = target
        if wins:
            found.append(s)
            if len(found) >= limit:
                break
    return found


def winning_move(pos: Position, tally=None) -> int:
    """A move that wins at once for the side to move, or -1 (`tally`: the
    position's Tally when the caller keeps one, see win_targets)."""
    t = win_targets(pos.board, pos.legal, pos.player, pos.colour, 1, tally)
    return t[0] if t else -1


def _side_score(pos: Position, x: int, soon: dict, tally: Tally) -> int:
    """x's material and rows: goal pieces, windows with 2 goal pieces, and
    windows with 3 scored by their 4th point."""
    board = pos.board
    goal = GOAL[x]
    near = NEAR[x]
    colours = tally.colours
    goals = colours[goal + 1]
    score = GOAL_PIECE * goals
    if goals < 2:
        return score
    score += PAIR * tally.pairs[goal]
    legal = pos.legal
    for other in tally.triples[goal].values():
        v = board[other]
        if v == EMPTY:
            score += 10
        elif v in near and reaching_spot(board, legal, other, goal) >= 0:
            score += (0, 120, 60, 35)[soon[7 - v]]
        else:
            score += 8
    return score


def evaluate(pos: Position, me: int, forks: int | None = None, tally: Tally | None = None,
             chair: int | None = None) -> int:
    """Threat evaluation from `me`'s side (positive is good for me), meant for a
    position where the side to move cannot win at once (the search checks that
    first). If the side not to move already has two different winning spots
    for its next colour, one reply rarely stops both: that weighs heavily. The
    side to move also gets what its best single move would make or take.
    `forks`: that count (at most 2) when the caller already has it; `tally`:
    the position's Tally when the caller keeps one. With `chair` (the side the
    computer plays), that side's opponent counts OTHER_SIDE of its score; the value
    stays a negamax value (`me`'s is minus the other side's)."""
    if tally is None:
        tally = Tally(pos.board)
    turn = pos.turn
    mover = pos.player
    waiting = 3 - mover
    board, legal = pos.board, pos.legal
    scores = {}
    for x in (1, 2):
        # how many of x's turns until it plays each colour (1 = its next move)
        scores[x] = _side_score(pos, x, _SOON[(turn if x == mover else turn + 1) % 6], tally)
    if forks is None:
        forks = len(win_targets(board, legal, waiting, ORDER[(turn + 1) % 6], 2, tally))
    scores[waiting] += FORK_WEIGHT[forks]
    later = win_targets(board, legal, mover, ORDER[(turn + 2) % 6], 2, tally)
    scores[mover] += LATER_FORK_WEIGHT[len(later)] + GAIN * best_gain(board, legal, ORDER[turn % 6], mover)
    if chair is None:
        return scores[me] - scores[3 - me]
    num, den = OTHER_SIDE
    value = scores[chair] - (2 * num * scores[3 - chair] + den) // (2 * den)   # rounded to nearest
    return value if me == chair else -value


def best_gain(board, legal, colour: int, mover: int) -> int:
    """The most goal pieces one move of `colour` makes for `mover` plus takes from
    the other side (what the side to move would grab at once past the horizon).
    A move of colour c makes a goal piece exactly where its effect lands on a
    7 - c piece (see the top), and takes every opponent goal piece it lands on.
    (Called at every horizon node: the loops are kept flat.)"""
    prop = WHITE if colour in (1, 2, 4) else BLACK
    made, taken = 7 - colour, GOAL[3 - mover]
    step = STEP
    best = 0
    for i in legal:
        n = 0
        for d, q in _NEIGHBOURS_BY_DIRECTION[i]:
            v = board[q]
            while v == prop:
                q = step[q][d]
                v = board[q] if q >= 0 else EMPTY
            if v == made or v == taken:
                n += 1
        if n > best:
            best = n
    return best


def ranked(board, moves, colour: int, mover: int) -> list[int]:
    """`moves` (of `colour`, played by `mover`) sorted by a cheap look at what each
    would do, most first: 1 per piece it changes, +10 per goal piece it makes,
    +8 per opponent goal piece it takes. Ties keep their order."""
    additive = colour in (1, 2, 4)
    prop = WHITE if additive else BLACK
    target, theirs = 7 - colour, GOAL[3 - mover]
    step = STEP
    score = {}
    for i in moves:
        s = 0
        for d, q in enumerate(step[i]):
            while q >= 0 and board[q] == prop:
                q = step[q][d]
            if q < 0:
                continue
            old = board[q]
            if old != EMPTY and (old | colour if additive else old & colour) != old:
                s += 1
                if old == target:
                    s += 10
                elif old == theirs:
                    s += 8
        score[i] = -s
    return sorted(moves, key=score.__getitem__)
