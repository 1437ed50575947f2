"""Finding text on a rendered screen, measured with the cabinet's own font:
is this line drawn whole, where, and inside which box?"""

import numpy
import pygame

from handheld.ui.palette import rgb
from handheld.ui.text import render


def in_colour(surface, colour: str):
    """A (rows, columns) array: True where `surface` has exactly `colour`."""
    w, h = surface.get_size()
    pixels = numpy.frombuffer(pygame.image.tostring(surface, "RGB"), numpy.uint8).reshape(h, w, 3)
    return (pixels == rgb(colour)).all(axis=2)


def where_drawn(surface, text: str, colour: str, area: pygame.Rect, size: str = "normal"):
    """The top-left where every inked pixel of `text` in `colour` lies inside
    `area`, or None: a line cut short, clipped or drawn over is not found."""
    ink, shown = in_colour(render(text, colour, size), colour), in_colour(surface, colour)
    h, w = ink.shape
    for y in range(area.top, area.bottom - h + 1):
        for x in range(area.left, area.right - w + 1):
            if numpy.array_equal(shown[y:y + h, x:x + w] & ink, ink):
                return x, y
    return None
