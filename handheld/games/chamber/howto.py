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
    for i, suit in enumerate((SUNS, MOONS, ARMS)):
        surface.blit(art.orb(suit), (rect.x + 70 + i * 30, y + 30))
    draw_text(surface, rect.centerx, y + 56, "STEP ON ORBS, THEN ZAP ALONG A STRAIGHT LINE", "silver",
              "small", align="center")


CONTROLS = [("STICK", "CHOOSE AN ACTION OR A PLACE"), ("FIRE", "DO IT"), ("ALT", "HELP")]


PANELS = [
    Panel("THE GOAL", "TWO TO FOUR SORCERERS. ZAP THE OTHERS; THE LAST ONE STANDING WINS.", _goal),
    Panel("ORBS AND ZAPS", "EACH TURN HAS TWO MOVES. ORBS ARE YOUR AMMUNITION AND YOUR SPELLS: "
          "ZAP, SHIELD, DEFLECT, HEAL, WARP, CONFUSE, STOP TIME.", _zap),
    Panel("CONTROLS", "A SHIELD STOPS A ZAP UNLESS THE ZAP'S ORB MATCHES IT. ORBS IN HANDS ARE SECRET.",
          controls_picture(CONTROLS)),
]
