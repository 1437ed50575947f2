"""What every display backend offers, and helpers they share."""

from __future__ import annotations

import pygame

from handheld import SCREEN_H, SCREEN_W

# The logical screen's pixel format: 32-bit XRGB, native byte order.
XRGB_MASKS = (0xFF0000, 0x00FF00, 0x0000FF, 0)


class DisplayError(RuntimeError):
    """A backend that was asked for cannot work; the message names the fix."""


def logical_surface() -> pygame.Surface:
    return pygame.Surface((SCREEN_W, SCREEN_H), 0, 32, XRGB_MASKS)


def fit_scale(out_w: int, out_h: int, src_w: int = SCREEN_W, src_h: int = SCREEN_H) -> int:
    """Largest whole-number scale at which the picture fits (at least 1)."""
    return max(1, min(out_w // src_w, out_h // src_h))


class Display:
    name = "base"
    #: whether pygame's event queue carries this display's keyboard
    has_pygame_events = False

    def present(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def events(self) -> list:
        return []

    def close(self) -> None:
        pass

    def describe(self) -> str:
        return self.name
