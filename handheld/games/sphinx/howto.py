"""The Inscrutable Sphinx's instruction card: drop-four against the sphinx."""

from __future__ import annotations

from handheld.games.sphinx import art
from handheld.ui.howto import Panel, controls_picture
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

CELL = 18


def _column_picture(surface, rect, cells) -> None:
    """A small board: `cells` maps (col, row) -> 'sphinx' | 'pyramid', row 0 at the bottom."""
    left = rect.centerx - 3 * CELL - CELL // 2
    bottom = rect.bottom - 30
    surface.fill(rgb("shade_c"), (left - 3, bottom - 5 * CELL - 2, 7 * CELL + 6, 5 * CELL + 5))
    for col in range(7):
        for row in range(5):
            x, y = left + col * CELL, bottom - (row + 1) * CELL
            kind = cells.get((col, row))
            if kind:
                surface.blit(art.piece(kind), (x + 1, y + 1))
            else:
                surface.fill(rgb("ink"), (x + 4, y + 4, CELL - 8, CELL - 8))


def _goal(surface, rect) -> None:
    _column_picture(surface, rect, {(1, 0): "sphinx", (2, 1): "sphinx", (3, 2): "sphinx", (4, 3): "sphinx",
                                    (2, 0): "pyramid", (3, 0): "pyramid", (3, 1): "pyramid",
                                    (4, 0): "pyramid", (4, 1): "pyramid", (4, 2): "sphinx"})
    draw_text(surface, rect.centerx, rect.bottom - 18, "FOUR IN A ROW, ANY DIRECTION", "gold", align="center")


def _drop(surface, rect) -> None:
    _column_picture(surface, rect, {(3, 0): "pyramid", (3, 1): "sphinx"})
    x = rect.centerx - CELL // 2
    surface.blit(art.piece("sphinx"), (x + 1, rect.y + 2))
    draw_text(surface, x + CELL + 6, rect.y + 6, "FALLS TO THE LOWEST HOLE", "silver", "small")


CONTROLS = [("STICK", "SLIDE LEFT AND RIGHT"), ("FIRE", "DROP"), ("ALT", "HELP")]


PANELS = [
    Panel("THE GOAL", "LINE UP FOUR SPHINXES BEFORE THE COMPUTER LINES UP FOUR PYRAMIDS. "
          "A FULL BOARD IS A DRAW.", _goal),
    Panel("DROPPING", "SLIDE YOUR SPHINX ALONG THE TOP AND DROP IT: IT FALLS TO THE BOTTOM "
          "OF THE COLUMN. BLUNDER, AND THE SPHINX WILL PUNISH YOU.", _drop),
    Panel("CONTROLS", "THE 1987 PROGRAM IS THE DEFAULT OPPONENT; STRONG AND PROVER THINK FURTHER.",
          controls_picture(CONTROLS)),
]
