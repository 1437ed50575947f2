"""Atom-4's small pictures, drawn once per colour-aid setting and piece size
and cached: pieces, cursor and flash rings, legal-spot markers. The board
view zooms (draw.py), so every picture is drawn at any radius r."""

from __future__ import annotations

import pygame

from handheld.ui.palette import rgb

R = 5                                # piece radius at the whole-lattice view: 11 px pieces
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


def piece_sprite(colour: int, aid: bool, r: int = R) -> pygame.Surface:
    s = _blank(2 * r + 1, 2 * r + 1)
    pygame.draw.circle(s, rgb(PIECE_COLOURS[colour]), (r, r), r)
    pygame.draw.circle(s, rgb("silver" if colour == 0 else "grey"), (r, r), r, 1)
    if aid:
        ink = rgb("black") if colour in (2, 3, 6, 7) else rgb("white")
        k, dot = (2 * r + 1) / 11, max(2, r * 2 // 5)     # the R=5 layout, scaled
        if colour == 0:
            pygame.draw.rect(s, ink, (round(3 * k), round(3 * k), round(5 * k), round(5 * k)), 1)
        for bit, (x, y) in _DOTS.items():
            if colour & bit:
                s.fill(ink, (round(x * k), round(y * k), dot, dot))
    return s


def ring_sprite(colour: str, radius: int = R + 1) -> pygame.Surface:
    s = _blank(2 * radius + 1, 2 * radius + 1)
    pygame.draw.circle(s, rgb(colour), (radius, radius), radius, 1 if radius < 9 else 2)
    return s


def legal_marker(colour: int, r: int = R) -> pygame.Surface:
    """Where the colour to play may go: a disc of that colour about 60% of a
    piece's size inside a dark ring, so it reads as "a spot", not a piece."""
    s = _blank(2 * r + 1, 2 * r + 1)
    inner = max(2, (r * 3 + 2) // 5 - 1)
    pygame.draw.circle(s, rgb("silver"), (r, r), inner + 2)
    pygame.draw.circle(s, rgb("black"), (r, r), inner + 1)
    pygame.draw.circle(s, rgb(PIECE_COLOURS[colour]), (r, r), inner)
    return s


class Sprites:
    """Every small image the screens blit, built once per colour-aid setting
    and piece radius."""

    _cache: dict = {}

    def __new__(cls, aid: bool, r: int = R):
        if (aid, r) not in cls._cache:
            self = super().__new__(cls)
            self.aid, self.r = aid, r
            self.pieces = [piece_sprite(c, aid, r) for c in range(8)]
            self.cursor_ok = ring_sprite("gold", r + 1)
            self.cursor_bad = ring_sprite("danger", r + 1)
            self.flash = ring_sprite("flash", r + 1)
            self.flash_in = _blank(2 * r + 1, 2 * r + 1)
            pygame.draw.circle(self.flash_in, rgb("flash"), (r, r), r - 2)
            self.win = ring_sprite("gold", r + 1)
            self.hints = [legal_marker(c, r) for c in range(8)]
            cls._cache[(aid, r)] = self
        return cls._cache[(aid, r)]
