"""The cabinet's own screens: title, game menu, settings, admin."""

from __future__ import annotations

import importlib

import pygame

from handheld import TICK_HZ, __version__
from handheld.games.registry import shown_games, shown_ids
from handheld.cabinet.menu_card import Miniature, demo_picture, players_text, record_lines
from handheld.base.records import GameRecord
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, render, wrap
from handheld.ui.widgets import Menu, TextWindow, draw_title

BUTTONS = Action.FIRE | Action.START | Action.SELECT


def _logo() -> pygame.Surface:
    img = render("HANDHELD", "gold")
    return pygame.transform.scale(img, (img.get_width() * 4, img.get_height() * 4))


def games_choice(ctx):
    """The cabinet.games setting: "all" (the default) or a list of ids."""
    return ctx.setting("cabinet.games", "all")


def games_shown(ctx) -> list:
    """The games this cabinet shows, loaded."""
    return shown_games(games_choice(ctx))


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
            draw_text(bg, 160, 100, f"{count_in_words(len(shown_ids(games_choice(self.ctx))[0]))} GAMES OF STRATEGY AND MAGIC", "silver", align="center")
            draw_text(bg, 160, 228, f"V{__version__}", "slate", "small", align="center")
            self.background = bg
        surface.blit(self.background, (0, 0))
        if (self.tick // 30) % 2 == 0:
            draw_text(surface, 160, 190, "PRESS FIRE", "white", align="center")


class MenuScene(Scene):
    """Pick a game: a card shows the highlighted game's demo, players, pitch and
    records; ALT on it opens its how-to-play. QUIT asks once more; kiosk mode
    has no QUIT. Games not built yet say so instead of starting."""

    is_cabinet_menu = True      # ctx.back_to_menu() returns here

    def __init__(self, ctx, highlight: str | None = None):
        self.ctx = ctx
        self.extra = (["LINK", "RECORDS"] + (["ROOM RECORDS"] if ctx.room is not None else []) + ["SETTINGS"]
                      + ([] if ctx.kiosk else ["QUIT"]))
        self.message = ""
        self.confirm_quit = False
        self.tick = 0
        self.miniature = Miniature(ctx)
        self.records: list = []
        self._list_games(highlight)

    def _list_games(self, highlight: str | None) -> None:
        self.choice = games_choice(self.ctx)
        self.games = games_shown(self.ctx)
        ids = [g.id for g in self.games]
        self.menu = Menu([g.title.upper() for g in self.games] + self.extra, spacing=13,
                         index=ids.index(highlight) if highlight in ids else 0)
        self._highlight_changed()

    @property
    def game(self):
        """The highlighted game, or None on LINK, RECORDS, SETTINGS or QUIT."""
        return self.games[self.menu.index] if self.menu.index < len(self.games) else None

    def enter(self) -> None:
        self._highlight_changed()     # records may have changed while a game was played

    def _highlight_changed(self) -> None:
        game = self.game
        self.miniature.show(game)
        records = self.ctx.records
        self.records = record_lines(records.of(game.id) if records else GameRecord()) if game and game.built else []
        if self.ctx.room is not None and self.records:      # in an event fleet: the room's best too
            from handheld.cabinet.room_table import room_best_line
            self.records.append(room_best_line(self.ctx.room, game))

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        if self.tick % TICK_HZ == 0 and games_choice(self.ctx) != self.choice:
            self._list_games(self.game.id if self.game else None)     # the fleet's operator changed it
        before = self.menu.index
        action = self.menu.update(frame.merged())
        if self.menu.index != before:
            self.message, self.confirm_quit = "", False
            self.ctx.audio.play("ui.move")
            self._highlight_changed()
        self.miniature.update(self.tick)
        if action == "back":
            if self.game is not None and self.game.built:
                self._how_to_play(self.game)
            else:
                self.ctx.director.pop()
            return
        if action != "select":
            return
        game = self.game
        if game is not None:
            if not game.built:
                self.message = f"{game.title.upper()}: COMING SOON"
                self.ctx.audio.play("ui.refuse")
                return
            self.ctx.audio.play("ui.select")
            self.ctx.director.push(game.start_scene(self.ctx))
        elif self.menu.items[self.menu.index] in OPENS:
            module, scene = OPENS[self.menu.items[self.menu.index]]
            self.ctx.audio.play("ui.select")
            self.ctx.director.push(getattr(importlib.import_module(module), scene)(self.ctx))
        elif self.confirm_quit:
            self.ctx.quit_requested = True
        else:
            self.confirm_quit = True
            self.message = "FIRE AGAIN TO QUIT"
            self.ctx.audio.play("ui.refuse")

    def _how_to_play(self, game) -> None:
        from handheld.ui.howto import HowToScene
        self.ctx.audio.play("ui.select")
        self.ctx.director.push(HowToScene(self.ctx, game.title, how_to_play_panels(game)))

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "HANDHELD", "KIOSK" if self.ctx.kiosk else "CHOOSE A GAME")
        self.menu.draw(surface, 14, 20)
        g = self.game
        if g is not None and g.built:
            self.miniature.draw(surface, CARD_X, 18)
            for i, (text, colour) in enumerate(self.records):
                draw_text(surface, CARD_X, 144 + i * 10, text, colour)
            about = (wrap(g.blurb.upper(), TextWindow.rect.width - 8) + ["", ""])[:2]
            lines = [(f"{g.title.upper()}  {players_text(g)}", "gold"), about[0], about[1],
                     (self.message, "danger") if self.message else ("FIRE PLAY   ALT HOW TO PLAY", "silver")]
        elif g is not None:
            lines = [(g.title.upper(), "gold"), "COMING SOON", "", self.message]
        elif self.menu.items[self.menu.index] in CARDS:
            title = self.menu.items[self.menu.index]
            lines = [(title, "gold"), *CARDS[title], ("FIRE OPENS", "silver")]
        else:
            lines = [("QUIT", "gold"), "LEAVE THE CABINET", "",
                     (self.message, "danger") if self.message else ("FIRE QUITS", "silver")]
        TextWindow().draw(surface, lines)


CARD_X = 154
# the screen each entry after the games opens: (module, scene), imported when it is chosen
OPENS = {
    "LINK": ("handheld.cabinet.link_screens", "LinkScene"),
    "RECORDS": ("handheld.cabinet.records_table", "RecordsScene"),
    "ROOM RECORDS": ("handheld.cabinet.room_table", "RoomScene"),
    "SETTINGS": ("handheld.cabinet.settings_scene", "SettingsScene"),
}
# what the text window says of the menu's entries that are not games
CARDS = {
    "LINK": ("TWO CABINETS, ONE MATCH: EACH PLAYER", "AT THEIR OWN SCREEN AND STICK"),
    "RECORDS": ("THIS CABINET'S WINS AND LOSSES", "AGAINST EACH COMPUTER LEVEL"),
    "ROOM RECORDS": ("THE BEST OF EVERY CABINET", "AT THIS EVENT"),
    "SETTINGS": ("SOUND, VOLUME, COLOUR BLIND, DEMO", "TIMING AND THE CONTROLS"),
}


def how_to_play_panels(game) -> list:
    """The game's instruction card, or one panel from its blurb until it has one."""
    from handheld.ui.howto import Panel
    panels = game.how_to_play()
    if panels:
        return panels
    return [Panel("THE GAME", f"{game.blurb.upper()}. {players_text(game)}.", demo_picture(game))]
