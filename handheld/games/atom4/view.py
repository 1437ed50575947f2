"""Atom-4 pixels: lattice geometry, piece sprites, the cached board layer.

The board layer is a Surface holding the background, the lattice, the pieces
and the legal-spot hints; after a move only the points that changed are
repainted. A frame blits it and adds a few small sprites (cursor, flashes).
"""

from __future__ import annotations

import pygame

from handheld.games.atom4.rules import CELLS, EMPTY, NEIGHBOURS, SIZE
from handheld.ui.palette import rgb

BOARD_POS = (4, 12)                 # board layer's top-left on the 320x240 screen
BOARD_W, BOARD_H = 218, 184
STEP_X, STEP_Y = 13, 11
R = 5                                # piece radius: 11 px pieces, 2 px apart
PIECE_COLOURS = ("black", "red", "green", "yellow", "blue", "purple", "cyan", "white")
TEXT_COLOURS = ("grey", "red", "green", "yellow", "blue", "purple", "cyan", "white")
_KEY = (255, 0, 254)                 # transparent colour key (not a palette colour)

# Colour-blind aid: every colour carries its own mark. Red, green and blue each
# own a dot (top, lower left, lower right), so a piece shows its RGB mix; black,
# which has none, shows a small hollow square instead.
_DOTS = {1: (5, 3), 2: (3, 6), 4: (7, 6)}


def point_xy(i: int) -> tuple[int, int]:
    """Centre of point i inside the board layer."""
    x, y = i % SIZE, i // SIZE
    return 7 + x * STEP_X + (6 if y & 1 else 0), 7 + y * STEP_Y


def screen_xy(i: int) -> tuple[int, int]:
    cx, cy = point_xy(i)
    return BOARD_POS[0] + cx, BOARD_POS[1] + cy


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


class BoardLayer:
    """The board as one cached Surface; `sync(board, legal, colour)` repaints
    only the points whose piece or hint changed since the last sync."""

    def __init__(self, sprites: Sprites):
        self.sprites = sprites
        self.background = pygame.Surface((BOARD_W, BOARD_H))
        bg = self.background
        bg.fill(rgb("night"))
        line = rgb("ink")
        for i in range(CELLS):
            a = point_xy(i)
            for n in NEIGHBOURS[i]:
                if n > i:
                    pygame.draw.line(bg, line, a, point_xy(n))
        for i in range(CELLS):
            x, y = point_xy(i)
            bg.fill(rgb("slate"), (x, y, 1, 1))
        self.surface = bg.copy()
        self.shown: list = [None] * CELLS   # what each point shows: colour, ("hint", c) or None

    def sync(self, board, legal, colour: int | None) -> int:
        """Repaint changed points; returns how many were repainted."""
        n = 0
        sp = self.sprites
        for i in range(CELLS):
            v = board[i]
            want = v if v != EMPTY else (("hint", colour) if colour is not None and i in legal else None)
            if want == self.shown[i]:
                continue
            self.shown[i] = want
            x, y = point_xy(i)
            area = pygame.Rect(x - R, y - R, 2 * R + 1, 2 * R + 1)
            self.surface.blit(self.background, area, area)
            if isinstance(want, int):
                self.surface.blit(sp.pieces[want], area)
            elif want is not None:
                self.surface.blit(sp.hints[want[1]], (x - 2, y - 2))
            n += 1
        return n
