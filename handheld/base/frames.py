"""Where input backends report presses, and how ticks are cut from them.

Backends (keyboard, evdev, GPIO) call `RawInput.press/release` as events
arrive. At the start of every tick the loop calls `FrameBuilder.sample`, which
turns what happened since the previous tick into an `InputFrame` and works out
menu key-repeat in ticks. Replays store the frames themselves, not these raw
masks: key-repeat depends on ticks a match never sees (pause, menus before it).
"""

from __future__ import annotations

from handheld.base.actions import DIRECTIONS, MAX_PLAYERS, InputFrame, PlayerInput

REPEAT_DELAY_TICKS = 15   # 250 ms before a held direction starts repeating
REPEAT_EVERY_TICKS = 5    # then 12 steps a second


class RawInput:
    """Accumulates presses between ticks. Several devices may drive one player:
    an action is held while any source holds it."""

    def __init__(self, players: int = MAX_PLAYERS):
        self._holders: list[dict[int, set]] = [dict() for _ in range(players)]  # per player: action bit -> sources
        self.held = [0] * players
        self.pressed = [0] * players
        self.released = [0] * players

    def press(self, player: int, action: int, source: object = None) -> None:
        if not 0 <= player < len(self.held):
            return
        for bit in _bits(action):
            holders = self._holders[player].setdefault(bit, set())
            if not holders:
                self.held[player] |= bit
                self.pressed[player] |= bit
            holders.add(source)

    def release(self, player: int, action: int, source: object = None) -> None:
        if not 0 <= player < len(self.held):
            return
        for bit in _bits(action):
            holders = self._holders[player].get(bit)
            if not holders:
                continue
            holders.discard(source)
            if not holders:
                self.held[player] &= ~bit
                self.released[player] |= bit

    def release_source(self, source: object) -> None:
        """Let go of everything one device held (it was unplugged)."""
        for player, table in enumerate(self._holders):
            for bit, holders in list(table.items()):
                if source in holders:
                    self.release(player, bit, source)

    def take(self) -> list[tuple[int, int, int]]:
        """(held, pressed, released) per player since the last take; clears the edges."""
        out = list(zip(self.held, self.pressed, self.released))
        self.pressed = [0] * len(self.held)
        self.released = [0] * len(self.held)
        return out


def _bits(mask: int):
    bit = 1
    while bit <= mask:
        if mask & bit:
            yield bit
        bit <<= 1


class FrameBuilder:
    """Turns raw per-tick masks into InputFrames with key-repeat counted in ticks."""

    def __init__(self, players: int = MAX_PLAYERS):
        self._held_for = [[0] * 8 for _ in range(players)]

    def step(self, raw: list[tuple[int, int, int]]) -> InputFrame:
        players = []
        for p, (held, pressed, released) in enumerate(raw):
            counters = self._held_for[p]
            repeat = pressed
            if not held:
                # nothing held: every counter restarts (cheap path for idle players)
                if any(counters):
                    counters[:] = _ZEROS
            else:
                for i in range(8):
                    bit = 1 << i
                    if held & bit and not pressed & bit:
                        counters[i] += 1
                        n = counters[i] - REPEAT_DELAY_TICKS
                        if bit & _DIRS and n >= 0 and n % REPEAT_EVERY_TICKS == 0:
                            repeat |= bit
                    else:
                        counters[i] = 0
            players.append(PlayerInput(held, pressed, released, repeat))
        while len(players) < MAX_PLAYERS:
            players.append(PlayerInput())
        return InputFrame(tuple(players))


_DIRS = int(DIRECTIONS)   # a plain int: IntFlag arithmetic is slow on the per-tick path
_ZEROS = [0] * 8
