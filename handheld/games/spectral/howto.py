"""Spectral Sorcery's instruction card (the original had one on its HELP key)."""

from __future__ import annotations

from handheld.games.spectral import art
from handheld.games.spectral import rules as R
from handheld.ui.howto import Panel, controls_picture
from handheld.ui.text import draw_text

SPECTRUM = (R.RED, R.YELLOW, R.GREEN, R.BLUE, R.VIOLET)


def _row_of_pads(surface, rect, colours, labels=True) -> None:
    step = rect.w // (len(colours) + 1)
    for i, colour in enumerate(colours):
        pad = art.make_pad(colour, 0, False)
        x = rect.x + step * (i + 1) - pad.get_width() // 2
        surface.blit(pad, (x, rect.centery - pad.get_height() // 2))
        if labels:
            name = art.COLOUR_KEYS[colour]
            draw_text(surface, x + pad.get_width() // 2, rect.centery + 14, name.upper(), name, "small",
                      align="center")


def _goal(surface, rect) -> None:
    row = rect.move(0, -18)
    _row_of_pads(surface, row, (R.RED,) * 3 + (R.GREEN, R.VIOLET), labels=False)
    wizard = art.make_wizard(0)
    first_pad_x = row.x + row.w // 6
    surface.blit(wizard, (first_pad_x - wizard.get_width() // 2, row.centery - wizard.get_height() + 2))
    draw_text(surface, rect.centerx, rect.bottom - 30, "RED WANTS EVERY PAD RED", "red", align="center")
    draw_text(surface, rect.centerx, rect.bottom - 18, "VIOLET WANTS EVERY PAD VIOLET", "violet", align="center")


def _spectrum(surface, rect) -> None:
    _row_of_pads(surface, rect.move(0, -10), SPECTRUM)
    draw_text(surface, rect.centerx, rect.bottom - 18, "RED <-  ONE STEP AT A TIME  -> VIOLET", "silver",
              "small", align="center")


CONTROLS = [("STICK", "CHOOSE AN ACTION OR A PAD"), ("FIRE", "DO IT"),
            ("ALT", "WHAT DOES IT DO? TWICE: THIS CARD"), ("START", "PAUSE")]


PANELS = [
    Panel("THE GOAL", "TWO WIZARDS, FIVE COLOURS. TURN EVERY PAD OF THE BOARD TO YOUR OWN COLOUR.", _goal),
    Panel("THE SPECTRUM", "A STOMP, A MOVE OR A SPELL PUSHES A PAD ONE STEP ALONG THE SPECTRUM, "
          "TOWARD YOUR COLOUR. EVERY STEP COSTS ONE POWER.", _spectrum),
    Panel("CONTROLS", "EACH GO, PICK ONE ACTION OR SPELL FROM THE LIST. LOCKS KEEP A PAD'S COLOUR SAFE.",
          controls_picture(CONTROLS)),
]
