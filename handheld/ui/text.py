"""Drawing text with the cabinet's own pixel fonts (font_normal.txt, font_small.txt).

Text is upper case only, arcade style. Rendered lines are cached per
(text, colour, size), so drawing the same message every frame costs one blit.
"""

from __future__ import annotations

import os
from array import array
from collections import OrderedDict

import pygame

from handheld.ui.palette import rgb

# Cabinet symbols inside strings: f"{SYMBOLS['left']} MOVE"
SYMBOLS = {"up": "\x01", "down": "\x02", "left": "\x03", "right": "\x04",
           "dot": "\x05", "heart": "\x06", "diamond": "\x07"}

# size -> (file, glyph width, glyph height, advance, line height)
FONTS = {
    "normal": ("font_normal.txt", 5, 7, 6, 10),
    "small": ("font_small.txt", 3, 5, 4, 7),
}
_KEY = (255, 0, 254)  # transparent colour key: not in the palette
_CACHE_LIMIT = 1024

_glyph_rows: dict[str, dict[str, tuple[str, ...]]] = {}
_glyph_sheets: dict[str, tuple[pygame.Surface, dict[str, pygame.Rect]]] = {}
_inked_sheets: dict[tuple[str, tuple], tuple[pygame.Surface, dict[str, pygame.Rect]]] = {}
_line_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()


def load_font(size: str) -> dict[str, tuple[str, ...]]:
    """Glyph rows per character, parsed from the font's text source."""
    if size not in _glyph_rows:
        filename, w, h, _adv, _lh = FONTS[size]
        glyphs: dict[str, tuple[str, ...]] = {}
        with open(os.path.join(os.path.dirname(__file__), filename), encoding="utf-8") as fh:
            lines = [ln for ln in fh.read().splitlines() if ln and not ln.startswith("# ")]
        i = 0
        while i < len(lines):
            head = lines[i]
            if not head.startswith("glyph U+"):
                raise ValueError(f"{filename}: expected 'glyph U+XXXX', got {head!r}")
            ch = chr(int(head[8:], 16))
            rows = tuple(lines[i + 1:i + 1 + h])
            if len(rows) != h or any(len(r) != w for r in rows):
                raise ValueError(f"{filename}: glyph {head[6:]} is not {w}x{h}")
            glyphs[ch] = rows
            i += 1 + h
        _glyph_rows[size] = glyphs
    return _glyph_rows[size]


def line_height(size: str = "normal") -> int:
    return FONTS[size][4]


def advance(size: str = "normal") -> int:
    return FONTS[size][3]


def text_width(text: str, size: str = "normal") -> int:
    """Width in pixels of `text` drawn in `size` (no trailing gap)."""
    return max(len(text) * FONTS[size][3] - 1, 0)


def _glyph_sheet(size: str) -> tuple[pygame.Surface, dict[str, pygame.Rect]]:
    """Every glyph of a font side by side on one stencil: ink see-through (colour key
    black), the rest the transparent key colour; and where each glyph sits on it. Built
    once per font from its bytes: a set_at per pixel per colour was a tenth of the
    cabinet's start before its first frame."""
    if size not in _glyph_sheets:
        _file, w, h, _adv, _lh = FONTS[size]
        glyphs = load_font(size)
        width = w * len(glyphs)
        stencil = pygame.Surface((width, h), 0, 32)
        pixels = array("I", [stencil.map_rgb(_KEY)]) * (width * h)
        ink = stencil.map_rgb((0, 0, 0))
        places = {}
        for i, (ch, rows) in enumerate(glyphs.items()):
            for y, row in enumerate(rows):
                for x, c in enumerate(row):
                    if c == "#":
                        pixels[y * width + i * w + x] = ink
            places[ch] = pygame.Rect(i * w, 0, w, h)
        stencil.get_buffer().write(pixels.tobytes())
        stencil.set_colorkey((0, 0, 0))
        _glyph_sheets[size] = stencil, places
    return _glyph_sheets[size]


def _inked_sheet(size: str, colour: tuple) -> tuple[pygame.Surface, dict[str, pygame.Rect]]:
    """The font's glyphs in `colour` on the transparent key colour, and where each sits."""
    key = (size, colour)
    inked = _inked_sheets.get(key)
    if inked is None:
        stencil, places = _glyph_sheet(size)
        sheet = pygame.Surface(stencil.get_size(), 0, 32)
        sheet.fill(colour)
        sheet.blit(stencil, (0, 0))
        sheet.set_colorkey(_KEY)
        inked = _inked_sheets[key] = sheet, places
    return inked


def render(text: str, colour="white", size: str = "normal") -> pygame.Surface:
    """A transparent surface holding `text`; cached."""
    col = rgb(colour) if isinstance(colour, str) else tuple(colour)
    key = (text, col, size)
    surf = _line_cache.get(key)
    if surf is not None:
        _line_cache.move_to_end(key)
        return surf
    _file, _w, h, adv, _lh = FONTS[size]
    sheet, places = _inked_sheet(size, col)
    fallback = places["?"]
    surf = pygame.Surface((max(text_width(text, size), 1), h))
    surf.fill(_KEY)
    x = 0
    for ch in text.upper():
        surf.blit(sheet, (x, 0), places.get(ch, fallback))
        x += adv
    surf.set_colorkey(_KEY)
    _line_cache[key] = surf
    if len(_line_cache) > _CACHE_LIMIT:
        _line_cache.popitem(last=False)
    return surf


def draw_text(surface, x: int, y: int, text: str, colour="white", size: str = "normal",
              align: str = "left") -> int:
    """Draw `text` with its top at y; x is its left, centre or right edge per `align`.
    Returns the width drawn."""
    if not text:
        return 0
    img = render(text, colour, size)
    w = img.get_width()
    if align == "center":
        x -= w // 2
    elif align == "right":
        x -= w
    surface.blit(img, (x, y))
    return w


def wrap(text: str, width_px: int, size: str = "normal") -> list[str]:
    """Split text into lines that fit width_px, breaking at spaces."""
    per_line = max((width_px + 1) // FONTS[size][3], 1)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = f"{line} {word}" if line else word
            if len(candidate) <= per_line:
                line = candidate
            else:
                if line:
                    lines.append(line)
                while len(word) > per_line:
                    lines.append(word[:per_line])
                    word = word[per_line:]
                line = word
        lines.append(line)
    return lines
