"""The cabinet's own screens: title, game menu, settings, admin."""

from __future__ import annotations

import pygame

from handheld import __version__
from handheld.games.registry import GAMES, all_games
from handheld.input.actions import Action, InputFrame
from handheld.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, render, wrap
from handheld.ui.widgets import Menu, TextWindow, draw_title

BUTTONS = Action.FIRE | Action.START | Action.SELECT


def _logo() -> pygame.Surface:
    img = render("HANDHELD", "gold")
    return pygame.transform.scale(img, (img.get_width() * 4, img.get_height() * 4))


def count_in_words(n: int) -> str:
    """How the title names the number of games: words up to twelve, then digits."""
    words = "NO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE".split()
    return words[n] if n < len(words) else str(n)


class TitleScene(Scene):
    """The first screen. FIRE or START opens the menu."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.tick = 0
        self.logo = _logo()
        self.background = None

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        if frame.any_pressed(BUTTONS):
            self.ctx.director.push(MenuScene(self.ctx))

    def draw(self, surface) -> None:
        if self.background is None:
            bg = pygame.Surface(surface.get_size(), 0, surface)
            bg.fill(rgb("ink"))
            for i, name in enumerate(("red", "orange", "yellow", "green", "cyan", "blue", "violet", "purple")):
                bg.fill(rgb(name), (0, 150 + i * 3, 320, 2))
            bg.blit(self.logo, ((320 - self.logo.get_width()) // 2, 60))
            draw_text(bg, 160, 100, f"{count_in_words(len(GAMES))} GAMES OF STRATEGY AND MAGIC", "silver", align="center")
            draw_text(bg, 160, 228, f"V{__version__}", "slate", "small", align="center")
            self.background = bg
        surface.blit(self.background, (0, 0))
        if (self.tick // 30) % 2 == 0:
            draw_text(surface, 160, 190, "PRESS FIRE", "white", align="center")


class MenuScene(Scene):
    """Pick a game. Games not built yet say so instead of starting."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.games = all_games()
        self.extra = ["SETTINGS"] + ([] if ctx.kiosk else ["QUIT"])
        self.menu = Menu([g.title.upper() for g in self.games] + self.extra, spacing=14)
        self.message = ""

    def update(self, frame: InputFrame) -> None:
        action = self.menu.update(frame.merged())
        if frame.any_repeat(Action.UP | Action.DOWN):
            self.message = ""
            self.ctx.audio.play("ui.move")
        if action == "back":
            self.ctx.director.pop()
            return
        if action != "select":
            return
        i = self.menu.index
        if i < len(self.games):
            game = self.games[i]
            if not game.built:
                self.message = f"{game.title.upper()}: COMING SOON"
                self.ctx.audio.play("ui.refuse")
                return
            self.ctx.audio.play("ui.select")
            self.ctx.director.push(game.start_scene(self.ctx))
        elif self.extra[i - len(self.games)] == "SETTINGS":
            from handheld.settings_scene import SettingsScene
            self.ctx.director.push(SettingsScene(self.ctx))
        else:
            self.ctx.quit_requested = True

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "HANDHELD", "KIOSK" if self.ctx.kiosk else "")
        self.menu.draw(surface, 60, 30)
        i = self.menu.index
        if i < len(self.games):
            g = self.games[i]
            players = (f"{g.min_players}-{g.max_players} PLAYERS" if g.max_players > g.min_players
                       else f"{g.max_players} PLAYERS")
            about = wrap(g.blurb.upper(), TextWindow.rect.width - 8) if g.built else ["COMING SOON"]
            about = (about + ["", ""])[:2]
            title = f"{g.title.upper()}  {players}" if g.built else g.title.upper()
            lines = [(title, "gold"), about[0], about[1], self.message or "FIRE PLAY   STICK CHOOSE"]
        else:
            lines = [(self.menu.items[i], "gold"), "", "", self.message or "FIRE SELECTS"]
        TextWindow().draw(surface, lines)
