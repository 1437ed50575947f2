"""Atom-4 rules: a 16x16 triangular lattice, colours as RGB bit-sets, pure.

Coordinates follow the clarified rules (shared/rules/atom4.md): x = 0..15
left to right, y = 0..15 top to bottom, odd rows shifted half a step right.
A point is stored as the index i = y * 16 + x. Colours are three bits
(red 1, green 2, blue 4), so black 0 .. white 7; EMPTY marks a free point.

An additive piece (red, green, blue: player 1) turns a neighbour n into
n | piece, a subtractive one (yellow, purple, cyan: player 2) into n & piece;
the effect travels in a straight line through the placed piece's propagators
(white for additive, black for subtractive) and dies at an empty point.

No pygame, no clock, no I/O: the same code serves the screens, the computer,
the CLI and the tests.
"""

from __future__ import annotations

SIZE = 16
CELLS = SIZE * SIZE
EMPTY = -1

BLACK, RED, GREEN, YELLOW, BLUE, PURPLE, CYAN, WHITE = range(8)
LETTERS = "krgybpcw"                 # by colour value: black, red, green, yellow, blue, purple, cyan, white
NAMES = ("black", "red", "green", "yellow", "blue", "purple", "cyan", "white")

# The colour wheel in playing order (clockwise): P1 plays the even entries.
ORDER = (RED, YELLOW, GREEN, CYAN, BLUE, PURPLE)
GOAL = {1: WHITE, 2: BLACK}

# Ring order of the six directions (clarified rules): up-left, up-right,
# right, down-right, down-left, left. Direction d's opposite is (d + 3) % 6.
DIR_NAMES = ("up-left", "up-right", "right", "down-right", "down-left", "left")
LINE_DIRS = (2, 3, 4)               # one direction of each of the three lines


def is_additive(colour: int) -> bool:
    return colour in (RED, GREEN, BLUE)


def player_of(colour: int) -> int:
    """Who plays a colour: 1 for additive, 2 for subtractive."""
    return 1 if is_additive(colour) else 2


def propagator_of(colour: int) -> int:
    return WHITE if is_additive(colour) else BLACK


def mix(placed: int, neighbour: int) -> int:
    """What `neighbour` becomes when `placed` acts on it (seed rules 1-4)."""
    return neighbour | placed if is_additive(placed) else neighbour & placed


def index(x: int, y: int) -> int:
    return y * SIZE + x


def coords(i: int) -> tuple[int, int]:
    return i % SIZE, i // SIZE


def _neighbour(x: int, y: int, d: int) -> int:
    o = y & 1
    dx, dy = ((-1 + o, -1), (o, -1), (1, 0), (o, 1), (-1 + o, 1), (-1, 0))[d]
    nx, ny = x + dx, y + dy
    if 0 <= nx < SIZE and 0 <= ny < SIZE:
        return index(nx, ny)
    return -1


# STEP[i][d]: the neighbour of point i in direction d, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(i % SIZE, i // SIZE, d) for d in range(6)) for i in range(CELLS))
# For the triangle rule: pairs of ring-adjacent neighbours that both exist.
PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((STEP[i][d], STEP[i][(d + 1) % 6]) for d in range(6)
          if STEP[i][d] >= 0 and STEP[i][(d + 1) % 6] >= 0)
    for i in range(CELLS))
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in STEP[i] if n >= 0) for i in range(CELLS))


def round_start(round_no: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """(first colour's index in ORDER, ((point, colour), ...)) for round r >= 1."""
    if round_no < 1:
        raise ValueError("rounds are numbered from 1")
    c = (round_no - 1) % 6
    return c, ((index(7, 7), ORDER[(c + 2) % 6]), (index(8, 7), ORDER[(c + 5) % 6]))


def is_legal_on(board, i: int) -> bool:
    """The triangle rule: empty, touching two pieces that touch each other."""
    if board[i] != EMPTY:
        return False
    for a, b in PAIRS[i]:
        if board[a] != EMPTY and board[b] != EMPTY:
            return True
    return False


def place(board, i: int, colour: int) -> list[tuple[int, int]]:
    """Put `colour` on point i (legality not checked) and apply the colour
    changes in the six directions. Returns [(point, old colour), ...] for
    every point written, the placed point first, so the caller can undo."""
    undo = [(i, board[i])]
    board[i] = colour
    prop = WHITE if colour in (RED, GREEN, BLUE) else BLACK
    additive = prop == WHITE
    step = STEP
    for d in range(6):
        q = step[i][d]
        while q >= 0 and board[q] == prop:
            q = step[q][d]
        if q < 0:
            continue
        old = board[q]
        if old == EMPTY:
            continue
        new = old | colour if additive else old & colour
        if new != old:
            undo.append((q, old))
            board[q] = new
    return undo


def run_length(board, i: int, d: int, colour: int) -> int:
    """How many points of `colour` lie in a line through i along direction d
    and its opposite (i itself included, assumed to hold `colour`)."""
    n = 1
    for dd in (d, (d + 3) % 6):
        q = STEP[i][dd]
        while q >= 0 and board[q] == colour:
            n += 1
            q = STEP[q][dd]
    return n


def makes_row(board, points, colour: int) -> bool:
    """True if any of `points` now holds `colour` in a line of 4 or more."""
    for i in points:
        if board[i] == colour:
            for d in LINE_DIRS:
                if run_length(board, i, d, colour) >= 4:
                    return True
    return False


def winning_line(board, points, colour: int) -> list[int]:
    """The points of the first line of 4+ `colour` through any of `points` (for the
    screen's highlight), or []."""
    for i in points:
        if board[i] != colour:
            continue
        for d in LINE_DIRS:
            if run_length(board, i, d, colour) >= 4:
                line = [i]
                for dd in (d, (d + 3) % 6):
                    q = STEP[i][dd]
                    while q >= 0 and board[q] == colour:
                        line.append(q)
                        q = STEP[q][dd]
                return sorted(line)
    return []


class Position:
    """One round in progress: the board, whose colour is next, the winner.

    `play(i)` applies a move and returns the points whose colour changed
    (the placed point first); `undo()` takes the last move back. The legal
    spots are kept incrementally (only occupancy matters for them)."""

    __slots__ = ("board", "turn", "round_no", "winner", "legal", "history", "moves")

    def __init__(self, round_no: int = 1):
        first, pieces = round_start(round_no)
        self.round_no = round_no
        self.board = [EMPTY] * CELLS
        for i, colour in pieces:
            self.board[i] = colour
        self.turn = first           # index into ORDER of the colour to play next
        self.winner: int | str | None = None    # None while playing, then 1, 2 or "draw"
        self.moves: list[int] = []
        # per move: (place's undo list, legal spots it added, the winner before)
        self.history: list[tuple[list[tuple[int, int]], list[int], int | str | None]] = []
        self.legal: set[int] = set()
        for i, _ in pieces:
            for n in NEIGHBOURS[i]:
                if is_legal_on(self.board, n):
                    self.legal.add(n)

    @classmethod
    def from_rows(cls, rows, turn: int = 0, round_no: int = 1) -> "Position":
        """A position from 16 strings of `.krgybpcw` (for tests and tools)."""
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise ValueError("a board is 16 rows of 16 characters")
        pos = cls(round_no)
        pos.board = [EMPTY if ch == "." else LETTERS.index(ch) for r in rows for ch in r]
        pos.turn = turn
        pos.legal = {i for i in range(CELLS) if is_legal_on(pos.board, i)}
        if not pos.legal:
            pos.winner = "draw"
        return pos

    def copy(self) -> "Position":
        """An independent position (without the undo history)."""
        pos = object.__new__(Position)
        pos.round_no, pos.turn, pos.winner = self.round_no, self.turn, self.winner
        pos.board = list(self.board)
        pos.legal = set(self.legal)
        pos.moves = list(self.moves)
        pos.history = []
        return pos

    # --- reading -------------------------------------------------------
    @property
    def colour(self) -> int:
        """The colour to be played next."""
        return ORDER[self.turn % 6]

    @property
    def player(self) -> int:
        """The player to move (1 additive, 2 subtractive)."""
        return 1 if self.turn % 2 == 0 else 2

    def next_colours(self, n: int) -> list[int]:
        return [ORDER[(self.turn + k) % 6] for k in range(n)]

    def legal_moves(self) -> list[int]:
        return sorted(self.legal) if self.winner is None else []

    def is_legal(self, i: int) -> bool:
        return self.winner is None and i in self.legal

    def rows(self) -> list[str]:
        return ["".join("." if v == EMPTY else LETTERS[v] for v in self.board[y * SIZE:(y + 1) * SIZE])
                for y in range(SIZE)]

    def hash_fields(self):
        return (self.round_no, self.turn, self.winner, bytes(v + 1 for v in self.board))

    # --- moving --------------------------------------------------------
    def play(self, i: int) -> list[int]:
        if self.winner is not None:
            raise ValueError("the round is over")
        if i not in self.legal:
            raise ValueError(f"{coords(i)} is not a legal spot")
        turn = self.turn            # (the colour and player properties, inlined: the search plays a lot)
        colour = ORDER[turn % 6]
        mover = 2 if turn & 1 else 1
        undo = place(self.board, i, colour)
        # Legal spots depend on occupancy only: i leaves, its empty neighbours may join.
        added = []
        legal, board = self.legal, self.board
        legal.discard(i)
        for n in NEIGHBOURS[i]:
            # (most neighbours are taken: no call for those)
            if board[n] == EMPTY and n not in legal and is_legal_on(board, n):
                legal.add(n)
                added.append(n)
        self.history.append((undo, added, self.winner))
        self.moves.append(i)
        self.turn = turn + 1
        changed = [p for p, _ in undo]
        if makes_row(self.board, changed, GOAL[mover]):
            self.winner = mover
        elif not self.legal:
            self.winner = "draw"    # a full board (no spot left to play)
        return changed

    def undo(self) -> None:
        undo, added, winner = self.history.pop()
        i = self.moves.pop()
        for n in added:
            self.legal.discard(n)
        for p, old in reversed(undo):
            self.board[p] = old
        self.legal.add(i)
        self.turn -= 1
        self.winner = winner


def parse_move(text: str) -> int:
    """'x,y' -> point index; ValueError with a one-line reason otherwise."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError("write a move as x,y (e.g. 8,6)")
    try:
        x, y = int(parts[0]), int(parts[1])
    except ValueError:
        raise ValueError("write a move as x,y with whole numbers (e.g. 8,6)") from None
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise ValueError(f"off the board (x and y are 0..{SIZE - 1})")
    return index(x, y)


def format_move(i: int) -> str:
    x, y = coords(i)
    return f"{x},{y}"
