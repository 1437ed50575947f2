"""The Spectral Sorcery board and state: colours, geometry, the standard and
random boards, and the integer State that `rules` plays on. Pure."""

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


class State:
    """Everything that decides the game, in integers (hashable, replayable)."""

    __slots__ = ("board", "locks", "wiz", "power", "adv", "first", "step",
                 "passes", "turn", "round", "save_power", "over", "winner",
                 "resigned", "turn_limit")

    def __init__(self, board, first: int = 0, save_power: bool = False, turn_limit: int = 0):
        self.board = list(board)          # colour per pad
        self.locks = [0] * N              # 0 none, 1 Red's lock, 2 Violet's lock
        self.wiz = [pos_of(0, 0), pos_of(4, 4)]
        self.power = [START_POWER, START_POWER]
        self.adv = [0, 0]
        self.first = first                # who acts first in every round
        self.step = 0                     # 0: first player's go in this round, 1: second's
        self.passes = 0                   # passes so far in this round
        self.turn = 1
        self.round = 1
        self.save_power = bool(save_power)
        self.over = False
        self.winner = None                # 0, 1 or None (draw / resignation)
        self.resigned = None              # player who resigned
        self.turn_limit = turn_limit      # 0: play on for ever (the original)

    @property
    def player(self) -> int:
        return self.first if self.step == 0 else 1 - self.first

    def copy(self) -> "State":
        s = State.__new__(State)
        s.board = self.board[:]
        s.locks = self.locks[:]
        s.wiz = self.wiz[:]
        s.power = self.power[:]
        s.adv = self.adv[:]
        for name in ("first", "step", "passes", "turn", "round", "save_power",
                     "over", "winner", "resigned", "turn_limit"):
            setattr(s, name, getattr(self, name))
        return s

    def hash_fields(self):
        return (self.board, self.locks, self.wiz, self.power, self.adv, self.first,
                self.step, self.passes, self.turn, self.round, self.save_power,
                self.over, self.winner, self.resigned, self.turn_limit)

    def count(self, colour: int) -> int:
        return self.board.count(colour)

    def lock_count(self, player: int) -> int:
        return self.locks.count(player + 1)


def standard_board() -> list[int]:
    return list(STANDARD_BOARD)


def random_board(rng) -> list[int]:
    """The standard board with squares 1..23 shuffled; the corners stay."""
    board = standard_board()
    middle = board[1:N - 1]
    rng.shuffle(middle)
    return [board[0]] + middle + [board[N - 1]]


def new_game(first: int = 0, board: str = "standard", save_power: bool = False,
             rng=None, turn_limit: int = 0) -> State:
    if board == "random":
        if rng is None:
            raise ValueError("a random board needs the match rng")
        pads = random_board(rng)
    elif board == "standard":
        pads = standard_board()
    else:
        raise ValueError(f"board must be 'standard' or 'random', not {board!r}")
    return State(pads, first=first, save_power=save_power, turn_limit=turn_limit)
