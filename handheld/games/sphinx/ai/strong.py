"""The Strong sphinx: depth-limited negamax on bitboards.

Alpha-beta, a transposition table (a dict keyed by `stones + mask`, unique per
position), iterative deepening, moves ordered by the previous best move, then
by how many winning squares the move creates, then centre first. Moves that
hand the opponent an immediate win are never generated, and a lone enemy
threat is always blocked, so the search never misses a win or a block in one.

The budget is a node count (not time), so a move is the same on every
machine. The search is a generator: it yields every `slice_nodes` nodes, so a
scene can spread it over ticks; `run()` drives it to the end for selfplay and
the CLI. Both give the same move.
"""

from __future__ import annotations

from handheld.games.sphinx.rules import Board, Geometry
from handheld.games.sphinx.solver import OutOfNodes
from handheld.runtime.think import count

WIN = 1_000_000
MATE_ZONE = WIN - 10_000
EXACT, LOWER, UPPER = 0, 1, 2
DEFAULT_NODES = 4000
THREAT_GOOD = 40        # static score of a threat on a row whose parity suits its owner
THREAT_OTHER = 4        # ... and of any other threat


def good_threat_rows(geo: Geometry) -> tuple[int, int]:
    """Cells where a threat (a square that would complete four) pays off for
    player 0 and player 1 when the board fills up.

    If every other column is full, the square under a threat on row r is the
    move numbered cells - height + r (1-based, rows 0-based); whoever must
    play it hands the square above to the opponent. Player 0 makes the odd
    moves, so player 0's threats are good where that number is even, player
    1's where it is odd (Allis's odd/even threats, for any board size)."""
    good0 = good1 = 0
    for r in range(geo.height):
        row = sum(geo.bit(c, r) for c in range(geo.width))
        if (geo.cells - geo.height + r) % 2 == 0:
            good0 |= row
        else:
            good1 |= row
    return good0, good1


def _weight_masks(geo: Geometry):
    """Column weights for the static score: 3 in the middle falling to 0 at the edges."""
    out = []
    mid2 = geo.width - 1
    for c in range(geo.width):
        w = max(0, 3 - abs(2 * c - mid2) // 2)
        if w:
            out.append((geo.col_masks[c], w))
    return out


def root_forced(board: Board) -> int | None:
    """A column that wins at once, else one that blocks an enemy four, else None."""
    geo = board.geo
    cur, mask = board.side_bits()
    possible = (mask + geo.bottom) & geo.full
    for squares in (geo.wins(cur, mask) & possible,
                    geo.wins(cur ^ mask, mask) & possible):
        if squares:
            return geo.first_column(squares)
    return None


class StrongSearch:
    """One move's search. `think()` is the generator; `run()` finishes it."""

    def __init__(self, board: Board, budget: int = DEFAULT_NODES, slice_nodes: int = 0,
                 only_columns: list[int] | None = None):
        self.board = board
        self.only_columns = only_columns      # the root searches only these, when it can
        self.geo = board.geo
        self.budget = max(1, budget)
        self.slice = slice_nodes if slice_nodes > 0 else self.budget + 1
        self.nodes = 0
        self.next_yield = self.slice
        self.tt: dict[int, tuple] = {}
        self.depth_done = 0
        self.value = 0
        self.weights = _weight_masks(self.geo)
        self.good_rows = good_threat_rows(self.geo)

    # --- the driver ---------------------------------------------------
    def run(self) -> int:
        gen = self.think()
        try:
            while True:
                next(gen)
        except StopIteration as stop:
            return stop.value

    def think(self):
        board = self.board
        if board.over:
            raise ValueError("no legal move: the game is over")
        forced = root_forced(board)
        if forced is not None:
            return forced
        geo = self.geo
        cur, mask = board.side_bits()
        empties = geo.cells - len(board.moves)
        moves = self._non_losing(cur, mask)
        if not moves:        # every move loses at once: play the centre-most legal one
            return min(board.legal_moves(), key=geo.order.index)
        if self.only_columns:
            only = moves & sum(geo.col_masks[col] for col in self.only_columns)
            moves = only or moves
        best = self._ordered(cur, mask, moves, None)[0][1]
        for depth in range(1, empties + 1):
            try:
                value, col = yield from self._root(cur, mask, moves, depth, best)
            except OutOfNodes:
                break
            best, self.value, self.depth_done = col, value, depth
            if abs(value) >= MATE_ZONE:
                break
        return best

    # --- the search ---------------------------------------------------
    def _non_losing(self, cur: int, mask: int) -> int:
        geo = self.geo
        possible = (mask + geo.bottom) & geo.full
        opp_win = geo.wins(cur ^ mask, mask)
        forced = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return 0
            possible = forced
        return possible & ~(opp_win >> 1)

    def _ordered(self, cur, mask, moves, first_col, cheap=False):
        geo = self.geo
        scored = []
        for rank, col in enumerate(geo.order):
            bit = moves & geo.col_masks[col]
            if bit:
                if col == first_col:
                    key = -1000
                elif cheap:
                    key = rank
                else:
                    key = -geo.wins(cur | bit, mask | bit).bit_count() * 16 + rank
                scored.append((key, col, bit))
        scored.sort()
        return [(bit, col) for _, col, bit in scored]

    def _root(self, cur, mask, moves, depth, first_col):
        alpha, beta = -WIN, WIN
        best_col = first_col
        for bit, col in self._ordered(cur, mask, moves, first_col):
            v = yield from self._nega(cur ^ mask, mask | bit, depth - 1, -beta, -alpha, 1)
            v = -v
            if v > alpha:
                alpha, best_col = v, col
        return alpha, best_col

    def _nega(self, cur, mask, depth, alpha, beta, ply):
        """Value for the side to move (`cur`), who cannot win at once (callers make sure)."""
        self.nodes += 1
        count()
        if self.nodes >= self.next_yield:
            if self.nodes > self.budget:
                raise OutOfNodes
            self.next_yield += self.slice
            yield
        geo = self.geo
        possible = (mask + geo.bottom) & geo.full
        if not possible:
            return 0
        opp = cur ^ mask
        opp_win = geo.wins(opp, mask)
        forced = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return ply + 1 - WIN
            possible = forced
        moves = possible & ~(opp_win >> 1)
        if not moves:
            return ply + 1 - WIN
        if depth <= 0:
            return self._static(cur, opp, mask, opp_win)
        key = cur + mask
        entry = self.tt.get(key)
        first_col = None
        a0 = alpha
        if entry is not None:
            e_depth, flag, value, first_col = entry
            if e_depth >= depth:
                if value >= MATE_ZONE:
                    value -= ply
                elif value <= -MATE_ZONE:
                    value += ply
                if flag == EXACT:
                    return value
                if flag == LOWER:
                    if value > alpha:
                        alpha = value
                elif value < beta:
                    beta = value
                if alpha >= beta:
                    return value
        best = -WIN
        best_col = first_col
        leaf = depth == 1
        for bit, col in self._ordered(cur, mask, moves, first_col, leaf):
            if leaf:
                v = -self._leaf(opp, mask | bit, ply + 1)
            else:
                v = yield from self._nega(opp, mask | bit, depth - 1, -beta, -alpha, ply + 1)
                v = -v
            if v > best:
                best, best_col = v, col
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        stored = best + ply if best >= MATE_ZONE else best - ply if best <= -MATE_ZONE else best
        flag = LOWER if best >= beta else UPPER if best <= a0 else EXACT
        self.tt[key] = (depth, flag, stored, best_col)
        return best

    def _leaf(self, cur, mask, ply) -> int:
        """A depth-0 node without the generator machinery (most nodes are leaves)."""
        self.nodes += 1
        count()
        if self.nodes > self.budget:
            raise OutOfNodes
        geo = self.geo
        possible = (mask + geo.bottom) & geo.full
        if not possible:
            return 0
        opp = cur ^ mask
        opp_win = geo.wins(opp, mask)
        forced = possible & opp_win
        if forced:
            if forced & (forced - 1):
                return ply + 1 - WIN
            possible = forced
        if not possible & ~(opp_win >> 1):
            return ply + 1 - WIN
        return self._static(cur, opp, mask, opp_win)

    def _static(self, cur, opp, mask, opp_win) -> int:
        geo = self.geo
        mine = geo.wins(cur, mask)
        me = mask.bit_count() & 1                      # which player `cur` is
        good_me, good_opp = self.good_rows[me], self.good_rows[1 - me]
        score = (THREAT_GOOD * ((mine & good_me).bit_count() - (opp_win & good_opp).bit_count())
                 + THREAT_OTHER * ((mine & ~good_me).bit_count() - (opp_win & ~good_opp).bit_count()))
        for m, w in self.weights:
            score += w * ((cur & m).bit_count() - (opp & m).bit_count())
        return score


def strong_move(board: Board, rng=None, budget: int = DEFAULT_NODES) -> int:
    """The Strong sphinx's column (rng unused: the search is deterministic)."""
    return StrongSearch(board, budget).run()
