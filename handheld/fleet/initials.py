"""Three-letter initials for the room's table ([fleet] initials = true): after a
human beats the computer, the winner may put initials on the result, the only
personal data the fleet ever carries. The stick's up/down turns the letter,
left/right moves between the three, FIRE is done, ALT skips; nobody touching
it for TIMEOUT_S keeps "---" (no initials), so a kiosk never stalls here."""

from __future__ import annotations

import string

import pygame

from handheld import TICK_HZ
from handheld.base.actions import Action, InputFrame
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import SYMBOLS, draw_text, render
from handheld.ui.widgets import draw_panel

TIMEOUT_S = 12              # below the shortest kiosk idle return (10 s of the match before it, and this)
UNSET = "-"
LETTERS = string.ascii_uppercase
PANEL = pygame.Rect(40, 34, 240, 128)
BIG = 3                     # the letters at three times the font's size


class InitialsScene(Scene):
    """Over the finished match; `done(initials or None)` is called once, when the
    winner is done, skips or walks away."""

    def __init__(self, ctx, done, below: Scene | None = None):
        self.ctx = ctx
        self.done = done
        self.below = below
        self.letters = [UNSET] * 3
        self.cursor = 0
        self.idle = 0
        self.tick = 0
        self.message = ""

    @property
    def initials(self) -> str:
        return "".join(self.letters)

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        inp = frame.merged()
        self.idle = 0 if inp.pressed or inp.held else self.idle + 1
        if self.idle >= TIMEOUT_S * TICK_HZ or inp.pressed & Action.ALT:
            self.finish(None)
            return
        if inp.repeat & (Action.UP | Action.DOWN):
            self._turn(1 if inp.repeat & Action.UP else -1)
        if inp.repeat & (Action.LEFT | Action.RIGHT):
            self.cursor = (self.cursor + (1 if inp.repeat & Action.RIGHT else -1)) % 3
        if inp.pressed & Action.FIRE:
            if UNSET not in self.letters:
                self.finish(self.initials)
            elif self.letters[self.cursor] != UNSET:
                self.cursor = self.letters.index(UNSET)
            else:
                self.message = "THREE LETTERS, OR ALT TO SKIP"
                self.ctx.audio.play("ui.refuse")

    def _turn(self, step: int) -> None:
        letter = self.letters[self.cursor]
        if letter == UNSET:
            self.letters[self.cursor] = LETTERS[0] if step > 0 else LETTERS[-1]
        else:
            self.letters[self.cursor] = LETTERS[(LETTERS.index(letter) + step) % len(LETTERS)]
        self.message = ""
        self.ctx.audio.play("ui.move")

    def finish(self, initials: str | None) -> None:
        if self.finished:
            return
        self.finished = True
        self.ctx.director.remove(self)
        self.done(initials)

    def draw(self, surface) -> None:
        if self.below is not None:
            self.below.draw(surface)
        draw_panel(surface, PANEL, border="gold", fill="night")
        x, y = PANEL.x, PANEL.y
        draw_text(surface, PANEL.centerx, y + 6, "YOU BEAT THE COMPUTER", "gold", align="center")
        draw_text(surface, PANEL.centerx, y + 17, "YOUR INITIALS FOR THE ROOM", "silver", align="center")
        glyph_w, glyph_h = 5 * BIG, 7 * BIG
        cell = glyph_w + 14
        left = PANEL.centerx - (3 * cell - 14) // 2
        top = y + 44
        for i, letter in enumerate(self.letters):
            img = render(letter, "white" if i == self.cursor else "silver" if letter != UNSET else "slate")
            img = pygame.transform.scale(img, (img.get_width() * BIG, img.get_height() * BIG))
            cx = left + i * cell
            surface.blit(img, (cx, top))
            if i == self.cursor:
                colour = rgb("gold") if (self.tick // 20) % 2 == 0 else rgb("orange")
                surface.fill(colour, (cx - 2, top + glyph_h + 3, glyph_w + 4, 2))
                draw_text(surface, cx + glyph_w // 2, top - 11, SYMBOLS["up"], "gold", align="center")
                draw_text(surface, cx + glyph_w // 2, top + glyph_h + 8, SYMBOLS["down"], "gold", align="center")
        seconds = max(0, TIMEOUT_S - self.idle // TICK_HZ)
        hint = self.message or "UP/DOWN LETTER  LEFT/RIGHT MOVE"
        draw_text(surface, PANEL.centerx, y + PANEL.height - 24, hint,
                  "danger" if self.message else "grey", align="center")
        draw_text(surface, x + 6, y + PANEL.height - 12, "FIRE OK   ALT SKIP", "grey")
        draw_text(surface, PANEL.right - 6, y + PANEL.height - 12, f"{seconds}", "slate", align="right")
