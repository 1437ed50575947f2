"""Atom-4's small pictures, drawn once per colour-aid setting and cached:
pieces, cursor and flash rings, legal-spot hints."""

from __future__ import annotations

import pygame

from handheld.ui.palette import rgb

R = 5                                # piece radius: 11 px pieces, 2 px apart
PIECE_COLOURS = ("black", "red", "green", "yellow", "blue", "purple", "cyan", "white")
TEXT_COLOURS = ("grey", "red", "green", "yellow", "blue", "purple", "cyan", "white")
_KEY = (255, 0, 254)                 # transparent colour key (not a palette colour)

# Colour-blind aid: every colour carries its own mark. Red, green and blue each
# own a dot (top, lower left, lower right), so a piece shows its RGB mix; black,
# which has none, shows a small hollow square instead.
_DOTS = {1: (5, 3), 2: (3, 6), 4: (7, 6)}


def _blank(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill(_KEY)
    s.set_colorkey(_KEY)
    return s


def piece_sprite(colour: int, aid: bool) -> pygame.Surface:
    s = _blank(2 * R + 1, 2 * R + 1)
    pygame.draw.circle(s, rgb(PIECE_COLOURS[colour]), (R, R), R)
    pygame.draw.circle(s, rgb("silver" if colour == 0 else "grey"), (R, R), R, 1)
    if aid:
        ink = rgb("black") if colour in (2, 3, 6, 7) else rgb("white")
        if colour == 0:
            pygame.draw.rect(s, ink, (3, 3, 5, 5), 1)
        for bit, (x, y) in _DOTS.items():
            if colour & bit:
                s.fill(ink, (x, y, 2, 2))
    return s


def ring_sprite(colour: str, radius: int = R + 1) -> pygame.Surface:
    s = _blank(2 * radius + 1, 2 * radius + 1)
    pygame.draw.circle(s, rgb(colour), (radius, radius), radius, 1)
    return s


class Sprites:
    """Every small image the screens blit, built once per colour-aid setting."""

    _cache: dict = {}

    def __new__(cls, aid: bool):
        if aid not in cls._cache:
            self = super().__new__(cls)
            self.aid = aid
            self.pieces = [piece_sprite(c, aid) for c in range(8)]
            self.cursor_ok = ring_sprite("gold")
            self.cursor_bad = ring_sprite("danger")
            self.flash = ring_sprite("flash")
            self.flash_in = _blank(2 * R + 1, 2 * R + 1)
            pygame.draw.circle(self.flash_in, rgb("flash"), (R, R), R - 2)
            self.win = ring_sprite("gold", R + 1)
            self.hints = []
            for c in range(8):
                h = _blank(5, 5)
                h.fill(rgb(PIECE_COLOURS[c]), (1, 1, 3, 3))
                pygame.draw.rect(h, rgb("grey"), (0, 0, 5, 5), 1)
                self.hints.append(h)
            cls._cache[aid] = self
        return cls._cache[aid]
