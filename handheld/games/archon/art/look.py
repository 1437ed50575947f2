"""Board look: icon pictures, square geometry, the cached board layers.

Icon pictures come from the arena's sprite sheets (`art.sprites.icon_surface`)
when that package is present; `icon_picture` is the one place that decides.
"""

from __future__ import annotations

import pygame

from handheld.games.archon import board as B
from handheld.games.archon.icons import DARK, ICONS, LIGHT
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

BOARD_X, BOARD_Y, CELL = 70, 14, 20
SHADE_COLOURS = ("shade_a", "shade_b", "shade_c", "shade_d", "shade_e", "shade_f")
BOX_COLOUR: dict[str | None, str] = {LIGHT: "light_side", DARK: "dark_side"}
# Sprite directions run clockwise from east: 0 east, 2 south, 4 west, 6 north.
# Light starts on the left and faces east, Dark on the right faces west.
FACING: dict[str | None, int] = {LIGHT: 0, DARK: 4}
_pictures: dict[tuple[str, int, int], pygame.Surface] = {}
_marked: dict[tuple[str, str | None, int], pygame.Surface] = {}


def cell_xy(col: int, row: int) -> tuple[int, int]:
    """Top-left pixel of a cell; col may be -1 or 9 (the box waiting off the board)."""
    return BOARD_X + col * CELL, BOARD_Y + row * CELL


def square_xy(square: int) -> tuple[int, int]:
    return cell_xy(*B.col_row(square))


def _art_surface(icon: str, direction: int, frame: int):
    try:
        from handheld.games.archon.art.sprites import icon_surface
    except ImportError:
        return None
    return icon_surface(icon, direction=direction, frame=frame)


def _drawn_surface(icon: str) -> pygame.Surface:
    """Our own 16x16 token: a side-coloured disc with the icon's two-letter tag."""
    info = ICONS[icon]
    surf = pygame.Surface((16, 16), pygame.SRCALPHA)
    body = BOX_COLOUR.get(info.side, "violet")
    pygame.draw.circle(surf, rgb("black"), (8, 8), 8)
    pygame.draw.circle(surf, rgb(body), (8, 8), 7)
    draw_text(surf, 8, 5, info.short.upper(), "ink", size="small", align="center")
    return surf


def icon_picture(icon: str, direction: int = 0, frame: int = 0) -> pygame.Surface:
    key = (icon, direction, frame)
    pic = _pictures.get(key)
    if pic is None:
        pic = _art_surface(icon, direction, frame) or _drawn_surface(icon)
        _pictures[key] = pic
    return pic


class BoardLayers:
    """The board's squares for each cycle shade, built once and blitted."""

    def __init__(self):
        self._bg: dict[int, pygame.Surface] = {}

    def background(self, shade: int) -> pygame.Surface:
        surf = self._bg.get(shade)
        if surf is None:
            surf = pygame.Surface((CELL * B.SIZE + 2, CELL * B.SIZE + 2))
            surf.fill(rgb("slate"))
            for s in range(B.SIZE * B.SIZE):
                c, r = B.col_row(s)
                colour = rgb(SHADE_COLOURS[B.square_shade(s, shade)])
                surf.fill(colour, (1 + c * CELL, 1 + r * CELL, CELL, CELL))
            self._bg[shade] = surf
        return surf

    def draw(self, surface: pygame.Surface, shade: int, tick: int) -> None:
        surface.blit(self.background(shade), (BOARD_X - 1, BOARD_Y - 1))
        if (tick // 20) % 2 == 0:                       # blinking power points
            for s in B.POWER_POINTS:
                x, y = square_xy(s)
                pygame.draw.rect(surface, rgb("gold"), (x + 1, y + 1, CELL - 2, CELL - 2), 1)


def marked_picture(icon: str, side: str | None, frame: int = 0) -> pygame.Surface:
    """A CELL x CELL picture: the icon in its side view, ringed by a one-pixel
    outline in its side's colour and standing on its side's stand (a bar or
    spikes), so any icon's side reads at a glance on any square shade, also
    without colour."""
    key = (icon, side, frame)
    pic = _marked.get(key)
    if pic is None:
        sprite = icon_picture(icon, FACING.get(side, 4), frame)
        pic = pygame.Surface((CELL, CELL), pygame.SRCALPHA, 32)
        if side is not None and side in BOX_COLOUR:
            r, g, b = rgb(BOX_COLOUR[side])
            shape = sprite.copy()
            shape.fill((r, g, b, 0), special_flags=pygame.BLEND_RGBA_MAX)
            shape.fill((r, g, b, 255), special_flags=pygame.BLEND_RGBA_MIN)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                pic.blit(shape, (2 + dx, 1 + dy))
            pic.blit(stand_picture(side), (2, CELL - 5))
        pic.blit(sprite, (2, 1))
        _marked[key] = pic
    return pic


def stand_picture(side: str) -> pygame.Surface:
    """What an icon stands on, 16x5, a shape per side so colour is not the only
    cue: Light a flat bar, Dark three downward spikes."""
    key = ("stand", side, 0)
    pic = _marked.get(key)
    if pic is None:
        pic = _marked[key] = pygame.Surface((16, 5), pygame.SRCALPHA, 32)
        colour = rgb(BOX_COLOUR[side])
        if side == LIGHT:
            pic.fill(rgb("black"), (0, 1, 16, 4))
            pic.fill(colour, (1, 2, 14, 2))
        else:
            for x in (1, 6, 11):
                pygame.draw.polygon(pic, rgb("black"), [(x - 1, 0), (x + 5, 0), (x + 2, 4)])
                pygame.draw.polygon(pic, colour, [(x, 1), (x + 4, 1), (x + 2, 3)])
    return pic


def draw_icon(surface: pygame.Surface, icon: str, side: str | None, x: int, y: int, frame: int = 0) -> None:
    """Icon, marked with its side, in the cell whose top-left is (x, y)."""
    surface.blit(marked_picture(icon, side, frame), (x, y))


def draw_box(surface: pygame.Surface, side: str, x: int, y: int, colour: str | None = None) -> None:
    pygame.draw.rect(surface, rgb(colour or BOX_COLOUR[side]), (x, y, CELL, CELL), 2)


def draw_bars(surface: pygame.Surface, x: int, y: int) -> None:
    """Prison bars over an imprisoned icon."""
    for dx in (5, 10, 15):
        surface.fill(rgb("silver"), (x + dx, y + 2, 1, CELL - 4))
