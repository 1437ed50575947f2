"""Pictures for the Sphinx screens, drawn once into cached Surfaces.

Sphinx pieces are orange discs with a gold sphinx head (nemes headdress);
pyramid pieces are blue discs with a stepped gold pyramid, so the two differ
in shape as well as colour. The board is a sandstone slab with round holes.
"""

from __future__ import annotations

import pygame

from handheld.games.sphinx.layout import BOARD_TOP, CELL, PIECE, board_left, cell_xy
from handheld.ui.palette import rgb

_KEY = (255, 0, 254)

_cache: dict = {}


def _sprite() -> pygame.Surface:
    s = pygame.Surface((PIECE, PIECE))
    s.fill(_KEY)
    s.set_colorkey(_KEY)
    return s


def piece(kind: str, dim: bool = False) -> pygame.Surface:
    """'sphinx' or 'pyramid' sprite; `dim` is the ghost shown on a full column."""
    key = ("piece", kind, dim)
    if key in _cache:
        return _cache[key]
    s = _sprite()
    c = PIECE // 2
    if kind == "sphinx":
        disc, rim, mark = "orange", "light_side", "gold"
    else:
        disc, rim, mark = "blue", "dark_side", "gold"
    if dim:
        disc, rim, mark = "slate", "grey", "silver"
    pygame.draw.circle(s, rgb(rim), (c, c), c)
    pygame.draw.circle(s, rgb(disc), (c, c), c - 2)
    if kind == "sphinx":
        # headdress flaring down to the shoulders, a face, and a striped band
        pygame.draw.polygon(s, rgb(mark), [(6, 3), (11, 3), (14, 13), (3, 13)])
        s.fill(rgb("shade_c"), (7, 5, 4, 6))            # face
        s.fill(rgb("ink"), (7, 6, 1, 1))                 # eyes
        s.fill(rgb("ink"), (10, 6, 1, 1))
        s.fill(rgb(disc), (4, 10, 2, 1))                 # stripes on the nemes
        s.fill(rgb(disc), (12, 10, 2, 1))
        s.fill(rgb(mark), (5, 13, 8, 2))                 # chest
    else:
        for i, (w, y) in enumerate(((12, 12), (8, 9), (4, 6))):   # three steps
            s.fill(rgb(mark), (c - w // 2, y, w, 3))
            s.fill(rgb("shade_b"), (c - w // 2, y + 2, w, 1))
        s.fill(rgb("white"), (c - 1, 4, 2, 2))           # capstone
    _cache[key] = s
    return s


def ring(colour: str) -> pygame.Surface:
    """The highlight drawn round each of the winning four."""
    key = ("ring", colour)
    if key not in _cache:
        s = pygame.Surface((CELL, CELL))
        s.fill(_KEY)
        s.set_colorkey(_KEY)
        pygame.draw.rect(s, rgb(colour), (0, 0, CELL, CELL), 2)
        _cache[key] = s
    return _cache[key]


# night-sky stars, kept clear of the side panels' labels (x 0-80 and 240-320, y 36-128)
STARS = ((12, 20), (66, 22), (304, 18), (250, 24), (30, 140), (300, 132))


def board_surface(width: int, height: int, like: pygame.Surface) -> pygame.Surface:
    """The empty play area: night sky, dunes, and the sandstone board with holes."""
    key = ("board", width, height)
    if key in _cache:
        return _cache[key].copy()
    bg = pygame.Surface((320, 240), 0, like)
    bg.fill(rgb("ink"))
    for i, (x, y) in enumerate(STARS):
        bg.fill(rgb("silver" if i % 2 else "grey"), (x, y, 1, 1))
    pygame.draw.polygon(bg, rgb("shade_e"), [(0, 196), (0, 170), (40, 150), (80, 196)])
    pygame.draw.polygon(bg, rgb("shade_e"), [(240, 196), (285, 140), (320, 175), (320, 196)])
    left = board_left(width)
    slab = pygame.Rect(left - 4, BOARD_TOP - 3, width * CELL + 8, height * CELL + 6)
    bg.fill(rgb("shade_c"), slab)
    pygame.draw.rect(bg, rgb("shade_b"), slab, 1)
    bg.fill(rgb("shade_d"), (slab.x, slab.bottom - 2, slab.w, 2))
    for col in range(width):
        for row in range(height):
            x, y = cell_xy(width, height, col, row)
            pygame.draw.circle(bg, rgb("shade_e"), (x + PIECE // 2, y + PIECE // 2), PIECE // 2)
            pygame.draw.circle(bg, rgb("ink"), (x + PIECE // 2, y + PIECE // 2 + 1), PIECE // 2 - 1)
    # column numbers under the slab
    from handheld.ui.text import draw_text
    for col in range(width):
        x = left + col * CELL + CELL // 2
        draw_text(bg, x, slab.bottom + 1, str(col + 1), "shade_b", "small", align="center")
    _cache[key] = bg
    return bg.copy()
