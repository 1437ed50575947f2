"""Drawing the board: the partial-perspective diamond of 5x5 pads with
coloured edges, the spectrum row, wizards, cursors and effects.

Geometry: pad (row, col) has its centre at
    x = X0 + (row + col) * HW,   y = YM + (row - col) * HH
so row 0 runs along the top-left edge, column 0 along the bottom-left edge,
Red's corner (0,0) is the left point and Violet's (4,4) the right point. The
original's diagonal stick mapping falls out of it: Up (up-left on screen) is
row - 1, Down is row + 1, Right (up-right) is col + 1, Left is col - 1.

Everything static is drawn once into Surfaces: one sprite per (colour, lock
owner, colour-blind) pad, one per wizard, and the board layer, rebuilt only
when a shown pad changes.
"""

from __future__ import annotations

import pygame

from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

from . import rules as R

HW, HH, DEPTH = 22, 11, 4
X0, YM = 72, 82
SPECTRUM_Y = 170
COLOUR_KEYS = {R.RED: "red", R.YELLOW: "yellow", R.GREEN: "green", R.BLUE: "blue", R.VIOLET: "violet"}
EDGE_KEYS = {0: "grey", 1: "infrared", 2: "ultraviolet"}
SYMBOLS = {R.RED: "R", R.YELLOW: "Y", R.GREEN: "G", R.BLUE: "B", R.VIOLET: "V"}
_KEY = (255, 0, 254)   # transparent colour key, not a palette colour


def pad_centre(pos: int) -> tuple[int, int]:
    r, c = R.row_col(pos)
    return X0 + (r + c) * HW, YM + (r - c) * HH


def spectrum_centre(colour: int) -> tuple[int, int]:
    return 160 + (colour - 3) * 46, SPECTRUM_Y


def _rhombus(cx, cy, hw, hh):
    return [(cx - hw, cy), (cx, cy - hh), (cx + hw, cy), (cx, cy + hh)]


def make_pad(colour: int, lock: int, colour_blind: bool) -> pygame.Surface:
    """A pad seen in partial perspective: edge rim with depth, coloured top."""
    w, h = 2 * HW, 2 * HH + DEPTH + 1
    surf = pygame.Surface((w, h))
    surf.fill(_KEY)
    surf.set_colorkey(_KEY)
    cx, cy = HW, HH
    edge = rgb(EDGE_KEYS[lock])
    # depth: the lower half of the rhombus pushed down, in the edge colour, darkened by a line
    pygame.draw.polygon(surf, edge, [(0, cy), (cx, cy + HH), (w - 1, cy), (w - 1, cy + DEPTH),
                                     (cx, cy + HH + DEPTH), (0, cy + DEPTH)])
    pygame.draw.line(surf, rgb("night"), (cx, cy + HH), (cx, cy + HH + DEPTH))
    pygame.draw.polygon(surf, edge, _rhombus(cx, cy, HW - 1, HH))
    inset = 4 if lock else 3
    pygame.draw.polygon(surf, rgb(COLOUR_KEYS[colour]), _rhombus(cx, cy, HW - 1 - inset * 2, HH - inset))
    pygame.draw.polygon(surf, rgb("night"), _rhombus(cx, cy, HW - 1, HH), 1)
    if colour_blind:
        draw_text(surf, cx, cy - 3, SYMBOLS[colour], "black", size="small", align="center")
    return surf


def make_wizard(player: int) -> pygame.Surface:
    """A wizard in a pointed hat: 14x20, robe in the player's colour."""
    surf = pygame.Surface((14, 20))
    surf.fill(_KEY)
    surf.set_colorkey(_KEY)
    robe = rgb("red" if player == 0 else "violet")
    trim = rgb("white")
    # a dark halo first, so a wizard stands out on a pad of its own colour
    for dx, dy in ((-1, 0), (1, 0), (0, 1)):
        pygame.draw.polygon(surf, rgb("black"), [(7 + dx, 0 + dy), (11 + dx, 8 + dy), (3 + dx, 8 + dy)])
        pygame.draw.polygon(surf, rgb("black"), [(4 + dx, 12 + dy), (10 + dx, 12 + dy), (13 + dx, 19), (1 + dx, 19)])
    pygame.draw.polygon(surf, robe, [(7, 0), (11, 8), (3, 8)])          # hat
    pygame.draw.line(surf, trim, (2, 8), (12, 8))                       # brim
    surf.fill(rgb("silver"), (5, 9, 4, 3))                              # face
    pygame.draw.polygon(surf, robe, [(4, 12), (10, 12), (13, 19), (1, 19)])
    pygame.draw.polygon(surf, trim, [(7, 0), (11, 8), (3, 8)], 1)
    pygame.draw.polygon(surf, trim, [(4, 12), (10, 12), (13, 19), (1, 19)], 1)
    return surf


class BoardView:
    """Caches every sprite and the board layer; the scene says what to show."""

    def __init__(self, colour_blind: bool = False):
        self.colour_blind = bool(colour_blind)
        self.pads = {(c, k): make_pad(c, k, self.colour_blind) for c in range(1, 6) for k in range(3)}
        self.flash_pad = make_pad(R.YELLOW, 0, False)
        pygame.draw.polygon(self.flash_pad, rgb("flash"), _rhombus(HW, HH, HW - 7, HH - 3))
        self.wizards = (make_wizard(0), make_wizard(1))
        self.background = self._background()
        self.layer = pygame.Surface((320, 240 - 12 - 44))
        self._key: tuple | None = None

    def _background(self) -> pygame.Surface:
        bg = pygame.Surface((320, 240 - 12 - 44))
        bg.fill(rgb("ink"))
        # the spectrum row: five platforms just above the text window
        for colour in range(1, 6):
            x, y = spectrum_centre(colour)
            bg.blit(self.pads[(colour, 0)], (x - HW, y - HH - 12))
        draw_text(bg, 24, SPECTRUM_Y - 15, "RED", "red", size="small", align="center")
        draw_text(bg, 298, SPECTRUM_Y - 15, "VIOLET", "violet", size="small", align="center")
        return bg

    def board_layer(self, board, locks) -> pygame.Surface:
        """The background plus every pad, rebuilt only when a pad changes."""
        key = (tuple(board), tuple(locks))
        if key != self._key:
            self._key = key
            self.layer.blit(self.background, (0, 0))
            for pos in _DRAW_ORDER:
                x, y = pad_centre(pos)
                self.layer.blit(self.pads[(board[pos], locks[pos])], (x - HW, y - HH - 12))
        return self.layer

    # --- per-frame overlays (the play area starts at y = 12) --------------
    def draw_wizard(self, surface, player: int, x: int, y: int, lift: int = 0) -> None:
        surface.blit(self.wizards[player], (x - 7, y - 18 - lift))

    def draw_flash(self, surface, pos: int) -> None:
        x, y = pad_centre(pos)
        surface.blit(self.flash_pad, (x - HW, y - HH))

    def draw_cursor(self, surface, pos: int, tick: int, multicolour: bool) -> None:
        """A pulsing rhombus on the pad (Teleport's cursor runs through the spectrum)."""
        x, y = pad_centre(pos)
        if multicolour:
            colour = rgb(COLOUR_KEYS[(tick // 4) % 5 + 1])
        else:
            colour = rgb("white" if (tick // 8) % 2 else "gold")
        shrink = (tick // 6) % 3
        pygame.draw.polygon(surface, colour, _rhombus(x, y, HW - 3 - shrink * 2, HH - 2 - shrink), 2)

    def draw_beam(self, surface, pos: int, height: int, colour: str = "cyan") -> None:
        x, y = pad_centre(pos)
        surface.fill(rgb(colour), (x - 3, y - height, 7, height))
        surface.fill(rgb("white"), (x - 1, y - height, 3, height))

    def draw_spectrum_marker(self, surface, colour: int, tick: int) -> None:
        x, y = spectrum_centre(colour)
        if (tick // 10) % 2 == 0:
            pygame.draw.polygon(surface, rgb("white"), _rhombus(x, y, HW - 1, HH), 1)


# Back to front, so nearer pads' depth overlaps further ones.
_DRAW_ORDER = sorted(range(R.N), key=lambda p: (pad_centre(p)[1], pad_centre(p)[0]))
