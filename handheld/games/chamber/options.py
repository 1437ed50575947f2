"""The options screen: 2-4 seats, each human or computer (with its level)."""

from __future__ import annotations

from handheld.games.chamber import art
from handheld.games import levels
from handheld.games.chamber.ai import LEVELS, NUMBERS, level_of
from handheld.games.chamber.board import SUIT_NAMES
from handheld.games.chamber.rules import SEATS
from handheld.base.actions import Action
from handheld.base.scene import Scene
from handheld.ui.howto import open_how_to_play
from handheld.ui.palette import rgb
from handheld.ui.widgets import Menu, TextWindow, draw_title

CHOICES = (("human", 0),) + tuple(("cpu", n) for n in NUMBERS if level_of(n).in_menu)


def choice_label(seat) -> str:
    return "HUMAN" if seat[0] == "human" else f"COMPUTER {level_of(seat[1]).menu_text}"


class OptionsScene(Scene):
    def __init__(self, ctx, game):
        self.ctx, self.game = ctx, game
        self.players = 2
        # index into CHOICES per seat: the default computer (ADEPT, which a first game can beat)
        computer = CHOICES.index(("cpu", LEVELS.index(levels.default(LEVELS)) + 1))
        self.seat_choice = [0, computer, computer, computer]
        self.menu = Menu(self._labels(), spacing=14)
        self.window = TextWindow()

    def _labels(self):
        rows = [f"SORCERERS  \x03 {self.players} \x04"]
        for i, suit in enumerate(SEATS[self.players]):
            rows.append(f"{SUIT_NAMES[suit]:7} \x03 {choice_label(CHOICES[self.seat_choice[i]])} \x04")
        return rows + ["START", "HOW TO PLAY", "BACK"]

    def options(self) -> dict:
        return {"seats": [list(CHOICES[self.seat_choice[i]]) for i in range(self.players)]}

    def update(self, frame) -> None:
        inp = frame.merged()
        step = (1 if inp.repeat & Action.RIGHT else 0) - (1 if inp.repeat & Action.LEFT else 0)
        i = self.menu.index
        if step:
            if i == 0:
                self.players = min(4, max(2, self.players + step))
            elif 1 <= i <= self.players:
                self.seat_choice[i - 1] = (self.seat_choice[i - 1] + step) % len(CHOICES)
            self._refresh()
            return
        res = self.menu.update(inp)
        label = self.menu.items[self.menu.index]
        if res == "back" or (res == "select" and label == "BACK"):
            self.ctx.director.pop()
        elif res == "select" and label == "HOW TO PLAY":
            open_how_to_play(self.ctx, self.game)
        elif res == "select" and label == "START":
            self.ctx.audio.play("ui.select")
            self.ctx.start_match(self.game, self.options())
        elif res == "select" and 1 <= self.menu.index <= self.players:
            self.seat_choice[self.menu.index - 1] = (self.seat_choice[self.menu.index - 1] + 1) % len(CHOICES)
            self._refresh()
        elif res == "select" and self.menu.index == 0:
            self.players = 2 + (self.players - 1) % 3
            self._refresh()

    def _refresh(self):
        index = self.menu.index
        self.menu = Menu(self._labels(), spacing=14)
        self.menu.index = min(index, len(self.menu.items) - 1)

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, "SORCERER'S CHAMBER", "OPTIONS")
        self.menu.draw(surface, 40, 40)
        for i, suit in enumerate(SEATS[self.players]):
            surface.blit(art.suit_icon(suit, 10), (22, 40 + (i + 1) * 14 - 1))
        self.window.draw(surface, [
            ("2-4 SORCERERS, LAST ONE STANDING WINS", "gold"),
            "STICK UP/DOWN: CHOOSE  LEFT/RIGHT: CHANGE",
            "FIRE ON START: PLAY  ALT: BACK",
            ("SEVERAL HUMANS PASS THE CONTROLS", "grey"),
        ])
