"""The Atom-4 search: one move's alpha-beta (negamax), advanced in node-counted
chunks; its transposition table, killer moves and the Memory a computer player keeps
through a round. The levels and the computer's entry point are in __init__.py, whose
docstring says what each level searches."""

from __future__ import annotations

from handheld.games.atom4.ai.forcing import Looks
from handheld.games.atom4.ai.tally import Tally
from handheld.games.atom4.ai.threats import evaluate, ranked, win_targets, winning_move
from handheld.games.atom4.rules import CELLS, GOAL, ORDER, Position
from handheld.runtime.rng import Rng
from handheld.runtime.think import count

WIN = 1_000_000
SEARCH = {
    # level: (max depth, node budget, moves kept from the third ply on, threat evaluation)
    "easy": (2, 10**9, 0, False),
    "normal": (5, 1200, 7, True),
    "hard": (6, 4000, 8, True),
}
# before the search, a look for a forced win by threats (forcing.py); after it, the
# same look for the other side after each of the best few moves, to play the first
# that leaves it none. name: (threats deep, moves played at most per look, by all the
# looks of one move, moves checked after the search); deeper or longer looks found
# no more (sixth pass); the bound per move bounds its slowest moves (seventh pass)
FORCING = {"normal": (3, 1500, 2000, 4), "hard": (3, 1500, 2000, 4)}
SEARCH_LEVEL = "normal"


# Zobrist keys: ZOBRIST[point][colour + 1] (index 0: empty). A position's key is
# the xor over its points; a move updates it from the points it wrote. Within
# one search the piece count fixes whose turn it is, so the board is the key.
_zrng = Rng(0xA70A4)
ZOBRIST = tuple(tuple(_zrng.bits(62) for _ in range(9)) for _ in range(CELLS))
EXACT, LOWER, UPPER = 0, 1, 2          # what a stored value is: exact, at least, at most
MAX_PLY = 32
# a horizon node whose side to move faces a win in one is searched one ply more
THREAT_EXTENSION = True


def board_key(board) -> int:
    key = 0
    for i, v in enumerate(board):
        key ^= ZOBRIST[i][v + 1]
    return key


def _to_table(val: int, ply: int) -> int:
    """Win/loss values count plies from the root; the table keeps them from the node."""
    if val >= WIN // 2:
        return val + ply
    if val <= -WIN // 2:
        return val - ply
    return val


def _from_table(val: int, ply: int) -> int:
    if val >= WIN // 2:
        return val - ply
    if val <= -WIN // 2:
        return val + ply
    return val


class Memory:
    """What one computer player's searches keep from one of its moves to the next within
    a round: the transposition table and the threats found per position. Its next search
    then starts from what the last one learned about the positions two plies on (their
    values, bounds and best moves). One per player per round; a hint for a human player
    searches without one, so it does not change the computer's play."""

    # a round of 254 moves filled 74 000 a player (with its threats 18 MB, freed when the
    # round ends); past this many the next search starts afresh, as each did before
    MAX_ENTRIES = 100_000

    def __init__(self) -> None:
        self.table: dict = {}
        self.threats_at: dict = {}

    def for_search(self) -> tuple[dict, dict]:
        if len(self.table) > self.MAX_ENTRIES:
            self.table, self.threats_at = {}, {}
        return self.table, self.threats_at


class _Abort(Exception):
    """The node budget ran out inside a deepening iteration."""


class Search:
    """One move's search, advanced in node-counted chunks."""

    def __init__(self, pos: Position, level: str = SEARCH_LEVEL, seed: int = 0, table: bool = True,
                 memory: Memory | None = None):
        if level not in SEARCH:
            raise ValueError(f"unknown level {level!r}; choose from: {', '.join(SEARCH)}")
        if pos.winner is not None:
            raise ValueError("the round is over: there is no move to suggest")
        self.pos = pos.copy()
        self.level = level
        self.max_depth, self.budget, self.beam, self.threats = SEARCH[level]
        self.full_depth = 1 if self.threats else 2
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
        # transposition table {key: (depth, value, EXACT/LOWER/UPPER, best move)} and
        # two killer moves per ply (moves that cut off a sibling); the threat levels only:
        # easy's evaluation depends on the path, not just the position
        self.table: dict | None = {} if (table and self.threats) else None
        self.key = board_key(self.pos.board)
        self.killers = [[-1, -1] for _ in range(MAX_PLY)]
        self.value = 0
        self.tally = Tally(self.pos.board) if self.threats else None
        # per position (board key): what _threats found there, asked once per search (per
        # round with a Memory)
        self.threats_at: dict = {}
        if memory is not None and self.table is not None:
            self.table, self.threats_at = memory.for_search()
        self._in_extension = False

    # ------------------------------------------------------------------
    def steps(self, chunk: int = 1 << 62):
        """Generator: yields every `chunk` nodes; `best` is set when it ends."""
        self._chunk = chunk
        self._pause = self.nodes + chunk
        pos = self.pos
        root = pos.legal_moves()
        self.rng.shuffle(root)
        jitter = {m: self.rng.randrange(3) for m in root}
        win = winning_move(pos) if self.threats else -1
        # a move played in a look costs under half a search node
        looks = Looks(*FORCING[self.level][:3], 2 * chunk) if self.level in FORCING else None
        if win >= 0:
            self.value = WIN - 1
        elif len(root) > 1 and looks:
            win = yield from looks.forced_win(pos)
            if win >= 0:
                self.value = WIN // 2       # won, in a number of moves not counted
        if len(root) == 1 or win >= 0:
            self.best = root[0] if win < 0 else win
        else:
            order = ranked(pos.board, root, pos.colour, self.me)
            base = len(pos.moves)
            for depth in range(1, self.max_depth + 1):
                best_val, best_move, complete = -WIN * 2, order[0], True
                scored = []
                alpha = -WIN * 2
                # iterations past depth 1 stop where the budget runs out (depth 1
                # already sees every loss in one: each reply node checks for a win)
                self._abort_at = self.budget if depth > self.full_depth else 0
                for m in order:
                    try:
                        # the jitter is added after the search, so the window moves with it:
                        # a reply that refutes m returns a bound, and the jitter must not
                        # lift a bound over alpha (that played moves that lose in three)
                        val = yield from self._child(m, depth - 1, -WIN * 2, jitter[m] - alpha, 1)
                    except _Abort:
                        while len(pos.moves) > base:
                            pos.undo()
                        self._path = 0
                        self._in_extension = False
                        self.key = board_key(pos.board)
                        self.tally = Tally(pos.board) if self.threats else None
                        complete = False
                        break
                    val = -val + jitter[m]
                    scored.append((val, m))
                    if val > best_val:
                        best_val, best_move = val, m
                        alpha = max(alpha, val)
                if not complete:
                    # the moves searched deeper (previous best first) still count;
                    # if they all lose, the next unrefuted move takes over
                    if scored and best_val > -WIN // 2:
                        self.best = best_move
                    elif scored:
                        refuted = {m for _, m in scored}
                        self.best = next((m for m in order if m not in refuted), self.best)
                    break
                self.best, self.depth_done, self.value = best_move, depth, best_val
                # this iteration's moves, best first (stable: ties keep their order)
                ranking = [m for _, m in sorted(scored, key=lambda t: -t[0])]
                if best_val >= WIN // 2 or self.nodes >= self.budget:
                    break
                # best first next time; the rest by this iteration's bounds
                searched = set(ranking)
                order = ranking + [m for m in order if m not in searched]
            if looks and -WIN // 2 < self.value < WIN // 2:
                yield from self._avoid_forced_loss(ranking, looks)
        self.done = True

    def _avoid_forced_loss(self, ranking: list[int], looks: Looks):
        """Of the best few moves (the search's choice first, then the last complete
        iteration's order), play the first after which the other side has no forced
        win by threats; if every one leaves it one, keep the search's choice. A look
        cut short by the move's budget found none."""
        checked = FORCING[self.level][3]
        pos, best = self.pos, self.best
        assert best is not None, "the search has chosen"
        for m in ([best] + [m for m in ranking if m != best])[:checked]:
            pos.play(m)
            lost = pos.winner is None and (yield from looks.forced_win(pos)) >= 0
            pos.undo()
            if not lost:
                self.best = m
                return

    def _child(self, m: int, depth: int, alpha: int, beta: int, ply: int):
        pos = self.pos
        pos.play(m)
        key = self.key
        written = pos.history[-1][0]
        if self.tally is not None:          # (kept exactly when self.threats)
            self.tally.played(pos.board, written)
        if self.table is not None:
            board = pos.board
            k = key
            for p, old in written:
                k ^= ZOBRIST[p][old + 1] ^ ZOBRIST[p][board[p] + 1]
            self.key = k
        if not self.threats:
            board = pos.board
            mover = 3 - pos.player
            mine, theirs = GOAL[mover], GOAL[3 - mover]
            delta = 0
            for p, old in written[1:]:
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
        self.key = key
        if self.tally is not None:
            self.tally.unplayed(pos.board, written)
        pos.undo()
        return val

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int):
        """Value for the side to move in self.pos."""
        self.nodes += 1
        count()
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
        threatened: tuple = ()
        extending = False
        # inside an extension the table is neither read nor written: its depth-0
        # entries are horizon values as seen from outside one (extended there)
        table = None if self._in_extension else self.table
        hint = -1
        if table is not None:
            entry = table.get(self.key)
            if entry is not None:
                e_depth, e_val, e_kind, hint = entry
                if e_depth >= depth:
                    v = _from_table(e_val, ply)
                    if e_kind == EXACT or (e_kind == LOWER and v >= beta) or (e_kind == UPPER and v <= alpha):
                        return v
        if self.threats:
            seen = self.threats_at.get(self.key)
            if seen is None:
                seen = self.threats_at[self.key] = self._threats()
            if seen is True:
                return WIN - ply - 1        # it wins with its next move
            threatened = seen
            if depth == 0 and threatened and THREAT_EXTENSION and not self._in_extension:
                # a horizon node facing a win in one is searched one ply more (once
                # per line): whether any move blocks it decides, not a fixed weight
                depth = 1
                self._in_extension = True
                extending = True
            elif depth == 0:
                val = evaluate(pos, side, len(threatened), self.tally, chair=self.me)
                if table is not None:
                    table[self.key] = (0, val, EXACT, -1)
                return val
        elif depth == 0:
            return self._path if side == self.me else -self._path
        # a threatened side searches every move: a block may look dull
        keep = self.beam if (self.beam and ply >= 2 and not threatened) else CELLS
        alpha0 = alpha
        best, best_move = -WIN * 2, -1
        for m in self._ordered(hint, ply, keep):
            val = yield from self._child(m, depth - 1, -beta, -alpha, ply + 1)
            val = -val
            if val > best:
                best, best_move = val, m
                if val > alpha:
                    alpha = val
                    if alpha >= beta:
                        self._killer(m, ply)
                        break
        if extending:
            self._in_extension = False
        if table is not None:
            kind = LOWER if best >= beta else (UPPER if best <= alpha0 else EXACT)
            table[self.key] = (0 if extending else depth, _to_table(best, ply), kind, best_move)
        return best

    def _threats(self):
        """True if the side to move wins at once, else the waiting side's winning
        spots for its next colour (at most 2). A tuple: the memory keeps tens of
        thousands of these, and the collector does not track tuples of ints."""
        pos, tally = self.pos, self.tally
        side = pos.player
        if win_targets(pos.board, pos.legal, side, pos.colour, 1, tally):
            return True
        return tuple(win_targets(pos.board, pos.legal, 3 - side, ORDER[(pos.turn + 1) % 6], 2, tally))

    def _ordered(self, hint: int, ply: int, keep: int):
        """The first `keep` legal moves, most promising first: the table's best
        move, then this ply's killers, then by the cheap look at what each would
        change. A generator: the look is taken only if the first move tried does
        not already cut the node off (the order is the same either way)."""
        pos = self.pos
        legal = pos.legal
        front = []
        if ply < MAX_PLY and self.table is not None:
            front = list(dict.fromkeys(m for m in (hint, *self.killers[ply]) if m >= 0 and m in legal))
        if front:
            yield front[0]          # searched before the rest is ranked
            keep -= 1
            if not keep:
                return
        rest = [m for m in ranked(pos.board, pos.legal_moves(), pos.colour, pos.player) if m not in front]
        yield from (front[1:] + rest)[:keep]

    def _killer(self, m: int, ply: int) -> None:
        if ply < MAX_PLY:
            k = self.killers[ply]
            if k[0] != m:
                k[1], k[0] = k[0], m
