"""Archon's sprites as pygame Surfaces, built once and cached.

Icons come from icons.png (built from assets/archon by build_sprites.py):
`icon_surface(icon, direction, frame)` with direction 0..7 clockwise from east
(Light faces 0 on the board, Dark faces 4) and frame 0 idle, 1-2 walk,
3 attack. Shots, barriers and clouds are drawn here from palette colours.
Nothing is drawn per frame: every surface is made on first use and kept.
"""

from __future__ import annotations

import os

import pygame

from handheld.base import pngfile
from handheld.games.archon.duel import stats as S
from handheld.ui.palette import rgb

CELL = 16
ATLAS_PATH = os.path.join(os.path.dirname(__file__), "icons.png")
_cache: dict = {}

# Shot colours (main, highlight) per fighting type.
SHOT_COLOURS = {
    "unicorn": ("yellow", "white"), "wizard": ("orange", "yellow"), "archer": ("shade_c", "silver"),
    "golem": ("grey", "silver"), "valkyrie": ("silver", "gold"), "djinni": ("cyan", "white"),
    "knight": ("silver", "white"), "basilisk": ("red", "danger"), "sorceress": ("yellow", "cyan"),
    "manticore": ("red", "orange"), "troll": ("shade_d", "shade_b"), "dragon": ("orange", "red"),
    "goblin": ("shade_c", "shade_b"), "air_elemental": ("silver", "white"),
    "fire_elemental": ("red", "yellow"), "earth_elemental": ("shade_c", "shade_b"),
    "water_elemental": ("blue", "cyan"),
}
# Barrier kinds pulse through these 8 colours (phase // 2).
BARRIER_RAMPS = (
    ("night", "slate", "grey", "silver", "shade_b", "shade_a", "white", "flash"),
    ("infrared", "red", "danger", "orange", "light_side", "gold", "yellow", "flash"),
    ("ultraviolet", "blue", "dark_side", "violet", "purple", "cyan", "ok", "green"),
)


def _atlas() -> pygame.Surface:
    if "atlas" not in _cache:
        _cache["atlas"] = pngfile.load(ATLAS_PATH)
    return _cache["atlas"]


def icon_surface(icon: str, direction: int = 0, frame: int = 0) -> pygame.Surface:
    """The 16x16 transparent picture of `icon` facing `direction` (0..7)."""
    key = ("icon", icon, direction, frame)
    surf = _cache.get(key)
    if surf is None:
        row = S.ALL_ICONS.index(icon)
        col = (direction & 7) * 4 + (frame & 3)
        surf = pygame.Surface((CELL, CELL), pygame.SRCALPHA, 32)
        surf.blit(_atlas(), (0, 0), (col * CELL, row * CELL, CELL, CELL))
        _cache[key] = surf
    return surf


def tinted_icon(icon: str, direction: int, frame: int, colour: str) -> pygame.Surface:
    """The icon's silhouette in one colour (hit flash, death fade)."""
    key = ("tint", icon, direction, frame, colour)
    surf = _cache.get(key)
    if surf is None:
        surf = icon_surface(icon, direction, frame).copy()
        r, g, b = rgb(colour)
        surf.fill((r, g, b, 0), special_flags=pygame.BLEND_RGBA_MAX)
        surf.fill((r, g, b, 255), special_flags=pygame.BLEND_RGBA_MIN)
        _cache[key] = surf
    return surf


def shot_surface(ftype: str, w: int, h: int, direction: int, spin: int = 0) -> pygame.Surface:
    """A shot of size w x h flying in `direction`; spinning shots have 4 spin frames."""
    st = S.STATS[ftype]
    spin = spin & 3 if st.spinning else 0
    key = ("shot", ftype, w, h, direction, spin)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    main, hi = (rgb(c) for c in SHOT_COLOURS.get(ftype, ("white", "yellow")))
    surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    if st.spinning:
        pygame.draw.ellipse(surf, main, (0, 0, w, h))
        cx, cy = w // 2, h // 2
        # a spoke that turns a quarter each spin frame
        spoke = ((-1, 0), (-1, -1), (0, -1), (1, -1))[spin]
        for t in (-1, 1):
            px = cx + spoke[0] * t * max(1, w // 3)
            py = cy + spoke[1] * t * max(1, h // 3)
            pygame.draw.line(surf, hi, (cx, cy), (min(max(px, 0), w - 1), min(max(py, 0), h - 1)))
    elif w > 2 * h or h > 2 * w or w <= 2 or h <= 2:
        surf.fill(main)
        dx, dy = (1, 0) if w >= h else (0, 1)
        # bright tip at the leading end
        tip = 3
        if dx:
            x = w - tip if direction in (0, 1, 7) else 0
            surf.fill(hi, (x, 0, tip, h))
        else:
            y = h - tip if direction in (1, 2, 3) else 0
            surf.fill(hi, (0, y, w, tip))
    else:
        # diagonal or chunky shots: a streak from corner to corner
        from handheld.games.archon.duel.engine import DX, DY
        x0 = 0 if DX[direction] >= 0 else w - 1
        y0 = 0 if DY[direction] >= 0 else h - 1
        pygame.draw.line(surf, main, (x0, y0), (w - 1 - x0, h - 1 - y0), max(1, min(w, h) // 2))
        pygame.draw.circle(surf, hi, (w - 1 - x0, h - 1 - y0), max(1, min(w, h) // 3))
    _cache[key] = surf
    return surf


def barrier_surface(kind: int, phase: int) -> pygame.Surface:
    """A 16x16 barrier block of `kind` at `phase` (0..14): an outline when
    harmless, a checker when slowing, a textured block when solid."""
    key = ("barrier", kind, phase)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    col = rgb(BARRIER_RAMPS[kind][max(0, min(7, phase // 2))])
    dark = rgb("ink")
    surf = pygame.Surface((CELL, CELL), pygame.SRCALPHA, 32)
    if phase < 2:
        pygame.draw.rect(surf, col, (0, 0, CELL, CELL), 1)
    elif phase < 4:
        for y in range(CELL):
            for x in range((y & 1), CELL, 2):
                surf.set_at((x, y), col)
    else:
        surf.fill(col)
        if kind == 0:        # stone bricks
            for y in (4, 9, 14):
                pygame.draw.line(surf, dark, (0, y), (CELL - 1, y))
            for y, xs in ((0, (5, 12)), (5, (2, 9)), (10, (6, 13))):
                for x in xs:
                    pygame.draw.line(surf, dark, (x, y), (x, y + 3))
        elif kind == 1:      # flame tongues
            for x in range(1, CELL, 5):
                pygame.draw.line(surf, dark, (x, CELL - 1), (x + 2, 6))
        else:                # crystal facets
            pygame.draw.line(surf, dark, (0, 8), (8, 0))
            pygame.draw.line(surf, dark, (8, 15), (15, 8))
            pygame.draw.line(surf, dark, (4, 4), (11, 11))
    _cache[key] = surf
    return surf


def flame_surface(w: int, h: int, flicker: int) -> pygame.Surface:
    key = ("flame", w, h, flicker & 1)
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
        outer, mid, inner = ("red", "orange", "yellow") if flicker & 1 == 0 else \
            ("orange", "yellow", "flash")
        pygame.draw.ellipse(surf, rgb(outer), (0, 0, w, h))
        pygame.draw.ellipse(surf, rgb(mid), (w // 6, h // 6, w - w // 3, h - h // 3))
        pygame.draw.ellipse(surf, rgb(inner), (w // 3, h // 3, w - 2 * (w // 3),
                                               h - 2 * (h // 3)))
        surf.set_alpha(200)
        _cache[key] = surf
    return surf


def scream_surface(w: int, h: int, pulse: int) -> pygame.Surface:
    key = ("scream", w, h, pulse & 3)
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface((w, h), pygame.SRCALPHA, 32)
        p = pulse & 3
        for i in range(4):
            k = (i + p) % 4
            inset = k * 4
            colour = ("white", "cyan", "silver", "slate")[i]
            pygame.draw.ellipse(surf, rgb(colour), (inset * 2, inset, w - 4 * inset,
                                                    h - 2 * inset), 1)
        _cache[key] = surf
    return surf
