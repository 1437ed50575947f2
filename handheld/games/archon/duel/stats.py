"""The duel table: every icon's fighting numbers, keyed by the board's ids.

Numbers come from the clarified rules (rules/archon.md), in duel units: HP and
damage as integers, shot speed in arena units per tick (one unit = 2 px across,
1 px down), recharge in ticks at 60 Hz, shot sizes in pixels (w, h).
"""

from __future__ import annotations

from typing import NamedTuple

SHOT, THRUST, FLAME, SCREAM = "shot", "thrust", "flame", "scream"

LIGHT_ICONS = ("unicorn", "wizard", "archer", "golem", "valkyrie", "djinni", "phoenix", "knight")
DARK_ICONS = ("basilisk", "sorceress", "manticore", "troll", "shapeshifter", "dragon",
              "banshee", "goblin")
ELEMENTALS = ("air_elemental", "fire_elemental", "earth_elemental", "water_elemental")
ALL_ICONS = LIGHT_ICONS + DARK_ICONS + ELEMENTALS

# Colour bonus to strength for shades A..F (index 0..5).
LIGHT_BONUS = (7, 6, 4, 3, 1, 0)
DARK_BONUS = (0, 1, 3, 4, 6, 7)
SHADE_NAMES = "ABCDEF"
SHIFTER_BASE_VS_ELEMENTAL = 10


class IconStats(NamedTuple):
    name: str
    base_hp: int
    damage: int          # per hit (per hit check for flame and scream)
    shot_speed: int      # arena units per tick; 0 for thrusts and clouds
    recharge: int        # ticks from one attack to the next
    weapon: str          # SHOT, THRUST, FLAME or SCREAM
    weapon_name: str
    size_h: tuple        # (w, h) flying sideways
    size_v: tuple        # (w, h) flying up or down
    spinning: bool
    slow: bool           # skips every 4th tick when walking


def _s(name, hp, dmg, speed, rech, weapon, wname, size_h, size_v=None, spin=False, slow=False):
    return IconStats(name, hp, dmg, speed, rech, weapon, wname, size_h, size_v or size_h,
                     spin, slow)


STATS: dict[str, IconStats] = {
    "unicorn": _s("Unicorn", 9, 7, 7, 60, SHOT, "bolt", (16, 1), (2, 8)),
    "wizard": _s("Wizard", 10, 10, 5, 80, SHOT, "fireball", (8, 6), (12, 6), spin=True),
    "archer": _s("Archer", 5, 5, 4, 80, SHOT, "arrow", (12, 1), (2, 7)),
    "golem": _s("Golem", 15, 10, 3, 100, SHOT, "boulder", (12, 8), spin=True, slow=True),
    "valkyrie": _s("Valkyrie", 8, 7, 3, 80, SHOT, "spear", (16, 1), (4, 8)),
    "djinni": _s("Djinni", 15, 6, 5, 90, SHOT, "whirlwind", (8, 7), spin=True),
    "phoenix": _s("Phoenix", 12, 2, 0, 100, FLAME, "flame", (64, 32)),
    "knight": _s("Knight", 5, 5, 0, 40, THRUST, "sword", (16, 2), (4, 8)),
    "basilisk": _s("Basilisk", 6, 9, 7, 60, SHOT, "gaze", (8, 3), (10, 4)),
    "sorceress": _s("Sorceress", 10, 8, 6, 80, SHOT, "lightning", (16, 2), (4, 8)),
    "manticore": _s("Manticore", 8, 4, 3, 80, SHOT, "spikes", (10, 5), (10, 6)),
    "troll": _s("Troll", 14, 10, 3, 100, SHOT, "boulder", (12, 8), spin=True, slow=True),
    # The Shapeshifter has no numbers of its own: it copies its opponent.
    "shapeshifter": _s("Shapeshifter", 10, 0, 0, 0, "copy", "copy", (8, 8)),
    "dragon": _s("Dragon", 17, 11, 4, 120, SHOT, "fire", (16, 4), (6, 8)),
    "banshee": _s("Banshee", 8, 1, 0, 100, SCREAM, "scream", (64, 32)),
    "goblin": _s("Goblin", 5, 5, 0, 40, THRUST, "club", (16, 3), (8, 8)),
    "air_elemental": _s("Air Elemental", 12, 5, 4, 70, SHOT, "gust", (8, 7), spin=True),
    "fire_elemental": _s("Fire Elemental", 10, 9, 5, 60, SHOT, "fireball", (8, 5), spin=True),
    "earth_elemental": _s("Earth Elemental", 17, 9, 3, 100, SHOT, "rock", (12, 8), spin=True,
                          slow=True),
    "water_elemental": _s("Water Elemental", 14, 6, 3, 100, SHOT, "wave", (8, 5), spin=True),
}


def side_of(icon: str) -> str:
    """'light', 'dark' or 'elemental'."""
    if icon in LIGHT_ICONS:
        return "light"
    if icon in DARK_ICONS:
        return "dark"
    if icon in ELEMENTALS:
        return "elemental"
    raise KeyError(icon)


def fighting_type(icon: str, opponent: str) -> str:
    """The icon whose picture, weapon and numbers `icon` fights with."""
    return opponent if icon == "shapeshifter" else icon


def base_hp_in_duel(icon: str, opponent: str) -> int:
    """Base HP the icon fights from (the Shapeshifter takes its opponent's,
    10 against an elemental)."""
    if icon == "shapeshifter":
        if opponent in ELEMENTALS:
            return SHIFTER_BASE_VS_ELEMENTAL
        return STATS[opponent].base_hp
    return STATS[icon].base_hp


def full_strength(icon: str, opponent: str, shade: int, side: str) -> int:
    """Strength of an unhurt icon on a square of `shade` (0..5): base + colour
    bonus; elementals get no bonus. Used by matchups and practice duels."""
    base = base_hp_in_duel(icon, opponent)
    if icon in ELEMENTALS:
        return base
    return base + (LIGHT_BONUS if side == "light" else DARK_BONUS)[shade]
