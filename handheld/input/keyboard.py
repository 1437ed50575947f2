"""Keyboard layout for pygame key events (window and kmsdrm displays).

The default is MAME's, which keyboard encoders such as the I-PAC ship with.
"""

from __future__ import annotations

from handheld.base.actions import Action

# pygame key name -> (player index, action)
MAME_LAYOUT: dict[str, tuple[int, Action]] = {
    "up": (0, Action.UP), "down": (0, Action.DOWN), "left": (0, Action.LEFT), "right": (0, Action.RIGHT),
    "left ctrl": (0, Action.FIRE), "left alt": (0, Action.ALT),
    "space": (0, Action.FIRE), "left shift": (0, Action.ALT),
    "1": (0, Action.START), "5": (0, Action.SELECT),
    "r": (1, Action.UP), "f": (1, Action.DOWN), "d": (1, Action.LEFT), "g": (1, Action.RIGHT),
    "a": (1, Action.FIRE), "s": (1, Action.ALT), "q": (1, Action.FIRE), "w": (1, Action.ALT),
    "2": (1, Action.START), "6": (1, Action.SELECT),
    # desktop conveniences for development
    "return": (0, Action.FIRE), "escape": (0, Action.START), "backspace": (0, Action.ALT),
}


def keymap_by_code(layout: dict[str, tuple[int, Action]] = MAME_LAYOUT) -> dict[int, tuple[int, Action]]:
    import pygame

    return {pygame.key.key_code(name): target for name, target in layout.items()}
