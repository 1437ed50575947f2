"""Nim's first screen: one or two players, FIRE starts, ALT goes back."""

from __future__ import annotations

from handheld.base.actions import Action
from handheld.base.scene import Scene
from handheld.ui.howto import open_how_to_play
from handheld.ui.palette import rgb
from handheld.ui.widgets import Menu, draw_title

HELP = "TAKE ONE TO THREE STONES. WHOEVER TAKES THE LAST ONE WINS."


class OptionsScene(Scene):
    def __init__(self, ctx, game):
        self.ctx, self.game = ctx, game
        self.menu = Menu(["1 PLAYER", "2 PLAYERS", "HOW TO PLAY"])

    def update(self, frame) -> None:
        inp = frame.merged()
        action = self.menu.update(inp)
        if action == "select" and self.menu.index == 2:
            open_how_to_play(self.ctx, self.game)
        elif action == "select":
            self.ctx.start_match(self.game, {"players": self.menu.index + 1})
        elif action == "back" or inp.was_pressed(Action.ALT):
            self.ctx.director.pop()

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "NIM")
        self.menu.draw(surface, 120, 90)
