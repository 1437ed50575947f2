"""How to play: the arcade "instruction card", a few illustrated panels per game.

A game lists its panels (goal, controls, one key rule) in its `howto.py` as
`Panel`s; `GAME.how_to_play()` returns them. `HowToScene` shows them: the
stick or FIRE pages, ALT leaves. In attract mode (`auto=True`) the panels turn
by themselves and the scene finishes after the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, wrap
from handheld.ui.widgets import PLAY_RECT, TextWindow, draw_title

# the picture sits in the play area above the text; the text window below holds the words
PICTURE_RECT = pygame.Rect(PLAY_RECT.x + 8, PLAY_RECT.y + 16, PLAY_RECT.w - 16, PLAY_RECT.h - 20)
AUTO_TICKS = 5 * 60          # attract mode: five seconds a panel


@dataclass(frozen=True)
class Panel:
    heading: str                                             # e.g. "THE GOAL"
    text: str                                                # wrapped into the text window (4 lines)
    picture: Callable[[pygame.Surface, pygame.Rect], None] | None = None   # draws into the rect


class HowToScene(Scene):
    def __init__(self, ctx, title: str, panels: list[Panel], auto: bool = False):
        if not panels:
            raise ValueError(f"{title}: a how-to-play card needs at least one panel")
        self.ctx, self.title, self.panels, self.auto = ctx, title, list(panels), auto
        self.index = 0
        self.age = 0
        self.finished = False
        self.window = TextWindow()

    def update(self, frame: InputFrame) -> None:
        self.age += 1
        if self.auto:
            if self.age >= AUTO_TICKS:
                self._turn(1)
            return
        inp = frame.merged()
        dx, _ = inp.stick_repeat()
        if inp.was_pressed(Action.ALT):
            self._leave()
        elif inp.was_pressed(Action.FIRE) or dx > 0:
            self._turn(1)
        elif dx < 0 and self.index > 0:
            self._turn(-1)

    def _turn(self, step: int) -> None:
        self.age = 0
        if self.index + step >= len(self.panels):
            self._leave()
        else:
            self.index += step

    def _leave(self) -> None:
        self.finished = True
        if not self.auto and self.ctx.director.top is self:
            self.ctx.director.pop()

    def draw(self, surface) -> None:
        panel = self.panels[self.index]
        surface.fill(rgb("ink"))
        draw_title(surface, f"HOW TO PLAY {self.title.upper()}", f"{self.index + 1}/{len(self.panels)}")
        draw_text(surface, 160, PLAY_RECT.y + 4, panel.heading, "gold", align="center")
        if panel.picture is not None:
            clip = surface.get_clip()
            surface.set_clip(PICTURE_RECT)
            panel.picture(surface, PICTURE_RECT)
            surface.set_clip(clip)
        lines = wrap(panel.text, self.window.rect.w - 8)[: self.window.lines - 1]
        hint = "FIRE: NEXT   ALT: BACK" if not self.auto else "PRESS FIRE TO PLAY"
        self.window.draw(surface, lines + [""] * (self.window.lines - 1 - len(lines)) + [(hint, "slate")])


def controls_picture(rows: list[tuple[str, str]]):
    """A panel picture that lists the controls: each button name in gold, what it does beside it."""
    def picture(surface, rect) -> None:
        for i, (button, what) in enumerate(rows):
            y = rect.y + 14 + i * 24
            draw_text(surface, rect.x + 70, y, button, "gold", align="right")
            draw_text(surface, rect.x + 82, y, what, "white")
    return picture


def open_how_to_play(ctx, game) -> HowToScene:
    """Push the game's card over the current screen (from its options or the menu)."""
    scene = HowToScene(ctx, game.title, game.how_to_play())
    ctx.director.push(scene)
    return scene


def text_lines_fit(panel: Panel, width_px: int = TextWindow.rect.w - 8) -> bool:
    """True when the panel's text fits the window above the hint line (for tests)."""
    return len(wrap(panel.text, width_px)) <= TextWindow().lines - 1
