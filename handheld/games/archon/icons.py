"""The icon table shared by the board and the duel arena.

Canonical ids are lowercase; the duel package keys its weapon table by the
same ids. Values are the clarified rules' (rules/archon.md): integer base HP,
move kind and range. The Shapeshifter copies its opponent in a duel; its board
HP is a nominal 10 that never changes (it returns to full health after every
win), which is also its base HP against an elemental.
"""

from __future__ import annotations

from dataclasses import dataclass

LIGHT = "light"
DARK = "dark"
SIDES = (LIGHT, DARK)

WALK = "walk"
FLY = "fly"
MAGE = "mage"


def other(side: str) -> str:
    return DARK if side == LIGHT else LIGHT


@dataclass(frozen=True)
class Icon:
    id: str
    name: str
    side: str | None      # None for elementals
    move: str | None      # walk / fly / mage; None for elementals
    range: int
    base_hp: int
    short: str            # 2-letter tag for text views


ICONS: dict[str, Icon] = {i.id: i for i in (
    Icon("unicorn", "Unicorn", LIGHT, WALK, 4, 9, "Un"),
    Icon("wizard", "Wizard", LIGHT, MAGE, 3, 10, "Wz"),
    Icon("archer", "Archer", LIGHT, WALK, 3, 5, "Ar"),
    Icon("golem", "Golem", LIGHT, WALK, 3, 15, "Go"),
    Icon("valkyrie", "Valkyrie", LIGHT, FLY, 3, 8, "Va"),
    Icon("djinni", "Djinni", LIGHT, FLY, 4, 15, "Dj"),
    Icon("phoenix", "Phoenix", LIGHT, FLY, 5, 12, "Ph"),
    Icon("knight", "Knight", LIGHT, WALK, 3, 5, "Kn"),
    Icon("basilisk", "Basilisk", DARK, WALK, 3, 6, "Ba"),
    Icon("sorceress", "Sorceress", DARK, MAGE, 3, 10, "So"),
    Icon("manticore", "Manticore", DARK, WALK, 3, 8, "Ma"),
    Icon("troll", "Troll", DARK, WALK, 3, 14, "Tr"),
    Icon("shapeshifter", "Shapeshifter", DARK, FLY, 5, 10, "Sh"),
    Icon("dragon", "Dragon", DARK, FLY, 4, 17, "Dr"),
    Icon("banshee", "Banshee", DARK, FLY, 3, 8, "Bn"),
    Icon("goblin", "Goblin", DARK, WALK, 3, 5, "Gb"),
    Icon("air_elemental", "Air Elemental", None, None, 0, 12, "Ae"),
    Icon("fire_elemental", "Fire Elemental", None, None, 0, 10, "Fe"),
    Icon("earth_elemental", "Earth Elemental", None, None, 0, 17, "Ee"),
    Icon("water_elemental", "Water Elemental", None, None, 0, 14, "We"),
)}

ELEMENTALS = ("air_elemental", "fire_elemental", "earth_elemental", "water_elemental")
MAGES = {LIGHT: "wizard", DARK: "sorceress"}
SHAPESHIFTER_VS_ELEMENTAL_HP = 10


def base_hp(icon: str) -> int:
    return ICONS[icon].base_hp


def is_elemental(icon: str) -> bool:
    return icon in ELEMENTALS
