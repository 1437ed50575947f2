"""Exact scores: the solver behind `handheld sphinx solve` and the Prover sphinx.

Score of a position for the side to move, as the issue defines it: 0 for a
draw; otherwise (W*H + 2 - m) // 2 where m is the number of stones on the
board right after the winning move under perfect play, positive when the side
to move wins, negative when it loses. Faster wins score higher.

Method: negamax with alpha-beta in null windows (a binary search on the score
in `solve`), a transposition table of bounds keyed by `stones + mask`, only
moves that do not hand the opponent an immediate win, ordered by how many
winning squares they make, then not under one's own threat, centre first on
ties; a child whose stored bound already refutes the node cuts it before
any child is searched (enhanced transposition cutoff). Allis' claimeven and
baseinverse bound a position without search: the side that answers can
reply on top of every move, or in a paired column (see
`_follower_result`). Like the Strong search it is a generator that yields
every `slice_nodes` nodes, and it can stop after a node budget (raising
`OutOfNodes`), so the Prover sphinx can think across ticks and give up when
a position is too deep to prove.
"""

from __future__ import annotations

from operator import itemgetter

from handheld.games.sphinx.rules import Board, Geometry, bits
from handheld.runtime.think import count, run_to_end

_first = itemgetter(0)


# Bound-table entries kept before the table is emptied: about 1.1 M entries is
# ~130 MB of dict plus keys, which keeps `handheld sphinx solve` under 256 MB.
TABLE_CAP = 1_100_000


class OutOfNodes(Exception):
    """A search spent its node budget (the solver's here, the Strong search's in ai/strong.py)."""


class Solver:
    def __init__(self, geo: Geometry, budget: int = 0, slice_nodes: int = 0,
                 table_cap: int = TABLE_CAP, knowledge: bool = True):
        self.geo = geo
        self.table_cap = table_cap
        # the proven range of the root score during `solve` (read by the CLI's --max-seconds)
        self.lo: int | None = None
        self.hi: int | None = None
        self.candidate: int | None = None        # see not_losing_move_steps
        self.budget = budget if budget > 0 else 1 << 62
        self.slice = slice_nodes if slice_nodes > 0 else 1 << 62
        self.nodes = 0
        self.next_stop = min(self.slice, self.budget + 1)
        self.tt: dict[int, int] = {}
        # bound encoding: upper bound u stored as u - MIN; lower bound l as l - MIN + SPAN
        self.min_score = -(geo.cells // 2) - 1
        self.span = geo.cells + 4
        self.order_masks = [geo.col_masks[c] for c in geo.order]
        self.knowledge = knowledge
        self.lower_rows, self.upper_rows = claimeven_rows(geo)
        self.has_four = _make_has_four(geo.stride)

    # --- public -------------------------------------------------------
    def extend_budget(self, nodes: int) -> None:
        """Allow `nodes` more nodes after an OutOfNodes; the bound table (all
        proven facts) is kept, so a follow-up search starts from what is known."""
        self.budget = self.nodes + nodes
        self.next_stop = min(self.nodes + self.slice, self.budget + 1)

    def solve(self, board: Board) -> int:
        """Exact score (runs to the end, or raises OutOfNodes past the budget)."""
        return run_to_end(self.solve_steps(board))

    def result(self, board: Board) -> int:
        """1, 0 or -1: the side to move wins, draws or loses (runs to the end,
        or raises OutOfNodes). Cheaper than `solve`: "win?" and, when not,
        "at least a draw?" are one null-window search each."""
        cur, mask, n, _, win_col = self._root(board)
        if win_col is not None:
            return 1
        if run_to_end(self._nega(cur, mask, n, 0, 1)) > 0:
            return 1
        return 0 if run_to_end(self._nega(cur, mask, n, -1, 0)) >= 0 else -1

    def solve_steps(self, board: Board):
        """Generator form of `solve`: yields between slices, returns the score."""
        if board.over:
            raise ValueError("the game is over: nothing to solve")
        cur, mask = board.side_bits()
        return (yield from self._score(cur, mask, len(board.moves)))

    def best_move_steps(self, board: Board):
        """Generator: (score, column) of a best move for the side to move."""
        if board.over:
            raise ValueError("the game is over: no move to find")
        geo = self.geo
        cur, mask, n, possible, win_col = self._root(board)
        if win_col is not None:
            return (geo.cells + 1 - n) // 2, win_col
        score = yield from self._score(cur, mask, n)
        # a move is best when the child's score (for the opponent) is <= -score
        for bit, col in self._ordered(cur, mask, possible):
            child_cur, child_mask = cur ^ mask, mask | bit
            if geo.wins(child_cur, child_mask) & ((child_mask + geo.bottom) & geo.full):
                v = -((geo.cells - n) // 2)            # the opponent wins at once
                if v >= score:
                    return score, col
                continue
            if child_mask == geo.full:
                if score <= 0:
                    return score, col
                continue
            t = yield from self._nega(child_cur, child_mask, n + 1, -score, -score + 1)
            if -t >= score:
                return score, col
        raise AssertionError("no move reaches the solved score")   # pragma: no cover

    # --- internals ----------------------------------------------------
    def _root(self, board: Board):
        """(stones, mask, moves made, playable squares, winning column or None) of the root."""
        geo = self.geo
        cur, mask = board.side_bits()
        possible = (mask + geo.bottom) & geo.full
        wins = geo.wins(cur, mask) & possible
        win_col = geo.first_column(wins) if wins else None
        return cur, mask, len(board.moves), possible, win_col

    def _score(self, cur, mask, n):
        geo = self.geo
        cells = geo.cells
        possible = (mask + geo.bottom) & geo.full
        if geo.wins(cur, mask) & possible:
            return (cells + 1 - n) // 2
        lo = -((cells - n) // 2)
        hi = (cells + 1 - n) // 2
        self.lo, self.hi = lo, hi
        while lo < hi:
            med = lo + (hi - lo) // 2
            # win/draw/loss first (a time-limited CLI solve then has the sign), then halve
            if lo <= 0 < hi:
                med = 0
            elif lo < 0 == hi:
                med = -1
            elif med <= 0 and _half(lo) < med:
                med = _half(lo)
            elif med >= 0 and _half(hi) > med:
                med = _half(hi)
            r = yield from self._nega(cur, mask, n, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
            self.lo, self.hi = lo, hi
        return lo

    def proven_move_steps(self, board: Board, at_least: int):
        """Generator: a column whose score is proven >= `at_least` (1: a win,
        0: at least a draw), or None when the root is proven below it. Much
        cheaper than an exact solve: one null-window search per tried move."""
        geo = self.geo
        cur, mask, n, possible, win_col = self._root(board)
        if win_col is not None:
            return win_col
        r = yield from self._nega(cur, mask, n, at_least - 1, at_least)
        if r < at_least:
            return None
        for bit, col in self._ordered(cur, mask, possible):
            child_cur, child_mask = cur ^ mask, mask | bit
            if geo.wins(child_cur, child_mask) & ((child_mask + geo.bottom) & geo.full):
                continue                                # the opponent wins at once
            if child_mask == geo.full:
                if at_least <= 0:
                    return col
                continue
            t = yield from self._nega(child_cur, child_mask, n + 1, -at_least, -at_least + 1)
            if -t >= at_least:
                return col
        raise AssertionError("no move keeps the proven bound")   # pragma: no cover

    def not_losing_move_steps(self, board: Board, first_col: int):
        """Generator: `first_col` unless the solver proves that the opponent
        wins after it; then the first move in the solver's order not proven
        to lose (`first_col` when every move loses). `candidate` is the move
        being checked, the answer when the caller runs out of nodes."""
        geo = self.geo
        cur, mask, n, possible, _ = self._root(board)
        moves = self._ordered(cur, mask, possible)
        moves.sort(key=lambda move: move[1] != first_col)     # stable: first_col, then the order
        for bit, col in moves:
            self.candidate = col
            child_cur, child_mask = cur ^ mask, mask | bit
            if geo.wins(child_cur, child_mask) & ((child_mask + geo.bottom) & geo.full):
                continue                                # the opponent wins at once
            if child_mask == geo.full:
                return col
            t = yield from self._nega(child_cur, child_mask, n + 1, 0, 1)
            if t <= 0:                                  # the opponent does not win
                return col
        self.candidate = first_col
        return first_col

    def _ordered(self, cur, mask, moves):
        geo = self.geo
        scored = []
        for rank, col in enumerate(geo.order):
            bit = moves & geo.col_masks[col]
            if bit:
                scored.append((-geo.wins(cur | bit, mask | bit).bit_count() * 16 + rank, col, bit))
        scored.sort()
        return [(bit, col) for _, col, bit in scored]

    def _nega(self, cur, mask, n, alpha, beta, opp_win=-1, own_win=-1):
        """Score for the side to move, who cannot win at once; fail-soft in (alpha, beta).
        `opp_win` and `own_win` are the squares where the opponent and the side
        to move would complete four, when the caller has them (-1: not known)."""
        self.nodes += 1
        count()
        if self.nodes >= self.next_stop:
            if self.nodes > self.budget:
                raise OutOfNodes
            self.next_stop = min(self.next_stop + self.slice, self.budget + 1)
            yield
        geo = self.geo
        cells = geo.cells
        possible = (mask + geo.bottom) & geo.full
        if opp_win < 0:
            opp_win = geo.wins(cur ^ mask, mask)
        forced = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return -((cells - n) // 2)
            possible = forced
        moves = possible & ~(opp_win >> 1)
        if not moves:
            return -((cells - n) // 2)
        if n >= cells - 2:
            return 0
        low = -((cells - 2 - n) // 2)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (cells - 1 - n) // 2
        opp = cur ^ mask
        if self.knowledge:
            empty = geo.full ^ mask
            lows = (mask + geo.bottom) & self.upper_rows     # next squares of odd columns
            if not lows.bit_count() & 1:
                # the opponent can answer every move (see _follower_result)
                ce = self._follower_result(opp, cur, empty, lows)
                if ce is not None:
                    high = -ce
                    if alpha >= high:
                        return high
                    if beta > high:
                        beta = high
            else:
                # a move into an odd column leaves the opponent to move, with us answering
                led = self._leader_result(cur, opp, empty, lows, moves)
                if led is not None:
                    ce = led[0]
                    if ce >= beta:
                        return ce
                    if alpha < ce:
                        alpha = ce
        key = cur + mask
        entry = self.tt.get(key)
        if entry is not None:
            if entry >= self.span:
                low = entry - self.span + self.min_score
                if alpha < low:
                    alpha = low
                    if alpha >= beta:
                        return alpha
            else:
                high = entry + self.min_score
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        if moves & (moves - 1):
            wins = geo.wins
            if own_win < 0:
                own_win = wins(cur, mask)
            children = []
            for m in self.order_masks:
                bit = moves & m
                if bit:
                    made = wins(cur | bit, mask | bit)
                    # most winning squares made first; on a tie, not under one's own
                    # threat (that lets the opponent block it); then centre first
                    children.append((2 * made.bit_count() - ((bit << 1) & own_win != 0), bit, made))
            children.sort(key=_first, reverse=True)       # stable: centre first on ties
        else:
            children = ((0, moves, -1),)
        # enhanced transposition cutoff: a child the table already bounds from
        # above (for the opponent) may refute this node before any is searched
        tt, span, min_score = self.tt, self.span, self.min_score
        for _, bit, _ in children:
            entry = tt.get(opp + (mask | bit))
            if entry is not None and entry < span:
                v = -(entry + min_score)
                if v >= beta:
                    self._store(key, v - min_score + span)
                    return v
        for _, bit, made in children:
            v = yield from self._nega(opp, mask | bit, n + 1, -beta, -alpha, made, opp_win & ~bit)
            v = -v
            if v >= beta:
                self._store(key, v - self.min_score + self.span)
                return v
            if v > alpha:
                alpha = v
        self._store(key, alpha - self.min_score)
        return alpha

    def _follower_result(self, follower, mover, empty, lows):
        """Allis' claimeven and baseinverse, with `mover` to move and an even
        number of columns with an odd number of empty squares (`lows`: their
        next squares). The follower answers every move: on top of it in an
        even column; when the mover opens an odd column, with the next square
        of another odd column, after which both are even. So the mover gets at
        most its stones, the lower square of every pair (`lower_rows`) and
        `lows`, and with just two odd columns only one of their two next
        squares. If no four fits there, the follower has at least a draw (0),
        and a win (1) if a four fits in its stones and the upper squares it
        surely gets (not `lows`). None when the mover has a four there."""
        reach = mover | (empty & self.lower_rows) | lows
        has_four = self.has_four
        if has_four(reach) and (lows.bit_count() != 2 or not self._paired_fourless(reach, lows)):
            return None
        return 1 if has_four(follower | (empty & self.upper_rows & ~lows)) else 0

    def _leader_result(self, mover, opp, empty, lows, moves):
        """With an odd number of odd columns (`lows`: their next squares):
        (result, square) when the mover can play `square`, one of `lows` in
        `moves`, and then be the follower of `_follower_result` with `opp` to
        move: the mover at least draws (0), or wins (1); None when no such
        square keeps `opp` from a four."""
        reach = opp | (empty & self.lower_rows) | lows
        has_four = self.has_four
        playable = lows & moves
        square = 0
        if not has_four(reach):
            square = playable & -playable
        elif lows.bit_count() == 1:
            if playable and not has_four(reach ^ playable):
                square = playable
        elif lows.bit_count() == 3:     # the two left are paired: opp gets one of them
            for bit in bits(playable):
                if self._paired_fourless(reach ^ bit, lows ^ bit):
                    square = bit
                    break
        if not square:
            return None
        return (1 if has_four(mover | square | (empty & self.upper_rows & ~lows)) else 0), square

    def _paired_fourless(self, reach, pair):
        """Baseinverse: no four fits in `reach` once the other side has one of
        the two squares of `pair` (whichever one is opened, it takes the other)."""
        first = pair & -pair
        return not self.has_four(reach ^ first) and not self.has_four(reach ^ pair ^ first)

    def _store(self, key: int, entry: int) -> None:
        tt = self.tt
        if len(tt) >= self.table_cap:
            tt.clear()          # bounded memory: start over rather than grow
        tt[key] = entry


def claimeven_rows(geo: Geometry) -> tuple[int, int]:
    """(lower, upper) squares of the claimeven pairs when every column has an
    even number of empty squares: its height then has the board height's
    parity, so a column's next square, and every second one above it, lies
    on a row of that parity (lower); the squares between are upper. A column
    with an odd number of empty squares has its next square on an upper row."""
    lower = upper = 0
    for r in range(geo.height):
        row = sum(geo.bit(c, r) for c in range(geo.width))
        if r % 2 == geo.height % 2:
            lower |= row
        else:
            upper |= row
    return lower, upper


def _make_has_four(s: int):
    """`has_four(stones)` for one board size, shifts baked in as constants."""
    h, a, b = s, s + 1, s - 1

    def has_four(p: int) -> bool:
        m = p & (p >> 1)
        if m & (m >> 2):
            return True
        m = p & (p >> h)
        if m & (m >> 2 * h):
            return True
        m = p & (p >> a)
        if m & (m >> 2 * a):
            return True
        m = p & (p >> b)
        return bool(m & (m >> 2 * b))

    return has_four


def _half(x: int) -> int:
    """x / 2 rounded towards zero."""
    return -((-x) // 2) if x < 0 else x // 2


def solve(board: Board, budget: int = 0) -> int:
    """Exact score of `board` for the side to move (see the module doc)."""
    return Solver(board.geo, budget).solve(board)


def solve_moves(moves: str, width: int = 7, height: int = 6) -> int:
    from handheld.games.sphinx.rules import parse_moves

    return solve(parse_moves(moves, width, height))
