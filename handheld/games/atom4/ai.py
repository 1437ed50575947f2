"""The Atom-4 computer: alpha-beta (negamax) over the pure rules.

Levels (budgets are counted in nodes, never in time, so a seed replays):
  easy    plain depth-2 alpha-beta; its evaluation counts colour changes and
          propagators made and destroyed along the searched line.
  normal  iterative deepening to depth 4 with a threat evaluation (rows of 3
          goal pieces whose 4th is one colour away and reachable, propagator
          paths, material each side hands the other), moves ordered by a
          cheap look at what they would change; from the third ply on only
          the most promising moves are searched.
  hard    the same with a larger budget and depth.
Depth 2 always completes, so every level takes a win in one and blocks a
loss in one. The seed shuffles the root moves and adds a tiny tie-break
jitter: same seed, same move.

`Search(pos, level, seed).steps(chunk)` is a generator that pauses every
`chunk` nodes: a screen advances it a little per tick and the display never
freezes; `choose_move` runs it to the end.
"""

from __future__ import annotations

from handheld.games.atom4.rules import (CELLS, EMPTY, GOAL, ORDER, STEP, WHITE, BLACK,
                                        Position)
from handheld.runtime.rng import Rng

WIN = 1_000_000
LEVELS = {
    # name: (max depth, node budget, moves kept from the third ply on, threat evaluation)
    "easy": (2, 10**9, 0, False),
    "normal": (4, 900, 7, True),
    "hard": (5, 4000, 8, True),
}
DEFAULT_LEVEL = "normal"


def _windows():
    """Every line of 4 points along the three lattice directions."""
    wins, of = [], [[] for _ in range(CELLS)]
    for i in range(CELLS):
        for d in (2, 3, 4):
            cells, q = [i], i
            for _ in range(3):
                q = STEP[q][d]
                if q < 0:
                    break
                cells.append(q)
            if len(cells) == 4:
                for c in cells:
                    of[c].append(len(wins))
                wins.append(tuple(cells))
    return tuple(wins), tuple(tuple(w) for w in of)


WINDOWS, WINDOWS_OF = _windows()
_POP = (0, 1, 1, 2, 1, 2, 2, 3)
# Pieces one colour away from each player's goal: secondaries for P1, primaries for P2.
_NEAR = {1: (3, 5, 6), 2: (1, 2, 4)}


def _reachable(board, legal, q: int, prop: int) -> bool:
    """Can a piece placed on some legal spot act on q (directly or through
    a straight run of `prop` propagators)?"""
    for d in range(6):
        n = STEP[q][d]
        if n < 0:
            continue
        if n in legal:
            return True
        if board[n] == prop:
            while n >= 0 and board[n] == prop:
                n = STEP[n][d]
            if n >= 0 and n in legal:
                return True
    return False


def _side_score(pos: Position, x: int) -> int:
    board = pos.board
    goal = GOAL[x]
    prop = goal                      # a player's goal colour is also its propagator
    goals = [i for i, v in enumerate(board) if v == goal]
    score = 12 * len(goals)
    near = _NEAR[x]
    score += 2 * (board.count(near[0]) + board.count(near[1]) + board.count(near[2]))
    if len(goals) < 2:
        return score
    # how many of x's turns until it plays each colour (1 = its next move)
    first = pos.turn if pos.player == x else pos.turn + 1
    soon = {ORDER[(first + 2 * k) % 6]: k + 1 for k in range(3)}
    seen = set()
    legal = pos.legal
    for g in goals:
        for w in WINDOWS_OF[g]:
            if w in seen:
                continue
            seen.add(w)
            cells = WINDOWS[w]
            count = 0
            other = -1
            for c in cells:
                if board[c] == goal:
                    count += 1
                else:
                    other = c
            if count == 2:
                score += 5
            elif count == 3:
                v = board[other]
                if v == EMPTY:
                    score += 10
                elif v in near and _reachable(board, legal, other, prop):
                    score += (0, 120, 60, 35)[soon[7 - v]]
                else:
                    score += 8
    return score


def evaluate(pos: Position, me: int) -> int:
    """Threat evaluation from `me`'s side (positive is good for me)."""
    return _side_score(pos, me) - _side_score(pos, 3 - me)


def _quick(board, i: int, colour: int, mover: int) -> int:
    """Cheap move-ordering score: what placing `colour` on i would change."""
    additive = colour in (1, 2, 4)
    prop = WHITE if additive else BLACK
    mine, theirs = GOAL[mover], GOAL[3 - mover]
    s = 0
    for d in range(6):
        q = STEP[i][d]
        while q >= 0 and board[q] == prop:
            q = STEP[q][d]
        if q < 0:
            continue
        old = board[q]
        if old == EMPTY:
            continue
        new = old | colour if additive else old & colour
        if new != old:
            s += 1
            if new == mine:
                s += 10
            if old == theirs:
                s += 8
    return s


class _Abort(Exception):
    """The node budget ran out inside a deepening iteration."""


class Search:
    """One move's search, advanced in node-counted chunks."""

    def __init__(self, pos: Position, level: str = DEFAULT_LEVEL, seed: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose from: {', '.join(LEVELS)}")
        if pos.winner is not None:
            raise ValueError("the round is over: there is no move to suggest")
        self.pos = pos.copy()
        self.level = level
        self.max_depth, self.budget, self.beam, self.threats = LEVELS[level]
        self.rng = Rng(seed)
        self.me = pos.player
        self.nodes = 0
        self.depth_done = 0
        self.best: int | None = None
        self.done = False
        self._path = 0                # easy: change score along the line, from me's side
        self._pause = 0
        self._chunk = 1 << 62
        self._abort_at = 0

    # ------------------------------------------------------------------
    def steps(self, chunk: int = 1 << 62):
        """Generator: yields every `chunk` nodes; `best` is set when it ends."""
        self._chunk = chunk
        self._pause = self.nodes + chunk
        pos = self.pos
        root = pos.legal_moves()
        self.rng.shuffle(root)
        jitter = {m: self.rng.randrange(3) for m in root}
        if len(root) == 1:
            self.best = root[0]
        else:
            order = sorted(root, key=lambda m: -_quick(pos.board, m, pos.colour, self.me))
            base = len(pos.moves)
            for depth in range(1, self.max_depth + 1):
                best_val, best_move, complete = -WIN * 2, order[0], True
                scored = []
                alpha = -WIN * 2
                # iterations past depth 2 stop where the budget runs out
                self._abort_at = self.budget if depth > 2 else 0
                for m in order:
                    try:
                        val = yield from self._child(m, depth - 1, -WIN * 2, -alpha, 1)
                    except _Abort:
                        while len(pos.moves) > base:
                            pos.undo()
                        self._path = 0
                        complete = False
                        break
                    val = -val + jitter[m]
                    scored.append((val, m))
                    if val > best_val:
                        best_val, best_move = val, m
                        alpha = max(alpha, val)
                if not complete:
                    # the moves searched deeper (previous best first) still count
                    if scored and best_val > -WIN // 2:
                        self.best = best_move
                    break
                self.best, self.depth_done = best_move, depth
                if best_val >= WIN // 2 or self.nodes >= self.budget:
                    break
                # best first next time; the rest by this iteration's bounds
                scored.sort(key=lambda t: -t[0])
                order = [m for _, m in scored] + [m for m in order if m not in {s for _, s in scored}]
        self.done = True

    def _child(self, m: int, depth: int, alpha: int, beta: int, ply: int):
        pos = self.pos
        mover = pos.player
        pos.play(m)
        if not self.threats:
            undo = pos.history[-1][0]
            board = pos.board
            mine, theirs = GOAL[mover], GOAL[3 - mover]
            delta = 0
            for p, old in undo[1:]:
                delta += 1
                if board[p] == mine:
                    delta += 4
                if old == theirs:
                    delta += 4
            delta = delta if mover == self.me else -delta
            self._path += delta
        val = yield from self._negamax(depth, alpha, beta, ply)
        if not self.threats:
            self._path -= delta
        pos.undo()
        return val

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int):
        """Value for the side to move in self.pos."""
        self.nodes += 1
        if self._abort_at and self.nodes >= self._abort_at:
            raise _Abort
        if self.nodes >= self._pause:
            self._pause += self._chunk
            yield
        pos = self.pos
        w = pos.winner
        if w is not None:
            if w == "draw":
                return 0
            return (WIN - ply) if w == pos.player else -(WIN - ply)
        side = pos.player
        if depth == 0:
            if self.threats:
                return evaluate(pos, side)
            return self._path if side == self.me else -self._path
        moves = pos.legal_moves()
        colour = pos.colour
        board = pos.board
        moves.sort(key=lambda m: -_quick(board, m, colour, side))
        if self.beam and ply >= 2:
            moves = moves[: self.beam]
        best = -WIN * 2
        for m in moves:
            val = yield from self._child(m, depth - 1, -beta, -alpha, ply + 1)
            val = -val
            if val > best:
                best = val
                if val > alpha:
                    alpha = val
                    if alpha >= beta:
                        break
        return best


def choose_move(pos: Position, level: str = DEFAULT_LEVEL, seed: int = 0) -> int:
    """The computer's move for the side to move (a point index)."""
    search = Search(pos, level, seed)
    for _ in search.steps():
        pass
    return search.best


def random_move(pos: Position, rng: Rng) -> int:
    return rng.choice(pos.legal_moves())
