"""The 1987 computer: one look at every column's landing square, no lookahead.

As the COMPUTE! article describes it, for each column the program takes the
lowest empty square, scores it once as if its own marker went there and once
as if the human's did, ranks the square by the higher of the two scores and
plays the best-ranked square. The article gives the ingredients but not line
2880's numbers, so this is our reading of it (docs/sphinx.md repeats it):

For one side and one square, in each of the four directions (horizontal,
upward slant, vertical, downward slant):
  T  = like markers in an unbroken run touching the square, both ways along
       the line added up (the marker being placed is not counted);
  F1 = 1 if the square just past the run on one side is on the board and
       blank, else 0; S1 the same for the other side.
  T >= 3 (placing here makes four): FOUR points (see below);
  otherwise RUN[T] * (F1 + S1) with RUN = (1, 4, 16): a run boxed in at both
       ends is worth nothing, an open end doubles what a half-open run gets.
The square's score is the sum over the four directions. FOUR is 2000 when the
computer scores its own marker and 1000 for the human's, so both are "at
least 1000" as in the article and completing its own four outranks blocking
the human's. The article's loop keeps a square only when it outranks the best
so far, scanning the columns left to right, so a tie goes to the leftmost column
and the program never rolls a die.
"""

from __future__ import annotations

from handheld.games.sphinx.rules import Board

RUN = (1, 4, 16)
OWN_FOUR = 2000
BLOCK_FOUR = 1000
# (dc, dr): horizontal, upward slant, vertical, downward slant
LINES = ((1, 0), (1, 1), (0, 1), (1, -1))


def square_score(board: Board, col: int, row: int, player: int, four_points: int) -> int:
    """Points for `player`'s marker on the empty square (col, row)."""
    w, h = board.width, board.height
    total = 0
    for dc, dr in LINES:
        run = 0
        open_ends = 0
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < w and 0 <= r < h and board.cell(c, r) == player:
                run += 1
                c += sign * dc
                r += sign * dr
            if 0 <= c < w and 0 <= r < h and board.cell(c, r) is None:
                open_ends += 1
        total += four_points if run >= 3 else RUN[run] * open_ends
    return total


def column_ranks(board: Board) -> dict[int, int]:
    """Rank of every playable column for the side to move (the article's SQ.END loop)."""
    me = board.to_move
    them = 1 - me
    ranks = {}
    for col in board.legal_moves():
        row = board.column_height(col)
        own = square_score(board, col, row, me, OWN_FOUR)
        block = square_score(board, col, row, them, BLOCK_FOUR)
        ranks[col] = max(own, block)
    return ranks


def classic_move(board: Board, rng=None, budget=None) -> int:
    """The 1987 program's choice: the leftmost best-ranked column. `rng` and
    `budget` are unused (it neither rolls nor searches); they keep the
    interface every player has."""
    ranks = column_ranks(board)
    if not ranks:
        raise ValueError("no legal move: the game is over")
    best_col = None
    for col in sorted(ranks):
        if best_col is None or ranks[col] > ranks[best_col]:
            best_col = col
    assert best_col is not None          # ranks is not empty
    return best_col
