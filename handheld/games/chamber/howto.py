"""Sorcerer's Chamber's instruction card: orbs, zaps and the last one standing."""

from __future__ import annotations

from handheld.games.chamber import art
from handheld.ui.howto import Panel, controls_picture
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

SUNS, MOONS, CROWNS, ARMS = range(4)


def _goal(surface, rect) -> None:
    for i, suit in enumerate((SUNS, MOONS, CROWNS, ARMS)):
        x = rect.x + 40 + i * 60
        img = art.sorcerer(suit, 3, 2, True)        # facing east: the gold arrowhead shows the way
        surface.blit(img, (x, rect.y + 16))
        draw_text(surface, x + img.get_width() // 2, rect.y + 22 + img.get_height(), ("SUNS", "MOONS", "CROWNS", "ARMS")[i],
                  art.SUIT_COLOURS[suit], "small", align="center")
    draw_text(surface, rect.centerx, rect.y + 90, "THREE PYRAMIDS EACH: LOSE THEM ALL AND YOU ARE OUT",
              "silver", "small", align="center")


def _zap(surface, rect) -> None:
    y = rect.y + 40
    surface.blit(art.sorcerer(SUNS, 3, 2, True), (rect.x + 40, y))
    surface.fill(rgb("flash"), (rect.x + 62, y + 9, 140, 2))    # the zap
    surface.blit(art.sorcerer(CROWNS, 2, 6, True), (rect.x + 206, y))
    for i, suit in enumerate((SUNS, MOONS, ARMS)):          # orbs as the board shows them
        x = rect.x + 68 + i * 30
        surface.fill(rgb("shade_d" if i % 2 else "shade_e"), (x, y + 28, art.CELL, art.CELL))
        surface.blit(art.orb(suit), (x + 1, y + 29))
    draw_text(surface, rect.centerx, y + 56, "STEP ON ORBS, THEN ZAP ALONG A STRAIGHT LINE", "silver",
              "small", align="center")


def _panel_key(surface, rect) -> None:
    """The side panel's row for one sorcerer, with what each part means."""
    x, y = rect.x + 40, rect.y + 20
    surface.blit(art.suit_icon(SUNS, 8), (x, y - 1))
    draw_text(surface, x + 10, y, "SUNS", art.SUIT_COLOURS[SUNS])
    for i in range(3):
        surface.blit(art.pyramid_mark(SUNS), (x + 50 + i * 8, y))
    surface.blit(art.orb_mark(), (x + 75, y))
    draw_text(surface, x + 83, y, "2", "white")
    draw_text(surface, x + 93, y + 1, "SHIELD", "cyan", size="small")
    for i, (dx, text) in enumerate(((60, "PYRAMIDS LEFT"), (86, "ORBS IN HAND"), (104, "SHIELD UP"))):
        ty = y + 16 + i * 10
        draw_text(surface, x + dx, ty, text, "silver", size="small", align="left" if i == 2 else "right")
        surface.fill(rgb("slate"), (x + dx + (-2 if i == 2 else 2), y + 10, 1, ty - y - 8))
    draw_text(surface, rect.centerx, y + 56, "DAZED: JUST HIT, SAFE UNTIL ITS NEXT TURN", "silver", "small",
              align="center")
    draw_text(surface, rect.centerx, y + 68, "TIME STONES: STOP TIME USES ONE (3 A TURN)", "silver", "small",
              align="center")


CONTROLS = [("STICK", "CHOOSE AN ACTION OR A PLACE"), ("FIRE", "DO IT"), ("ALT", "HELP")]


PANELS = [
    Panel("THE GOAL", "TWO TO FOUR SORCERERS. ZAP THE OTHERS; THE LAST ONE STANDING WINS.", _goal),
    Panel("ORBS AND ZAPS", "EACH TURN HAS TWO MOVES. STEP ON AN ORB TO PICK IT UP. ORBS ARE YOUR "
          "AMMUNITION AND SPELLS: ZAP, SHIELD, DEFLECT, HEAL, WARP, CONFUSE, STOP TIME.", _zap),
    Panel("THE PANEL", "EACH SORCERER'S ROW: PYRAMIDS LEFT, ORBS IN HAND (THEIR SUITS ARE SECRET) "
          "AND A SHIELD, WHICH STOPS A ZAP UNLESS THE ZAP'S ORB MATCHES IT.", _panel_key),
    Panel("CONTROLS", "STICK AND FIRE CHOOSE FROM THE MENU BESIDE THE BOARD. ALT ON AN ACTION "
          "EXPLAINS IT.", controls_picture(CONTROLS)),
]
