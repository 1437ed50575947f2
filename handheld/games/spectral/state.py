"""The integer State of a Spectral Sorcery game that `rules` plays on, and a new
game's. Pure."""

from __future__ import annotations

from .board import N, START_POWER, pos_of, random_board, standard_board


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
        self.winner: int | None = None    # 0, 1 or None (draw / resignation)
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
