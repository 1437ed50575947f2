"""Pictures for the chamber, drawn once into cached Surfaces: the board
background, suit symbols, orbs, sorcerers (pyramid stacks with a facing mark)
and time stones. Palette colours only."""

from __future__ import annotations

import pygame

from handheld.games.chamber.board import (
    DIRS, NSUITS, PORTAL_BASE, PORTAL_CORNERS, SIZE, is_centre, space_cells,
)
from handheld.ui.palette import rgb

CELL = 18
BX, BY = 4, 14                      # board's top-left on the screen
BOARD_PX = CELL * SIZE
SUIT_COLOURS = ("red", "silver", "green", "dark_side")   # suns, moons, crowns, arms
ORB_PX = 16                         # an orb nearly fills its 18-px space
_cache: dict = {}


def space_rect(space: int) -> pygame.Rect:
    """Screen rectangle of a space (a portal is 2x2 cells)."""
    cells = space_cells(space)
    r0, c0 = cells[0]
    w = CELL * (2 if space >= PORTAL_BASE else 1)
    return pygame.Rect(BX + c0 * CELL, BY + r0 * CELL, w, w)


def space_centre(space: int) -> tuple[int, int]:
    return space_rect(space).center


def _key_surface(w, h):
    s = pygame.Surface((w, h))
    s.fill((255, 0, 254))
    s.set_colorkey((255, 0, 254))
    return s


def suit_icon(suit: int, size: int = 8, colour: str | None = None) -> pygame.Surface:
    """Suns: a disc with rays; moons: a crescent; crowns: three points on a
    band; arms: a sword. Shapes differ, so colour is never the only cue."""
    key = ("icon", suit, size, colour)
    if key in _cache:
        return _cache[key]
    col = rgb(colour or SUIT_COLOURS[suit])
    s = _key_surface(size, size)
    m = size // 2
    if suit == 0:
        pygame.draw.circle(s, col, (m, m), max(size // 4, 1))
        for dx, dy in DIRS[::2]:
            s.set_at((m + dx * (m - 1), m + dy * (m - 1)), col)
        for dx, dy in DIRS[1::2]:
            s.set_at((m + dx * (m - 2), m + dy * (m - 2)), col)
    elif suit == 1:
        pygame.draw.circle(s, col, (m, m), m - 1)
        # the cut is at least 2 px over, or an 8-px moon thins to a slash
        pygame.draw.circle(s, (255, 0, 254), (m + max(size // 5, 2), m - (size >= 10)), m - 1)
    elif suit == 2:
        base = size - 2
        pygame.draw.rect(s, col, (1, base - 1, size - 2, 2))
        pygame.draw.polygon(s, col, [(1, base - 1), (1, 2), (m - 2, m), (m, 1),
                                     (m + 1, m), (size - 2, 2), (size - 2, base - 1)])
    else:
        pygame.draw.line(s, col, (m, 0), (m, size - 3))
        pygame.draw.line(s, col, (m - 2, size - 4), (m + 2, size - 4))
        pygame.draw.line(s, col, (m, size - 3), (m, size - 1))
        if size >= 10:
            pygame.draw.line(s, col, (m - 1, 1), (m - 1, size - 5))
    _cache[key] = s
    return s


def orb(suit: int) -> pygame.Surface:
    """A coin, suit side up (suit -1: face down): a near-black disc with a
    cream rim, so it stands out on the brown squares and its suit symbol
    keeps its own colour."""
    key = ("orb", suit)
    if key not in _cache:
        s = _key_surface(ORB_PX, ORB_PX)
        m = ORB_PX // 2
        pygame.draw.circle(s, rgb("black"), (m, m), m)
        pygame.draw.circle(s, rgb("shade_a") if suit >= 0 else rgb("grey"), (m, m), m - 1)
        pygame.draw.circle(s, rgb("ink") if suit >= 0 else rgb("slate"), (m, m), m - 2)
        if suit >= 0:
            s.blit(suit_icon(suit, 10), (m - 5, m - 5))
        _cache[key] = s
    return _cache[key]


def orb_mark() -> pygame.Surface:
    """The panel's small orb beside each sorcerer's count of orbs in hand."""
    key = ("orb_mark",)
    if key not in _cache:
        s = _key_surface(7, 7)
        pygame.draw.circle(s, rgb("shade_a"), (3, 3), 3)     # filled, so it never reads as a zero
        _cache[key] = s
    return _cache[key]


def sorcerer(suit: int, pyramids: int, facing: int, big: bool) -> pygame.Surface:
    """A stack of 1-3 pyramids in the suit's colour, with a facing pointer."""
    key = ("sorc", suit, pyramids, facing, big)
    if key in _cache:
        return _cache[key]
    size = CELL * 2 if big else CELL
    s = _key_surface(size, size)
    m = size // 2
    col, dark = rgb(SUIT_COLOURS[suit]), rgb("black")
    widths = (14, 10, 6) if not big else (22, 16, 10)
    step = 4 if not big else 7
    bottom = size - (3 if not big else 6)
    for i in range(pyramids):
        w = widths[i]
        y0 = bottom - i * step
        pts = [(m - w // 2, y0), (m + w // 2, y0), (m, y0 - step - 3)]
        pygame.draw.polygon(s, col, pts)
        pygame.draw.polygon(s, dark, pts, 1)
    pygame.draw.polygon(s, rgb("gold"), _arrowhead(m, facing, big))
    pygame.draw.polygon(s, dark, _arrowhead(m, facing, big), 1)
    _cache[key] = s
    return s


def _arrowhead(m: int, facing: int, big: bool) -> list[tuple[int, int]]:
    """A gold arrowhead at the sprite's edge, pointing the way the sorcerer
    faces: it reads as "zaps this way", not as a stray mark."""
    dr, dc = DIRS[facing]
    norm = (dr * dr + dc * dc) ** 0.5
    ux, uy = dc / norm, dr / norm
    length, half = (5, 4) if not big else (8, 6)
    reach = (m - 1) * (1.3 if dr and dc else 1)   # diagonals point into the empty corner
    tip = (m + ux * reach, m + uy * reach)
    base = (tip[0] - ux * length, tip[1] - uy * length)
    return [(round(tip[0]), round(tip[1])),
            (round(base[0] - uy * half), round(base[1] + ux * half)),
            (round(base[0] + uy * half), round(base[1] - ux * half))]


def time_stone(on: bool) -> pygame.Surface:
    key = ("stone", on)
    if key not in _cache:
        s = pygame.Surface((9, 9))
        s.fill(rgb("silver") if on else rgb("night"))
        pygame.draw.rect(s, rgb("grey") if on else rgb("slate"), (0, 0, 9, 9), 1)
        if on:
            for x, y in ((2, 2), (4, 4), (6, 6)):
                s.set_at((x, y), rgb("ink"))
        _cache[key] = s
    return _cache[key]


def board_background() -> pygame.Surface:
    """Grid, portals with their suit and the walled centre: drawn once."""
    if "board" in _cache:
        return _cache["board"]
    s = pygame.Surface((BOARD_PX, BOARD_PX))
    s.fill(rgb("shade_e"))
    for r in range(SIZE):
        for c in range(SIZE):
            shade = "shade_d" if (r + c) % 2 else "shade_e"
            s.fill(rgb(shade), (c * CELL, r * CELL, CELL, CELL))
    for p, (pr, pc) in enumerate(PORTAL_CORNERS):
        rect = pygame.Rect(pc * CELL, pr * CELL, CELL * 2, CELL * 2)
        s.fill(rgb("night"), rect)
        pygame.draw.rect(s, rgb(SUIT_COLOURS[p]), rect, 2)
        icon = suit_icon(p, 16, "slate")
        s.blit(icon, (rect.x + 10, rect.y + 10))
    centre = pygame.Rect(4 * CELL, 4 * CELL, CELL * 2, CELL * 2)
    s.fill(rgb("ink"), centre)
    pygame.draw.rect(s, rgb("grey"), centre, 2)
    pygame.draw.rect(s, rgb("slate"), (0, 0, BOARD_PX, BOARD_PX), 1)
    assert is_centre(4, 4)
    _cache["board"] = s
    return s


def pyramid_mark(suit: int) -> pygame.Surface:
    key = ("pmark", suit)
    if key not in _cache:
        s = _key_surface(7, 6)
        pygame.draw.polygon(s, rgb(SUIT_COLOURS[suit]), [(0, 5), (6, 5), (3, 0)])
        _cache[key] = s
    return _cache[key]


ALL_SUITS = tuple(range(NSUITS))
