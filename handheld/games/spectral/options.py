"""Title screen -> options screen -> match, and the options screen's demo.

The original set its options with F1-F6; here the stick picks a line
(up/down) and changes it (left/right or FIRE), FIRE on START GAME begins.
60 s without input on the options screen starts a demo with the options as
set (both wizards computer-driven); any input during the demo comes back.
"""

from __future__ import annotations

from handheld.games import levels
from handheld.base.actions import ALL_MASK, Action
from handheld.base.scene import Scene
from handheld.ui.howto import open_how_to_play
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

from . import ai
from . import rules as R
from . import sounds
from .art import BoardView
from .match import DEFAULT_OPTIONS, MatchScene

WINDOW = TextWindow(4)

TITLE_TICKS = 100 * 60      # the title waits about 100 s, then shows the options
IDLE_TICKS = 60 * 60        # 60 s without input on the options screen: demo

MODE_NAMES = {"two": "TWO PLAYERS", "cpu_red": "COMPUTER RED", "cpu_violet": "COMPUTER VIOLET",
              "demo": "DEMO"}
ROWS = (
    ("PLAYERS", "mode", ("cpu_violet", "cpu_red", "two", "demo")),
    ("FIRST", "first", (0, 1)),
    ("BOARD", "board", ("standard", "random")),
    ("SAVE POWER", "save_power", (0, 1)),
    ("COMPUTER", "level", levels.names(levels.in_menu(ai.LEVELS))),
)
HELP = {
    "mode": "WHO PLAYS: P1 TAKES RED UNLESS THE COMPUTER DOES",
    "first": "WHICH WIZARD ACTS FIRST IN EVERY ROUND",
    "board": "THE 1988 LAYOUT, OR ITS MIDDLE 23 PADS SHUFFLED",
    "save_power": "KEEP UNSPENT POWER INTO THE NEXT TURN",
    "level": "CLASSIC: THE 1988 RULES. STRONG: LOOKS AHEAD",
    "start": "FIRE: PLAY   ALT: BACK",
    "howto": "FIRE: THE RULES IN THREE PICTURES",
}


def value_name(key: str, value) -> str:
    if key == "mode":
        return MODE_NAMES[value]
    if key == "first":
        return R.PLAYER_NAMES[value]
    if key == "save_power":
        return "ON" if value else "OFF"
    if key == "level":
        return levels.find(ai.LEVELS, value).menu_text
    return str(value).upper()


class TitleScene(Scene):
    def __init__(self, ctx, game):
        self.ctx, self.game = ctx, game
        self.ticks = 0
        self.view = BoardView(bool(ctx.setting("display.colour_blind", False)))

    def update(self, frame) -> None:
        self.ticks += 1
        inp = frame.merged()
        if inp.pressed & Action.ALT:
            self.ctx.back_to_menu()
        elif inp.pressed & (Action.FIRE | Action.START) or self.ticks >= TITLE_TICKS:
            self.ctx.director.replace(OptionsScene(self.ctx, self.game))

    def draw(self, surface) -> None:
        surface.blit(self.view.background, (0, 12))
        draw_title(surface, "SPECTRAL SORCERY")
        draw_text(surface, 160, 40, "SPECTRAL SORCERY", "gold", align="center")
        draw_text(surface, 160, 60, "AFTER JEFF MAKAIWI, ST-LOG 1988", "silver", align="center")
        draw_text(surface, 160, 84, "TURN EVERY PAD TO YOUR COLOUR", "white", align="center")
        self.view.draw_wizard(surface, 0, 110, 140, (self.ticks // 20) % 2 * 2)
        self.view.draw_wizard(surface, 1, 210, 140, (self.ticks // 20 + 1) % 2 * 2)
        self.view.draw_spectrum_marker(surface, (self.ticks // 15) % 5 + 1, 0)
        WINDOW.draw(surface, ["", ("PRESS FIRE", "gold") if (self.ticks // 30) % 2 == 0 else "",
                                     ("ALT: BACK TO THE MENU", "slate"), ""])


class OptionsScene(Scene):
    def __init__(self, ctx, game, options: dict | None = None):
        self.ctx, self.game = ctx, game
        self.options = dict(DEFAULT_OPTIONS, **(options or {}))
        self.index = len(ROWS)            # START GAME highlighted
        self.idle = 0
        sounds.register(ctx.audio)

    def enter(self) -> None:
        self.idle = 0

    def update(self, frame) -> None:
        inp = frame.merged()
        if inp.pressed & ALL_MASK or inp.held & ALL_MASK:
            self.idle = 0
        else:
            self.idle += 1
            if self.idle >= IDLE_TICKS:
                self.idle = 0
                self.ctx.director.push(DemoScene(self.ctx, self.game, self.options, self.ctx.seed))
                return
        n = len(ROWS) + 2                  # the option rows, START GAME, HOW TO PLAY
        if inp.repeat & Action.UP:
            self.index = (self.index - 1) % n
        elif inp.repeat & Action.DOWN:
            self.index = (self.index + 1) % n
        step = (1 if inp.repeat & Action.RIGHT else -1 if inp.repeat & Action.LEFT else 0)
        if self.index < len(ROWS):
            if inp.pressed & Action.FIRE:
                step = 1
            if step:
                _label, key, values = ROWS[self.index]
                i = values.index(self.options[key])
                self.options[key] = values[(i + step) % len(values)]
                self.ctx.audio.play("spectral.select")
        elif inp.pressed & Action.FIRE and self.index == len(ROWS):
            self.ctx.start_match(self.game, dict(self.options))
            return
        elif inp.pressed & Action.FIRE:
            open_how_to_play(self.ctx, self.game)
            return
        if inp.pressed & Action.ALT:
            self.ctx.back_to_menu()

    def draw(self, surface) -> None:
        draw_title(surface, "SPECTRAL SORCERY", "OPTIONS")
        surface.fill(rgb("ink"), (0, 12, 320, 184))
        y = 30
        for i, (label, key, _values) in enumerate(ROWS):
            hi = i == self.index
            draw_text(surface, 40, y, label, "gold" if hi else "silver")
            draw_text(surface, 150, y, value_name(key, self.options[key]), "white" if hi else "grey")
            if hi:
                draw_text(surface, 28, y, "\x04", "gold")
            y += 20
        for k, label in enumerate(("START GAME", "HOW TO PLAY")):
            hi = self.index == len(ROWS) + k
            ly = y + 12 + 16 * k
            draw_text(surface, 160, ly, label, "gold" if hi else "silver", align="center")
            if hi:
                draw_text(surface, 160 - len(label) * 4 - 12, ly, "\x04", "gold")
        key = ROWS[self.index][1] if self.index < len(ROWS) else ("start", "howto")[self.index - len(ROWS)]
        secs = (IDLE_TICKS - self.idle) // 60
        WINDOW.draw(surface, [("STICK: CHOOSE   FIRE: CHANGE", "slate"), (HELP[key], "silver"),
                                     "", (f"DEMO IN {secs} S" if secs < 10 else "", "slate")])


class DemoScene(Scene):
    """A computer-vs-computer match with the options as set; any input leaves."""

    def __init__(self, ctx, game, options: dict, seed: int):
        self.ctx = ctx
        self.match = MatchScene(ctx, seed, dict(options, mode="demo"))
        self.ticks = 0

    def update(self, frame) -> None:
        self.ticks += 1
        if frame.any_pressed() or self.match.finished:
            self.ctx.director.pop()
            return
        self.match.update(frame)

    def draw(self, surface) -> None:
        self.match.draw(surface)
        if (self.ticks // 40) % 2 == 0:
            draw_text(surface, 160, 16, "DEMO", "gold", align="center")
