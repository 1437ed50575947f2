"""The Spectral Sorcery board: colours, powers, geometry, and the standard and
random layouts. Pure data and arithmetic; the State that `rules` plays on is in
state.py."""

from __future__ import annotations

RED, YELLOW, GREEN, BLUE, VIOLET = 1, 2, 3, 4, 5
COLOUR_NAMES = {RED: "RED", YELLOW: "YELLOW", GREEN: "GREEN", BLUE: "BLUE", VIOLET: "VIOLET"}
PLAYER_COLOUR = (RED, VIOLET)
PLAYER_NAMES = ("RED", "VIOLET")
SIZE = 5
N = SIZE * SIZE

STANDARD_BOARD = (
    RED, VIOLET, BLUE, GREEN, YELLOW,
    GREEN, YELLOW, RED, VIOLET, BLUE,
    VIOLET, BLUE, GREEN, YELLOW, RED,
    YELLOW, RED, VIOLET, BLUE, GREEN,
    BLUE, GREEN, YELLOW, RED, VIOLET,
)

START_POWER = 21
BASE_POWER = 16
MAX_POWER = 99
IGNITION = {"convert": 1, "teleport": 1, "lock": 1, "unlock": 1, "release": 1,
            "transmute": 9, "blitz": 16}
# Actions that, when they go through, leave the same player to choose again.
FREE_ACTIONS = ("unlock",)


def pos_of(row: int, col: int) -> int:
    return row * SIZE + col


def row_col(pos: int) -> tuple[int, int]:
    return divmod(pos, SIZE)


def distance(colour: int, player: int) -> int:
    """Tweaks a pad of `colour` needs to reach `player`'s colour (0..4)."""
    return colour - RED if player == 0 else VIOLET - colour


def step_toward(colour: int, player: int) -> int:
    """The colour one tweak closer to `player` (unchanged on their own colour)."""
    if player == 0:
        return colour - 1 if colour > RED else colour
    return colour + 1 if colour < VIOLET else colour


def _neighbours(pos: int, deltas) -> list[int]:
    r, c = row_col(pos)
    out = []
    for dr, dc in deltas:
        rr, cc = r + dr, c + dc
        if 0 <= rr < SIZE and 0 <= cc < SIZE:
            out.append(rr * SIZE + cc)
    return out


# Edge neighbours in the Blitz flood order: column-1, column+1, row-1, row+1.
_EDGE = ((0, -1), (0, 1), (-1, 0), (1, 0))
_DIAG = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_KING = _EDGE + _DIAG
EDGE_NEIGHBOURS = tuple(tuple(_neighbours(p, _EDGE)) for p in range(N))
DIAG_NEIGHBOURS = tuple(tuple(_neighbours(p, _DIAG)) for p in range(N))
KING_NEIGHBOURS = tuple(tuple(_neighbours(p, _KING)) for p in range(N))
# Transmute zone in tweak order: left, right, up, down, the diagonals, centre.
TRANSMUTE_ZONE = tuple(tuple(_neighbours(p, _KING + ((0, 0),))) for p in range(N))


def standard_board() -> list[int]:
    return list(STANDARD_BOARD)


def random_board(rng) -> list[int]:
    """The standard board with squares 1..23 shuffled; the corners stay."""
    board = standard_board()
    middle = board[1:N - 1]
    rng.shuffle(middle)
    return [board[0]] + middle + [board[N - 1]]
