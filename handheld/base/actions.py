"""The eight actions every player has, and what one tick of input looks like.

A scene never sees a device: it gets an `InputFrame` per tick holding, for each
of up to four players, which actions are held, which were pressed or released
since the last tick (so a tap shorter than a tick still shows as pressed), and
which fired a menu key-repeat this tick.
"""

from __future__ import annotations

import enum
from typing import NamedTuple


class Action(enum.IntFlag):
    UP = 1
    DOWN = 2
    LEFT = 4
    RIGHT = 8
    FIRE = 16
    ALT = 32
    START = 64
    SELECT = 128  # coin / back / "insert coin" joins player 2


ALL_ACTIONS = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT,
               Action.FIRE, Action.ALT, Action.START, Action.SELECT)
DIRECTIONS = Action.UP | Action.DOWN | Action.LEFT | Action.RIGHT
BUTTONS = Action.FIRE | Action.ALT | Action.START | Action.SELECT
ALL_MASK = 0xFF
MAX_PLAYERS = 4


def action_name(action: int) -> str:
    """'FIRE' for FIRE (typeshed types a Flag's .name as optional, for values with no name)."""
    return str(Action(action).name)


# plain ints: `mask & Action.RIGHT` builds an IntFlag member each time, a quarter of
# the time a resume spends re-running Atom-4's cursor moves
_UP, _DOWN, _LEFT, _RIGHT = int(Action.UP), int(Action.DOWN), int(Action.LEFT), int(Action.RIGHT)


def _direction(mask: int) -> tuple[int, int]:
    dx = (1 if mask & _RIGHT else 0) - (1 if mask & _LEFT else 0)
    dy = (1 if mask & _DOWN else 0) - (1 if mask & _UP else 0)
    return dx, dy


class PlayerInput(NamedTuple):
    held: int = 0      # bitmask of Action held at the sample point
    pressed: int = 0   # went down since the previous tick (even if already up again)
    released: int = 0  # went up since the previous tick
    repeat: int = 0    # pressed, or auto-repeated while held (for menus and cursors)

    def is_held(self, action: Action) -> bool:
        return bool(self.held & action)

    def was_pressed(self, action: Action) -> bool:
        return bool(self.pressed & action)

    def was_released(self, action: Action) -> bool:
        return bool(self.released & action)

    def repeated(self, action: Action) -> bool:
        return bool(self.repeat & action)

    def stick(self) -> tuple[int, int]:
        """Held direction as (dx, dy) in {-1, 0, 1}; diagonals when two are held."""
        return _direction(self.held)

    def stick_repeat(self) -> tuple[int, int]:
        """Direction pressed or repeating this tick: for moving menu and board cursors."""
        return _direction(self.repeat)


IDLE = PlayerInput()


class InputFrame:
    """Every player's input at one tick."""

    __slots__ = ("players",)

    def __init__(self, players: tuple[PlayerInput, ...] = (IDLE,) * MAX_PLAYERS):
        self.players = players

    def __eq__(self, other) -> bool:
        return isinstance(other, InputFrame) and self.players == other.players

    def __hash__(self) -> int:
        return hash(self.players)

    def __repr__(self) -> str:
        return f"InputFrame({self.players!r})"

    def __getitem__(self, player: int) -> PlayerInput:
        """Player by index, 0 = P1. Players beyond the frame are idle."""
        return self.players[player] if 0 <= player < len(self.players) else IDLE

    def any_pressed(self, mask: int = ALL_MASK) -> bool:
        return any(p.pressed & mask for p in self.players)

    def any_repeat(self, mask: int = ALL_MASK) -> bool:
        return any(p.repeat & mask for p in self.players)

    def any_held(self, mask: int = ALL_MASK) -> bool:
        return any(p.held & mask for p in self.players)

    def merged(self) -> PlayerInput:
        """All players folded into one: for screens any player may drive (menus)."""
        h = p = r = rep = 0
        for pl in self.players:
            h |= pl.held
            p |= pl.pressed
            r |= pl.released
            rep |= pl.repeat
        return PlayerInput(h, p, r, rep)


EMPTY_FRAME = InputFrame()


def tapped(action: int) -> PlayerInput:
    """A player's input on the tick `action` goes down: held, pressed and repeated."""
    return PlayerInput(action, action, 0, action)


def frame_from_masks(*players: tuple[int, int, int, int] | PlayerInput) -> InputFrame:
    """Build a frame from (held, pressed, released, repeat) tuples: handy for tests and AIs."""
    out = []
    for p in players:
        out.append(p if isinstance(p, PlayerInput) else PlayerInput(*p))
    while len(out) < MAX_PLAYERS:
        out.append(IDLE)
    return InputFrame(tuple(out))
