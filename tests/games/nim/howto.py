"""Nim's instruction card."""

from handheld.ui.howto import Panel
from handheld.ui.palette import rgb


def _pile(surface, rect) -> None:
    for i in range(7):
        surface.fill(rgb("gold" if i >= 4 else "silver"), (rect.x + 40 + i * 20, rect.centery, 12, 12))


PANELS = [Panel("THE GOAL", "TAKE THE LAST STONE AND YOU WIN.", _pile),
          Panel("A TURN", "TAKE ONE, TWO OR THREE STONES: STICK PICKS, FIRE TAKES.", _pile),
          Panel("THE TRICK", "LEAVE YOUR RIVAL A MULTIPLE OF FOUR.")]
