"""Attract mode: computer-vs-computer demos of the built games, in turn, until
someone touches the controls."""

from __future__ import annotations

import logging

from handheld import TICK_HZ
from handheld.games.registry import built_games
from handheld.input.actions import EMPTY_FRAME, InputFrame
from handheld.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

log = logging.getLogger("handheld.attract")


class AttractScene(Scene):
    def __init__(self, ctx, demo_seconds: int = 40, start_index: int = 0):
        self.ctx = ctx
        self.games = built_games()
        self.demo_ticks = demo_seconds * TICK_HZ
        self.index = start_index - 1
        self.demo = None
        self.demo_game = None
        self.age = 0
        self.tick = 0
        self.shown: list[str] = []
        self._next_demo()

    def _next_demo(self) -> None:
        self.age = 0
        self.demo = None
        for _ in range(len(self.games)):
            self.index = (self.index + 1) % len(self.games)
            game = self.games[self.index]
            self.ctx.seed += 1
            try:
                self.demo = game.demo_scene(self.ctx, self.ctx.seed)
            except NotImplementedError:
                continue
            self.demo_game = game
            self.shown.append(game.id)
            return

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        if frame.any_pressed() or frame.any_held():
            self.finished = True
            self.ctx.director.remove(self)
            return
        if self.demo is None:
            return
        self.demo.update(EMPTY_FRAME)
        self.age += 1
        if self.demo.finished or self.age >= self.demo_ticks:
            self._next_demo()

    def draw(self, surface) -> None:
        if self.demo is None:
            surface.fill(rgb("ink"))
            draw_text(surface, 160, 110, "HANDHELD", "gold", align="center")
        else:
            self.demo.draw(surface)
        if (self.tick // 40) % 2 == 0:
            surface.fill(rgb("ink"), (110, 0, 100, 11))
            draw_text(surface, 160, 2, "DEMO - PRESS FIRE", "gold", "small", align="center")
