#!/usr/bin/env python3
"""Build handheld/games/archon/art/icons.png from the text pixel grids.

    PYTHONPATH=. python assets/archon/build_sprites.py [--check]

Sources: assets/archon/icons.txt (a side and a front view per icon) and
legend.txt (letter -> palette name). The atlas has one row per icon in
handheld.games.archon.duel.stats.ALL_ICONS order and 32 cells of 16x16 per
row: direction d (0 = east, clockwise) x frame f (idle, walk, walk, attack)
at column d * 4 + f. --check rebuilds in memory and fails if the shipped PNG
differs (the test suite runs it too).
"""

from __future__ import annotations

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "handheld", "games", "archon", "art", "icons.png")
CELL = 16


def read_legend(path=os.path.join(HERE, "legend.txt")) -> dict:
    legend = {}
    for line in open(path):
        line = line.strip()
        if line and not line.startswith("#"):
            ch, name = line.split()
            legend[ch] = name
    return legend


def read_icons(path=os.path.join(HERE, "icons.txt")) -> dict:
    """name -> {"side": [16 str], "front": [16 str], "accent": ch, "back": ch}"""
    icons, cur, grid = {}, None, None
    for n, raw in enumerate(open(path), 1):
        line = raw.rstrip("\n")
        if grid is not None:
            if len(line) != CELL:
                raise ValueError(f"icons.txt:{n}: grid rows must be {CELL} chars: {line!r}")
            grid.append(line)
            if len(grid) == CELL:
                grid = None
            continue
        if not line.strip() or line.startswith("#"):
            continue
        key, _, val = line.partition(":")
        val = val.strip()
        if key == "icon":
            cur = icons[val] = {"accent": "w", "back": "w", "eye": "k"}
        elif key in ("side", "front"):
            grid = cur[key] = []
        elif key in ("accent", "back", "eye"):
            cur[key] = val
        else:
            raise ValueError(f"icons.txt:{n}: unknown line {line!r}")
    return icons


def _shift_rows(g, rows, dx):
    out = list(g)
    for r in rows:
        row = g[r]
        out[r] = ("." * dx + row[:CELL - dx]) if dx > 0 else (row[-dx:] + "." * -dx)
    return out


def _raise_half(g, left: bool):
    """Front-view step: lift one half of the legs (rows 11..15) by a pixel."""
    out = [list(r) for r in g]
    cols = range(0, 8) if left else range(8, CELL)
    for c in cols:
        for r in range(11, CELL):
            out[r - 1][c] = g[r][c] if g[r][c] != "." or r - 1 >= 11 else out[r - 1][c]
        out[CELL - 1][c] = "."
    return ["".join(r) for r in out]


def _stroke(g, accent, view):
    """Attack frame: a weapon stroke out of the body towards the facing."""
    out = [list(r) for r in g]
    if view == "side":
        for c in range(11, CELL):
            out[8][c] = accent
        out[7][CELL - 1] = out[9][CELL - 1] = accent
    elif view == "front":
        for r in range(11, CELL):
            out[r][12] = accent
        out[CELL - 1][11] = out[CELL - 1][13] = accent
    else:
        for r in range(0, 5):
            out[r][3] = accent
        out[0][2] = out[0][4] = accent
    return ["".join(r) for r in out]


def frames_for(icon: dict) -> list:
    """32 grids: direction-major, 4 frames each."""
    side = icon["side"]
    front = [r.replace("e", icon["eye"]) for r in icon["front"]]
    back = [r.replace("e", icon["back"]) for r in icon["front"]]
    views = {}
    for name, g in (("side", side), ("front", front), ("back", back)):
        if name == "side":
            walk = [_shift_rows(g, range(11, CELL), 1), _shift_rows(g, range(11, CELL), -1)]
        else:
            walk = [_raise_half(g, True), _raise_half(g, False)]
        views[name] = [g, walk[0], walk[1], _stroke(g, icon["accent"], name)]
    mirror = [[r[::-1] for r in g] for g in views["side"]]
    per_dir = [views["side"], views["side"], views["front"], mirror, mirror, mirror,
               views["back"], views["side"]]
    return [g for d in per_dir for g in d]


def build_surface(pygame):
    sys.path.insert(0, ROOT)
    from handheld.games.archon.duel.stats import ALL_ICONS
    from handheld.ui.palette import rgb

    legend = read_legend()
    icons = read_icons()
    missing = [i for i in ALL_ICONS if i not in icons]
    if missing:
        raise ValueError(f"icons.txt lacks: {', '.join(missing)}")
    surf = pygame.Surface((32 * CELL, len(ALL_ICONS) * CELL), pygame.SRCALPHA, 32)
    surf.fill((0, 0, 0, 0))
    for row, name in enumerate(ALL_ICONS):
        for col, g in enumerate(frames_for(icons[name])):
            for y, line in enumerate(g):
                for x, ch in enumerate(line):
                    if ch != ".":
                        r, gg, b = rgb(legend[ch])
                        surf.set_at((col * CELL + x, row * CELL + y), (r, gg, b, 255))
    return surf


def main(argv=None) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    argv = sys.argv[1:] if argv is None else argv
    surf = build_surface(pygame)
    if "--check" in argv:
        shipped = pygame.image.load(OUT)
        same = pygame.image.tostring(shipped, "RGBA") == pygame.image.tostring(surf, "RGBA")
        print("icons.png is up to date" if same else "icons.png differs: rebuild it")
        return 0 if same else 1
    pygame.image.save(surf, OUT)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
