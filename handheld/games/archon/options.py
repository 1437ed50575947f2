"""The game options screen, as the seed lists it, driven by stick + FIRE.

Rows: play mode, sound, who moves first, computer level, practice duels and
the bestiary (the arena's screens, when present), BEGIN THE BATTLE and BACK
TO MENU, as on every game's first screen a HOW TO PLAY row. LEFT/RIGHT or
FIRE change a row; FIRE on BEGIN starts the match; ALT or FIRE on BACK TO
MENU leaves.
"""

from __future__ import annotations

from handheld.games import levels
from handheld.games.archon.ai import LEVELS
from handheld.games.archon.icons import DARK, LIGHT
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import Menu, TextWindow, draw_title

MODES = (("computer_light", "ONE PLAYER, COMPUTER LIGHT"),
         ("computer_dark", "ONE PLAYER, COMPUTER DARK"),
         ("two_players", "TWO PLAYERS, TWO STICKS"))
ORDERS = ((LIGHT, "LIGHT FIRST"), (DARK, "DARK FIRST"))
MENU_LEVELS = levels.in_menu(LEVELS)
CONTROLS = ["STICK: POINT   FIRE: CHOOSE", "ALT: BACK   START: PAUSE"]
WHO_PLAYS = {
    "computer_light": [("ONE PLAYER: YOU ARE DARK (BLUE, ON SPIKES),", "dark_side"),
                       ("THE COMPUTER PLAYS LIGHT (ORANGE, ON BARS)", "silver")],
    "computer_dark": [("ONE PLAYER: YOU ARE LIGHT (ORANGE, ON BARS),", "light_side"),
                      ("THE COMPUTER PLAYS DARK (BLUE, ON SPIKES)", "silver")],
    "two_players": [("TWO PLAYERS: STICK 1 PLAYS LIGHT,", "light_side"),
                    ("STICK 2 PLAYS DARK", "dark_side")],
}


class OptionsScene(Scene):
    def __init__(self, ctx, game):
        self.ctx, self.game = ctx, game
        self.mode, self.order = 1, 0
        self.level = levels.menu_index(LEVELS)
        self.menu = Menu(self._labels(), spacing=13)
        self.window = TextWindow()
        self.started: dict | None = None

    def sound_on(self) -> bool:
        return bool(self.ctx.setting("sound.enabled", True))

    def _labels(self) -> list[str]:
        rows = [MODES[self.mode][1], "SOUND ON" if self.sound_on() else "SOUND OFF",
                ORDERS[self.order][1], f"COMPUTER: {MENU_LEVELS[self.level].menu_text}"]
        return rows + ["PRACTICE DUEL", "BESTIARY", "BEGIN THE BATTLE", "HOW TO PLAY", "BACK TO MENU"]

    def options(self) -> dict:
        return {"mode": MODES[self.mode][0], "first": ORDERS[self.order][0], "level": MENU_LEVELS[self.level].name}

    def update(self, frame: InputFrame) -> None:
        inp = frame.merged()
        act = self.menu.update(inp)
        step = 1 if inp.repeat & Action.RIGHT else -1 if inp.repeat & Action.LEFT else 0
        if act == "select":
            step = step or 1
        label = self.menu.items[self.menu.index]
        i = self.menu.index
        if act == "back" or (act == "select" and label == "BACK TO MENU"):
            self.ctx.director.pop()
            return
        if act == "select" and label == "HOW TO PLAY":
            from handheld.ui.howto import open_how_to_play
            open_how_to_play(self.ctx, self.game)
            return
        if i == 0 and step:
            self.mode = (self.mode + step) % len(MODES)
        elif i == 1 and step:
            on = not self.sound_on()
            if self.ctx.settings is not None:
                self.ctx.settings.set("sound.enabled", on)
            self.ctx.audio.set_enabled(on)
        elif i == 2 and step:
            self.order = (self.order + step) % 2
        elif i == 3 and step:
            self.level = (self.level + step) % len(MENU_LEVELS)
        elif act == "select" and label == "PRACTICE DUEL":
            from handheld.games.archon.duel.practice import PracticeScene
            self.ctx.director.push(PracticeScene(self.ctx))
        elif act == "select" and label == "BESTIARY":
            from handheld.games.archon.duel.practice import BestiaryScene
            self.ctx.director.push(BestiaryScene(self.ctx))
        elif act == "select" and label == "BEGIN THE BATTLE":
            self.started = self.options()
            self.ctx.start_match(self.game, self.started)
        self.menu.items = self._labels()

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "ARCHON", "GAME OPTIONS")
        draw_text(surface, 160, 20, "POINT AT AN OPTION, PRESS FIRE", "silver", align="center")
        self.menu.draw(surface, 60, 34)
        self.window.draw(surface, CONTROLS + WHO_PLAYS[MODES[self.mode][0]])
