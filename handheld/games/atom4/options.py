"""Atom-4's first screen: PLAYERS / SIDE / LEVEL / ROUNDS, with a help text per item."""

from __future__ import annotations

import pygame

from handheld.games import levels
from handheld.games.atom4 import ai
from handheld.games.atom4.art import Sprites
from handheld.games.atom4.match import DEFAULT_OPTIONS
from handheld.base.scene import Scene
from handheld.ui.howto import open_how_to_play
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import Menu, TextWindow, draw_title

LEVEL_CHOICES = levels.names(levels.in_menu(ai.LEVELS))     # "hard" is not offered: ai.LEVELS says why
HELP = {
    "PLAYERS": ["1: YOU AGAINST THE COMPUTER", "2: TWO PLAYERS, ONE STICK EACH"],
    "SIDE": ["WHITE (P1) PLAYS RED GREEN BLUE", "BLACK (P2) PLAYS YELLOW CYAN PURPLE"],
    "LEVEL": ["EASY LOOKS 2 MOVES AHEAD", "NORMAL SEES THREATS AND FORCED WINS"],
    "ROUNDS": ["SCORE ACROSS ROUNDS; EACH ROUND", "STARTS WITH THE NEXT COLOUR"],
    "START": ["PLACE A PIECE WHERE IT TOUCHES TWO", "TOUCHING PIECES; MIX COLOURS TO WIN"],
    "HOW": ["THE GOAL, HOW COLOURS MIX AND", "THE CONTROLS IN THREE PICTURES"],
}


class OptionsScene(Scene):
    """PLAYERS / SIDE / LEVEL / ROUNDS, changed with left-right or FIRE; START
    item begins the match; ALT leaves for the cabinet menu."""

    def __init__(self, ctx, game):
        self.ctx, self.game = ctx, game
        self.options = dict(DEFAULT_OPTIONS)
        saved = ctx.last_options.get("atom4")
        if saved:
            self.options.update(saved)
        self.menu = Menu(self._items())
        self.window = TextWindow()
        self.tick = 0
        self._cache_key = None
        self._cache = pygame.Surface((320, 240))
        self.sprites = None

    def _items(self) -> list[str]:
        o = self.options
        side = "WHITE (P1)" if o["human_side"] == 1 else "BLACK (P2)"
        return [f"PLAYERS   {o['players']}", f"SIDE      {side}", f"LEVEL     {levels.find(ai.LEVELS, o['level']).label}",
                f"ROUNDS    {o['rounds']}", "START", "HOW TO PLAY"]

    def _disabled(self) -> set:
        return {1, 2} if self.options["players"] == 2 else set()

    def _change(self, step: int) -> None:
        o, k = self.options, self.menu.index
        if k == 0:
            o["players"] = 2 if o["players"] == 1 else 1
        elif k == 1:
            o["human_side"] = 3 - o["human_side"]
        elif k == 2:
            o["level"] = LEVEL_CHOICES[(LEVEL_CHOICES.index(o["level"]) + step) % len(LEVEL_CHOICES)]
        elif k == 3:
            o["rounds"] = (1, 3, 5)[((1, 3, 5).index(o["rounds"]) + step) % 3]

    def update(self, frame) -> None:
        self.tick += 1
        inp = frame.merged()
        self.menu.disabled = self._disabled()
        action = self.menu.update(inp)
        dx, _ = inp.stick_repeat()
        if dx and self.menu.index < 4:
            self._change(dx)
        if action == "select":
            if self.menu.index == 4:
                self.ctx.start_match(self.game, dict(self.options))
            elif self.menu.index == 5:
                open_how_to_play(self.ctx, self.game)
            else:
                self._change(1)
        elif action == "back":
            self.ctx.back_to_menu()
        self.menu.items = self._items()

    def draw(self, surface) -> None:
        aid = bool(self.ctx.setting("display.colour_blind", False))
        key = (tuple(self.menu.items), self.menu.index, aid)
        if key != self._cache_key:
            self._cache_key = key
            s = self._cache
            s.fill(rgb("ink"))
            draw_title(s, "ATOM-4", "OPTIONS")
            self.menu.draw(s, 40, 40)
            draw_text(s, 40, 118, f"COLOUR BLIND {'ON' if aid else 'OFF'}  (CABINET SETTINGS)", "grey",
                      size="small")
            sp = Sprites(aid)
            for k, c in enumerate((1, 3, 2, 6, 4, 5, 0, 7)):
                s.blit(sp.pieces[c], (40 + k * 16, 132))
            item = self.menu.items[self.menu.index].split()[0]
            self.window.draw(s, [(HELP[item][0], "silver"), (HELP[item][1], "silver"),
                                 ("STICK CHANGE  FIRE OK  ALT BACK", "grey"), ""])
        surface.blit(self._cache, (0, 0))

