"""The cabinet's one fixed palette. Every game draws with these names only, so
all the games look like one machine. Colours were picked so that each game's
set (Archon's six shades, Atom-4's eight piece colours, Spectral Sorcery's
five) stays easy to tell apart, also on a washed-out RGB565 LCD."""

from __future__ import annotations

PALETTE: dict[str, tuple[int, int, int]] = {
    # neutrals
    "black": (0, 0, 0),
    "ink": (20, 18, 36),          # background of screens and the text window
    "night": (36, 32, 64),        # panels, board background
    "slate": (72, 76, 108),       # frames, disabled text
    "grey": (128, 132, 152),
    "silver": (188, 192, 204),
    "white": (252, 252, 252),
    # Archon's six board shades, A (lightest) .. F (darkest)
    "shade_a": (240, 236, 216),
    "shade_b": (196, 184, 148),
    "shade_c": (148, 132, 100),
    "shade_d": (104, 90, 70),
    "shade_e": (64, 56, 48),
    "shade_f": (24, 22, 22),
    # sides and highlights
    "light_side": (255, 160, 32),  # Archon Light's orange box, player-one accents
    "dark_side": (56, 120, 255),   # Archon Dark's blue box, player-two accents
    "gold": (252, 212, 64),
    "orange": (248, 128, 24),
    # the spectrum and Atom-4's piece colours
    "red": (228, 40, 40),
    "yellow": (248, 232, 48),
    "green": (40, 196, 64),
    "blue": (40, 72, 232),
    "violet": (156, 52, 220),      # Spectral's fifth colour
    "cyan": (40, 220, 232),
    "purple": (232, 56, 200),      # Atom-4's subtractive magenta ("purple" in the seed)
    # effects
    "flash": (255, 255, 200),
    "danger": (255, 72, 72),
    "ok": (96, 232, 112),
    "infrared": (176, 24, 48),     # Spectral: Red's locks
    "ultraviolet": (120, 64, 255), # Spectral: Violet's locks
}


def rgb(name: str) -> tuple[int, int, int]:
    """A palette colour by name; unknown names fail loudly (no ad-hoc colours)."""
    try:
        return PALETTE[name]
    except KeyError:
        raise KeyError(f"no palette colour {name!r}; see handheld/ui/palette.py") from None
