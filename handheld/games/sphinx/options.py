"""The options screen: who plays, how well, who goes first, how many rounds
(the options themselves are checked by `match.normalise`).
"""

from __future__ import annotations

import pygame

from handheld.games import levels
from handheld.games.sphinx import ai
from handheld.games.sphinx.match import ROUNDS
from handheld.games.sphinx.sounds import register as register_sounds
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.howto import open_how_to_play
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

# (key, label, values, value labels, help line)
ROWS = [
    ("mode", "PLAYERS", ("cpu", "two"), ("VS COMPUTER", "TWO PLAYERS"),
     "PLAY THE COMPUTER, OR A FRIEND ON THE OTHER STICK"),
    ("level", "COMPUTER", levels.names(levels.in_menu(ai.LEVELS)),
     tuple(level.menu_text for level in levels.in_menu(ai.LEVELS)),
     "CLASSIC: THE 1987 PROGRAM. STRONG: SEARCHES AHEAD. PROVER: SEARCHES, THEN PROVES THE ENDGAME"),
    ("first", "FIRST MOVE", ("you", "computer"), ("YOU", "COMPUTER"),
     "WHO DROPS FIRST IN ROUND 1; THEN IT ALTERNATES"),
    ("rounds", "ROUNDS", ROUNDS, ("ONE GAME", "BEST OF 3", "BEST OF 5"),
     "ONE GAME AS IN 1987, OR A MATCH TO WHOEVER WINS MOST"),
    ("start", "START", (None,), ("",), "FIRE TO START THE MATCH"),
    ("howto", "HOW TO PLAY", (None,), ("",), "FIRE: THE RULES IN THREE PICTURES"),
]
START_ROW = 4


class OptionsScene(Scene):
    """Stick up/down picks a row, left/right changes it, FIRE starts, ALT leaves."""

    def __init__(self, ctx, game=None):
        self.ctx = ctx
        self.game = game
        self.choice = {"mode": 0, "level": levels.menu_index(ai.LEVELS), "first": 0, "rounds": 0, "start": 0,
                       "howto": 0}
        self.row = START_ROW
        self.window = TextWindow()
        self.background = None
        register_sounds(ctx.audio)

    def options(self) -> dict:
        out = {key: values[self.choice[key]] for key, _l, values, _v, _h in ROWS if key not in ("start", "howto")}
        if out["mode"] == "two":
            out.pop("level")
            out["first"] = "sphinx"
        return out

    def _disabled(self, key: str) -> bool:
        return key in ("level", "first") and ROWS[0][2][self.choice["mode"]] == "two"

    def update(self, frame: InputFrame) -> None:
        inp = frame.merged()
        dx, dy = inp.stick_repeat()
        if dy:
            for _ in range(len(ROWS)):
                self.row = (self.row + dy) % len(ROWS)
                if not self._disabled(ROWS[self.row][0]):
                    break
        if dx:
            key, _l, values, _v, _h = ROWS[self.row]
            self.choice[key] = (self.choice[key] + dx) % len(values)
            self.ctx.audio.play("sphinx.slide")
        if dx or dy:
            return                      # a frame that moves does not also start or leave
        if inp.pressed & Action.FIRE:
            if ROWS[self.row][0] == "start":
                self.ctx.start_match(self.game, self.options())
            elif ROWS[self.row][0] == "howto":
                open_how_to_play(self.ctx, self.game)
            else:
                self.row = START_ROW
        elif inp.pressed & Action.ALT:
            self.ctx.director.pop()

    def draw(self, surface) -> None:
        if self.background is None:
            bg = pygame.Surface(surface.get_size(), 0, surface)
            bg.fill(rgb("ink"))
            draw_title(bg, "THE INSCRUTABLE SPHINX", "OPTIONS")
            from handheld.games.sphinx import art
            bg.blit(art.piece("sphinx"), (14, 40))
            bg.blit(art.piece("pyramid"), (288, 40))
            draw_text(bg, 160, 44, "FOUR IN A ROW ON THE GIZA PLATEAU", "shade_b", align="center")
            self.background = bg
        surface.blit(self.background, (0, 0))
        for i, (key, label, values, names, _h) in enumerate(ROWS):
            y = 78 + i * 20
            off = self._disabled(key)
            sel = i == self.row
            colour = "slate" if off else "gold" if sel else "white"
            if key in ("start", "howto"):
                draw_text(surface, 160, y + 6, label, colour, align="center")
                if sel:
                    draw_text(surface, 160 - len(label) * 4 - 12, y + 6, "\x04", "gold")
                continue
            draw_text(surface, 40, y, label, colour)
            shown = names[self.choice[key]]
            if key == "first" and off:
                shown = "SPHINX"
            if key == "level" and off:
                shown = "-"
            draw_text(surface, 280, y, ("\x03 " + shown + " \x04") if sel else shown, colour, align="right")
        help_line = ROWS[self.row][4]
        self.window.draw(surface, [("STICK: CHOOSE   FIRE: START   ALT: BACK", "silver")]
                         + _wrap(help_line))


def _wrap(text: str) -> list:
    from handheld.ui.text import wrap

    return wrap(text, 310)
