"""Atom-4's instruction card: the goal, how colours mix, the controls."""

from __future__ import annotations

from handheld.games.atom4 import art
from handheld.ui.howto import Panel, controls_picture
from handheld.ui.text import draw_text

BLACK, RED, GREEN, YELLOW, BLUE, PURPLE, CYAN, WHITE = range(8)
NAMES = ("BLACK", "RED", "GREEN", "YELLOW", "BLUE", "PURPLE", "CYAN", "WHITE")


def _pieces(surface, x, y, colours, gap=16) -> None:
    for i, colour in enumerate(colours):
        surface.blit(art.piece_sprite(colour, False), (x + i * gap, y))


def _goal(surface, rect) -> None:
    _pieces(surface, rect.centerx - 32, rect.y + 20, (WHITE,) * 4)
    draw_text(surface, rect.centerx, rect.y + 38, "WHITE: FOUR WHITES IN A ROW", "white", align="center")
    _pieces(surface, rect.centerx - 32, rect.y + 70, (BLACK,) * 4)
    draw_text(surface, rect.centerx, rect.y + 88, "BLACK: FOUR BLACKS IN A ROW", "grey", align="center")


def _mixing(surface, rect) -> None:
    sums = [((RED, GREEN), YELLOW, "+"), ((GREEN, BLUE), CYAN, "+"), ((CYAN, PURPLE), BLUE, "x")]
    for i, ((a, b), c, sign) in enumerate(sums):
        y = rect.y + 12 + i * 30
        x = rect.centerx - 76
        _pieces(surface, x, y, (a,))
        draw_text(surface, x + 16, y + 2, "NEXT TO", "silver", "small")
        _pieces(surface, x + 50, y, (b,))
        draw_text(surface, x + 68, y + 2, "->", "silver")
        _pieces(surface, x + 90, y, (c,))
        draw_text(surface, x + 108, y + 2, NAMES[c], art.TEXT_COLOURS[c], "small")
    draw_text(surface, rect.centerx, rect.bottom - 20, "WHITE ADDS LIGHT, BLACK TAKES IT AWAY", "silver",
              "small", align="center")


CONTROLS = [("STICK", "MOVE THE CURSOR"), ("FIRE", "PLACE YOUR PIECE"), ("ALT", "A HINT")]


PANELS = [
    Panel("THE GOAL", "WHITE PLAYS RED, GREEN AND BLUE; BLACK PLAYS YELLOW, CYAN AND PURPLE. "
          "MAKE FOUR OF YOUR GOAL COLOUR IN A ROW.", _goal),
    Panel("COLOURS MIX", "A NEW PIECE CHANGES THE PIECES NEXT TO IT: WHITE'S COLOURS ADD LIGHT, "
          "BLACK'S TAKE IT AWAY. THE WHEEL ON THE RIGHT SHOWS WHO PLAYS WHAT NEXT.", _mixing),
    Panel("CONTROLS", "PLACE ONLY WHERE TWO TOUCHING PIECES MAKE A TRIANGLE WITH THE SPOT: "
          "THE RINGED DOTS SHOW WHERE.", controls_picture(CONTROLS)),
]
