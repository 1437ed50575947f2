"""Drop-four rules on bitboards, for any board of at least 4 x 4.

Pure: no pygame, no clock, no I/O. The classic Sphinx board is 7 x 7; standard
Connect Four (7 x 6) is the same code with other numbers.

Bit layout: each column owns `height + 1` consecutive bits of a Python int,
bottom row first; the extra top bit of every column stays empty (a sentinel),
so shifting a line of stones never wraps from one column into the next. Cell
(col, row) with row 0 at the bottom is bit `col * (height + 1) + row`.
Columns are 0-based here; the CLI speaks 1-based columns.
"""

from __future__ import annotations

from functools import lru_cache

MIN_SIZE = 4


class IllegalMove(ValueError):
    """A drop the rules refuse (full column, no such column, game over)."""


class Geometry:
    """Masks for one board size, shared by the rules, the AIs and the solver."""

    __slots__ = ("width", "height", "stride", "cells", "bottom", "full",
                 "col_masks", "bottom_bits", "top_bits", "order", "wins")

    def __init__(self, width: int, height: int):
        if not (isinstance(width, int) and isinstance(height, int)):
            raise TypeError("board width and height must be integers")
        if width < MIN_SIZE or height < MIN_SIZE:
            raise ValueError(f"board must be at least {MIN_SIZE} x {MIN_SIZE}, got {width} x {height}")
        self.width = width
        self.height = height
        self.stride = s = height + 1
        self.cells = width * height
        col_fill = (1 << height) - 1
        self.col_masks = tuple(col_fill << (c * s) for c in range(width))
        self.bottom_bits = tuple(1 << (c * s) for c in range(width))
        self.top_bits = tuple(1 << (c * s + height - 1) for c in range(width))
        self.bottom = sum(self.bottom_bits)
        self.full = sum(self.col_masks)
        # centre column first, then alternating outwards, left before right
        mid = (width - 1) / 2
        self.order = tuple(sorted(range(width), key=lambda c: (abs(c - mid), c)))
        self.wins = _make_wins(s, self.full)

    def bit(self, col: int, row: int) -> int:
        return 1 << (col * self.stride + row)

    def column(self, square: int) -> int:
        """The column of a one-square mask."""
        return (square.bit_length() - 1) // self.stride

    def first_column(self, squares: int) -> int:
        """The column of `squares` (not empty) that comes first in `order`, centre first."""
        return min((self.column(b) for b in bits(squares)), key=self.order.index)


def bits(x: int):
    """The one-square masks of `x`, lowest first."""
    while x:
        low = x & -x
        yield low
        x ^= low


@lru_cache(maxsize=None)
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)


def has_four(stones: int, stride: int) -> bool:
    """True if `stones` hold four in a row in any of the four directions."""
    for d in (1, stride, stride - 1, stride + 1):   # vertical, horizontal, two diagonals
        m = stones & (stones >> d)
        if m & (m >> (2 * d)):
            return True
    return False


def four_bits(stones: int, stride: int) -> int:
    """Every stone that is part of some four in a row (0 if none)."""
    out = 0
    for d in (1, stride, stride - 1, stride + 1):
        m = stones & (stones >> d)
        starts = m & (m >> (2 * d))          # first cell of each run of four
        while starts:
            low = starts & -starts
            out |= low | (low << d) | (low << (2 * d)) | (low << (3 * d))
            starts ^= low
    return out


def _make_wins(s: int, full: int):
    """`wins(stones, mask)` for one board size, shifts baked in as constants (hot path)."""
    h1, h2, h3 = s, 2 * s, 3 * s              # horizontal
    a1, a2, a3 = s + 1, 2 * (s + 1), 3 * (s + 1)   # rising diagonal
    b1, b2, b3 = s - 1, 2 * (s - 1), 3 * (s - 1)   # falling diagonal

    def wins(p: int, mask: int) -> int:
        r = (p << 1) & (p << 2) & (p << 3)                      # three below
        x = (p << h1) & (p << h2)
        r |= x & ((p << h3) | (p >> h1))                        # three on one side / two + one
        x = (p >> h1) & (p >> h2)
        r |= x & ((p << h1) | (p >> h3))
        x = (p << a1) & (p << a2)
        r |= x & ((p << a3) | (p >> a1))
        x = (p >> a1) & (p >> a2)
        r |= x & ((p << a1) | (p >> a3))
        x = (p << b1) & (p << b2)
        r |= x & ((p << b3) | (p >> b1))
        x = (p >> b1) & (p >> b2)
        r |= x & ((p << b1) | (p >> b3))
        return r & (full ^ mask)

    return wins


def winning_squares(stones: int, mask: int, geo: Geometry) -> int:
    """Empty cells (playable now or not) that would complete a four for `stones`.

    Columns are stacked as in play, so a vertical four can only be completed on
    top of three stones."""
    return geo.wins(stones, mask)


class Board:
    """A game in progress. Player 0 moves first (the sphinx), player 1 second."""

    __slots__ = ("geo", "stones", "mask", "moves", "winner", "_heights")

    def __init__(self, width: int = 7, height: int = 7, moves=()):
        self.geo = geometry(width, height)
        self.stones = [0, 0]
        self.mask = 0
        self.moves: list[int] = []
        self.winner: int | None = None
        self._heights = [0] * width
        for col in moves:
            self.play(col)

    # --- reading ------------------------------------------------------
    @property
    def width(self) -> int:
        return self.geo.width

    @property
    def height(self) -> int:
        return self.geo.height

    @property
    def to_move(self) -> int:
        return len(self.moves) & 1

    @property
    def full(self) -> bool:
        return self.mask == self.geo.full

    @property
    def draw(self) -> bool:
        return self.winner is None and self.full

    @property
    def over(self) -> bool:
        return self.winner is not None or self.full

    def column_height(self, col: int) -> int:
        return self._heights[col]

    def can_play(self, col: int) -> bool:
        return (not self.over and isinstance(col, int) and 0 <= col < self.width
                and self._heights[col] < self.height)

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        h = self.height
        return [c for c in range(self.width) if self._heights[c] < h]

    def cell(self, col: int, row: int) -> int | None:
        """Owner of (col, row), row 0 at the bottom: 0, 1 or None."""
        b = self.geo.bit(col, row)
        if self.stones[0] & b:
            return 0
        if self.stones[1] & b:
            return 1
        return None

    def winning_cells(self) -> list[tuple[int, int]]:
        """The cells of every four in a row of the winner, as (col, row), sorted."""
        if self.winner is None:
            return []
        s = self.geo.stride
        squares = bits(four_bits(self.stones[self.winner], s))
        return sorted(divmod(square.bit_length() - 1, s) for square in squares)

    # --- changing -----------------------------------------------------
    def play(self, col: int) -> int:
        """Drop a stone for the side to move into `col`; returns the row it lands on."""
        if self.over:
            raise IllegalMove("the game is over")
        if not isinstance(col, int) or not 0 <= col < self.width:
            raise IllegalMove(f"no column {col}: columns are 0..{self.width - 1}")
        row = self._heights[col]
        if row >= self.height:
            raise IllegalMove(f"column {col} is full")
        player = self.to_move
        b = self.geo.bit(col, row)
        self.stones[player] |= b
        self.mask |= b
        self._heights[col] = row + 1
        self.moves.append(col)
        if has_four(self.stones[player], self.geo.stride):
            self.winner = player
        return row

    def undo(self) -> int:
        """Take back the last drop; returns its column."""
        col = self.moves.pop()
        row = self._heights[col] - 1
        b = self.geo.bit(col, row)
        self.stones[len(self.moves) & 1] &= ~b
        self.mask &= ~b
        self._heights[col] = row
        self.winner = None
        return col

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.geo = self.geo
        other.stones = list(self.stones)
        other.mask = self.mask
        other.moves = list(self.moves)
        other.winner = self.winner
        other._heights = list(self._heights)
        return other

    # --- search helpers -----------------------------------------------
    def side_bits(self) -> tuple[int, int]:
        """(stones of the side to move, all stones): the form the searches use."""
        return self.stones[self.to_move], self.mask

    def hash_fields(self):
        return (self.width, self.height, tuple(self.moves))

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height}, moves={''.join(str(c + 1) for c in self.moves)!r})"

    def render(self) -> str:
        """Text picture, top row first: X = first player, O = second, . empty."""
        rows = []
        for r in range(self.height - 1, -1, -1):
            cells = (self.cell(c, r) for c in range(self.width))
            rows.append("".join("." if v is None else "XO"[v] for v in cells))
        return "\n".join(rows)


def parse_moves(text: str, width: int = 7, height: int = 7) -> Board:
    """A board from 1-based column digits like '4453'; IllegalMove names the bad move."""
    board = Board(width, height)
    for i, ch in enumerate(text.strip()):
        if not ch.isdigit():
            raise IllegalMove(f"move {i + 1} is {ch!r}: MOVES are column digits 1..{width}")
        col = int(ch) - 1
        if board.over:
            raise IllegalMove(f"move {i + 1} ({ch}) comes after the game ended")
        if not 0 <= col < width:
            raise IllegalMove(f"move {i + 1} ({ch}) is out of range: columns are 1..{width}")
        if board.column_height(col) >= height:
            raise IllegalMove(f"move {i + 1} ({ch}) drops into a full column")
        board.play(col)
    return board
