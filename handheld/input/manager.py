"""Collects every input source into one RawInput and cuts a frame per tick."""

from __future__ import annotations

from handheld.input.actions import InputFrame
from handheld.input.keyboard import keymap_by_code
from handheld.input.raw import FrameBuilder, RawInput

KEYBOARD = "keyboard"


class InputManager:
    def __init__(self, config=None, kiosk: bool = False):
        self.config = config
        self.kiosk = kiosk
        self.raw = RawInput()
        self.builder = FrameBuilder()
        self._keymap = None

    def handle_pygame_event(self, event) -> None:
        import pygame

        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return
        if self._keymap is None:
            self._keymap = keymap_by_code()
        target = self._keymap.get(event.key)
        if target is None:
            return
        player, action = target
        if event.type == pygame.KEYDOWN:
            self.raw.press(player, action, KEYBOARD)
        else:
            self.raw.release(player, action, KEYBOARD)

    def poll(self) -> None:
        """Read devices that are not pygame's (evdev, GPIO). None in this version."""

    def sample(self) -> tuple[InputFrame, list[tuple[int, int, int]]]:
        raw = self.raw.take()
        return self.builder.step(raw), raw

    def devices(self) -> list:
        return []

    def close(self) -> None:
        pass
