"""Where the board sits on the 320 x 240 screen: squares, pieces and the slider.

Plain numbers (no pygame), because the match scene moves pieces in these
pixels and its state hash includes them; art.py and draw.py draw with them.
"""

from __future__ import annotations

CELL = 21          # pixels per board square
PIECE = 18         # piece sprite size
BOARD_TOP = 36     # y of the top row of holes
SLIDER_Y = 14      # y of the piece sliding along the top edge


def board_left(width: int) -> int:
    return (320 - width * CELL) // 2


def cell_xy(width: int, height: int, col: int, row: int) -> tuple[int, int]:
    """Top-left pixel of the piece sprite for (col, row), row 0 at the bottom."""
    x = board_left(width) + col * CELL + (CELL - PIECE) // 2
    y = BOARD_TOP + (height - 1 - row) * CELL + (CELL - PIECE) // 2
    return x, y


def slider_x(width: int, col: int) -> int:
    return board_left(width) + col * CELL + (CELL - PIECE) // 2
