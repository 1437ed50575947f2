"""Archon's how-to-play card: the goal, the board controls, the duel and the
light cycle, each with a picture drawn from the game's own art."""

from __future__ import annotations

import pygame

from handheld.games.archon import board as B
from handheld.games.archon.art import sprites
from handheld.games.archon.art.look import BOX_COLOUR, CELL, SHADE_COLOURS, marked_picture, stand_picture
from handheld.games.archon.icons import DARK, LIGHT
from handheld.ui.howto import Panel
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

_big: dict = {}


def big(picture: pygame.Surface, scale: int) -> pygame.Surface:
    key = (id(picture), scale)
    surf = _big.get(key)
    if surf is None:
        w, h = picture.get_size()
        surf = _big[key] = pygame.transform.scale(picture, (w * scale, h * scale))
    return surf


def _square(surface, x, y, shade, scale=2):
    surface.fill(rgb(SHADE_COLOURS[shade]), (x, y, CELL * scale, CELL * scale))


def goal_picture(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cx, y = rect.centerx, rect.y + 14
    for i, (icon, side) in enumerate((("knight", LIGHT), ("unicorn", LIGHT), ("goblin", DARK), ("troll", DARK))):
        x = cx - 126 + i * 64 + (28 if side == DARK else 0)
        _square(surface, x, y, 1 if side == LIGHT else 4)
        surface.blit(big(marked_picture(icon, side), 2), (x, y))
    draw_text(surface, cx - 78, y + 46, "LIGHT", BOX_COLOUR[LIGHT], align="center")
    draw_text(surface, cx + 78, y + 46, "DARK", BOX_COLOUR[DARK], align="center")
    # the five power points: squares that blink gold
    py = y + 72
    for i in range(5):
        x = cx - 90 + i * 38
        _square(surface, x, py, 2, 1)
        pygame.draw.rect(surface, rgb("gold"), (x, py, CELL, CELL), 2)
    draw_text(surface, cx - 14, py + 26, "THE FIVE POWER POINTS", "gold", align="center")


def controls_picture(surface: pygame.Surface, rect: pygame.Rect) -> None:
    cx, y = rect.centerx, rect.y + 20
    for i in range(5):
        _square(surface, cx - 100 + i * 40, y, (1, 3)[i % 2])
    surface.blit(big(marked_picture("knight", LIGHT), 2), (cx - 100, y))
    pygame.draw.rect(surface, rgb(BOX_COLOUR[LIGHT]), (cx - 100, y, 40, 40), 3)
    for i in range(1, 4):
        surface.fill(rgb(BOX_COLOUR[LIGHT]), (cx - 100 + i * 40 + 16, y + 16, 8, 8))
    pygame.draw.rect(surface, rgb(BOX_COLOUR[LIGHT]), (cx + 60, y, 40, 40), 3)
    for x, key, verb in ((cx - 80, "1 FIRE", "CHOOSE"), (cx, "2 STICK", "MOVE"), (cx + 80, "3 FIRE", "LAND")):
        draw_text(surface, x, y + 46, key, "gold", align="center")
        draw_text(surface, x, y + 57, verb, "white", align="center")
    draw_text(surface, cx, y + 72, "YOUR BOX IS YOUR SIDE'S COLOUR", BOX_COLOUR[LIGHT], align="center")


def duel_picture(surface: pygame.Surface, rect: pygame.Rect) -> None:
    arena = pygame.Rect(rect.x + 20, rect.y + 14, rect.w - 40, 84)
    surface.fill(rgb("black"), arena)
    pygame.draw.rect(surface, rgb("shade_c"), arena.inflate(4, 4), 2)
    surface.blit(sprites.barrier_surface(0, 10), (arena.centerx - 8, arena.y + 8))
    surface.blit(sprites.barrier_surface(2, 10), (arena.centerx - 8, arena.bottom - 24))
    knight = big(sprites.icon_surface("knight", 0, 3), 3)
    manticore = big(sprites.icon_surface("manticore", 4, 3), 3)
    for x, side in ((arena.x + 16, LIGHT), (arena.right - 64, DARK)):
        surface.blit(big(stand_picture(side), 3), (x, arena.centery + 18))
    surface.blit(knight, (arena.x + 16, arena.centery - 24))
    surface.blit(manticore, (arena.right - 64, arena.centery - 24))
    shot = sprites.shot_surface("manticore", 12, 4, 4)
    surface.blit(big(shot, 2), (arena.right - 110, arena.centery - 4))
    draw_text(surface, arena.centerx, arena.bottom + 8, "HOLD FIRE + PUSH THE STICK = ATTACK", "gold",
              align="center")


def cycle_picture(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The six shades with their letters and what each adds to a fighter of each side."""
    cx, y = rect.centerx, rect.y + 14
    draw_text(surface, cx - 98, y + 44, "LIGHT", BOX_COLOUR[LIGHT], align="right")
    draw_text(surface, cx - 98, y + 56, "DARK", BOX_COLOUR[DARK], align="right")
    for i, colour in enumerate(SHADE_COLOURS):
        x = cx - 92 + i * 36
        surface.fill(rgb(colour), (x, y, 32, 30))
        pygame.draw.rect(surface, rgb("slate"), (x, y, 32, 30), 1)
        draw_text(surface, x + 16, y + 12, B.SHADES[i], "ink" if i < 3 else "silver", align="center")
        draw_text(surface, x + 16, y + 44, f"+{B.LIGHT_BONUS[i]}", BOX_COLOUR[LIGHT], align="center")
        draw_text(surface, x + 16, y + 56, f"+{B.DARK_BONUS[i]}", BOX_COLOUR[DARK], align="center")
    draw_text(surface, cx, y + 72, "IN THE ARENA: HP+BONUS, E.G. 5+7", "silver", align="center")
    draw_text(surface, cx, y + 84, "THE GAUGE: BOTTOM RIGHT", "silver", align="center")


PANELS = [
    Panel("THE GOAL", "LIGHT (ON FLAT BARS) FIGHTS DARK (ON SPIKES). WIN BY HOLDING ALL FIVE "
                      "BLINKING POWER POINTS, OR BY DESTROYING EVERY ENEMY ICON.", goal_picture),
    Panel("YOUR TURN", "MOVE THE BOX ONTO ONE OF YOUR ICONS, PRESS FIRE, STEER IT WITH THE "
                       "STICK AND PRESS FIRE TO LAND. YOUR MAGE CASTS SPELLS: FIRE ON ITS OWN SQUARE.",
          controls_picture),
    Panel("THE DUEL", "LANDING ON AN ENEMY STARTS A DUEL IN THE ARENA. WALK WITH THE STICK; "
                      "HOLD FIRE AND PUSH A DIRECTION TO ATTACK. HIDE BEHIND THE PULSING BLOCKS.",
          duel_picture),
    Panel("THE LIGHT CYCLE", "SHADES RUN FROM A (WHITE) TO F (BLACK); THE MIDDLE SQUARES CYCLE. "
                             "A DUEL'S SHADE ADDS HP, LOST FIRST: LIGHT GAINS ON LIGHT, DARK ON DARK.",
          cycle_picture),
]
