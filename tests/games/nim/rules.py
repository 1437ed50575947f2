"""Nim as pure rules: a pile, two players, take 1-3, the last stone wins."""

from __future__ import annotations

from dataclasses import dataclass

MAX_TAKE = 3


@dataclass
class State:
    stones: int
    to_move: int = 0              # player 0 or 1
    winner: int | None = None

    def legal_moves(self) -> list[int]:
        return [] if self.winner is not None else list(range(1, min(MAX_TAKE, self.stones) + 1))

    def hash_fields(self):
        return (self.stones, self.to_move, self.winner)


def new_game(rng) -> State:
    return State(stones=rng.randint(13, 21))


def apply(state: State, take: int) -> State:
    if take not in state.legal_moves():
        raise ValueError(f"can't take {take} from {state.stones}")
    left = state.stones - take
    return State(left, 1 - state.to_move, state.to_move if left == 0 else None)
