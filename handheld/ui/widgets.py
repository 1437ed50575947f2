"""The furniture every screen shares: title line, play area, text window, menus.

    y 0..11    title line (game name left, status right)
    y 12..195  PLAY_RECT
    y 196..239 the text window: four lines of text (whose turn, the
               highlighted action, messages)
"""

from __future__ import annotations

import pygame

from handheld.base.actions import Action, PlayerInput
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, line_height

TITLE_H = 12
WINDOW_LINES = 4
WINDOW_H = WINDOW_LINES * line_height("normal") + 4
PLAY_RECT = pygame.Rect(0, TITLE_H, 320, 240 - TITLE_H - WINDOW_H)


def draw_title(surface, title: str, right_text: str = "", colour="gold") -> None:
    surface.fill(rgb("night"), (0, 0, 320, TITLE_H))
    draw_text(surface, 4, 3, title, colour)
    if right_text:
        draw_text(surface, 316, 3, right_text, "silver", align="right")


class TextWindow:
    """The bottom text window. Lines are strings or (string, colour) pairs."""

    rect = pygame.Rect(0, 240 - WINDOW_H, 320, WINDOW_H)

    def __init__(self, lines: int = WINDOW_LINES, rect: pygame.Rect | None = None):
        self.lines = lines
        if rect is not None:
            self.rect = rect

    def draw(self, surface, lines) -> None:
        r = self.rect
        surface.fill(rgb("ink"), r)
        pygame.draw.rect(surface, rgb("slate"), r, 1)
        lh = line_height("normal")
        for i, line in enumerate(list(lines)[: self.lines]):
            text, colour = (line, "white") if isinstance(line, str) else line
            draw_text(surface, r.x + 4, r.y + 3 + i * lh, text, colour)


class Menu:
    """A vertical list driven by the stick: up/down move (with repeat), FIRE
    selects, ALT goes back. Disabled items are shown dim and skipped."""

    def __init__(self, items: list[str], index: int = 0, disabled: set[int] | None = None,
                 spacing: int = 12):
        self.items = list(items)
        self.disabled = set(disabled or ())
        self.index = index
        self.spacing = spacing

    def move(self, step: int) -> None:
        n = len(self.items)
        for _ in range(n):
            self.index = (self.index + step) % n
            if self.index not in self.disabled:
                return

    def update(self, inp: PlayerInput) -> str | None:
        if inp.repeat & Action.UP:
            self.move(-1)
        elif inp.repeat & Action.DOWN:
            self.move(1)
        if inp.pressed & Action.FIRE and self.index not in self.disabled:
            return "select"
        if inp.pressed & Action.ALT:
            return "back"
        return None

    def draw(self, surface, x: int, y: int, colour="white", highlight="gold",
             align: str = "left") -> None:
        for i, item in enumerate(self.items):
            yy = y + i * self.spacing
            if i in self.disabled:
                draw_text(surface, x, yy, item, "slate", align=align)
            elif i == self.index:
                w = draw_text(surface, x, yy, item, highlight, align=align)
                left = x if align == "left" else x - w // 2 if align == "center" else x - w
                draw_text(surface, left - 9, yy, "\x04", highlight)
            else:
                draw_text(surface, x, yy, item, colour, align=align)


def draw_thinking(surface, x: int, y: int, tick: int, colour="gold") -> None:
    """A small three-dot indicator that shows the computer is working."""
    phase = (tick // 8) % 4
    for i in range(3):
        col = rgb(colour) if i < phase else rgb("slate")
        surface.fill(col, (x + i * 5, y, 3, 3))


def draw_panel(surface, rect, border="slate", fill="ink") -> None:
    surface.fill(rgb(fill), rect)
    pygame.draw.rect(surface, rgb(border), rect, 1)
