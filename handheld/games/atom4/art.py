"""Atom-4's small pictures, drawn once per colour-aid setting and piece size
and cached: pieces, the cursor's corner brackets, the last move's marks,
legal-spot markers. The board view zooms (draw.py), so every picture is drawn
at any radius r."""

from __future__ import annotations

import math

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


def cursor_sprite(colour: str, r: int = R) -> pygame.Surface:
    """Four corner brackets of a square around a point, edged in black: square,
    so it never reads as a piece or a ring, and edged, so it shows where it
    crosses a neighbour of any colour (the pieces nearly touch)."""
    half = r + 3
    size = 2 * half + 1
    s = _blank(size, size)
    arm, width = max(4, r // 2 + 2), 1 if r < 8 else 2
    far = size - 1 - width                   # the far arms' first column/row, inside the edge
    for ink, grow in ((rgb("black"), 1), (rgb(colour), 0)):
        for x, y in ((1, 1), (far, 1), (1, far), (far, far)):
            ax = 1 if x == 1 else size - 1 - arm
            ay = 1 if y == 1 else size - 1 - arm
            s.fill(ink, pygame.Rect(ax, y, arm, width).inflate(2 * grow, 2 * grow))
            s.fill(ink, pygame.Rect(x, ay, width, arm).inflate(2 * grow, 2 * grow))
    return s


def dotted_ring(colour: str, r: int = R) -> pygame.Surface:
    """A ring of dots just outside a piece: the mark of a piece the last move
    changed. Dots, not a line, so it is told apart from the placed piece's ring."""
    radius = r + 2
    s = _blank(2 * radius + 2, 2 * radius + 2)
    dot = 2
    steps = 8 if r < 8 else 12
    for k in range(steps):
        a = 2 * math.pi * k / steps
        x = round(radius + radius * math.cos(a) - (dot - 1) / 2)
        y = round(radius + radius * math.sin(a) - (dot - 1) / 2)
        s.fill(rgb(colour), (x, y, dot, dot))
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
    aid: bool
    r: int
    pieces: list[pygame.Surface]        # by colour
    cursor_ok: pygame.Surface
    cursor_bad: pygame.Surface
    placed: pygame.Surface
    changed: pygame.Surface
    win: pygame.Surface
    hints: list[pygame.Surface]         # legal_marker by colour

    def __new__(cls, aid: bool, r: int = R):
        if (aid, r) not in cls._cache:
            self = super().__new__(cls)
            self.aid, self.r = aid, r
            self.pieces = [piece_sprite(c, aid, r) for c in range(8)]
            self.cursor_ok = cursor_sprite("gold", r)
            self.cursor_bad = cursor_sprite("danger", r)
            self.placed = ring_sprite("silver", r + 2)
            self.changed = dotted_ring("silver", r)
            self.win = ring_sprite("gold", r + 1)
            self.hints = [legal_marker(c, r) for c in range(8)]
            cls._cache[(aid, r)] = self
        return cls._cache[(aid, r)]
