"""The spell menu opened from the mage's own square, and the Revive list."""

from __future__ import annotations

from handheld.games.archon import rules as R
from handheld.games.archon import spells as S
from handheld.games.archon.icons import ICONS
from handheld.base.actions import PlayerInput
from handheld.ui.widgets import Menu, draw_panel

CEASE = "cease"
HELP = {
    "teleport": "MOVE ONE OF YOUR ICONS ANYWHERE",
    "heal": "RESTORE AN ICON TO FULL HEALTH",
    "shift_time": "REVERSE THE LIGHT CYCLE",
    "exchange": "SWAP ANY TWO ICONS",
    "summon": "AN ELEMENTAL ATTACKS AN ENEMY",
    "revive": "BRING BACK A DEAD ICON",
    "imprison": "FREEZE AN ENEMY ICON IN PLACE",
    CEASE: "BACK TO CHOOSING AN ICON",
}


class SpellMenu:
    """Seven spells and CEASE; spells already cast are shown dim."""

    def __init__(self, state: R.State, side: str):
        self.keys = list(S.SPELLS) + [CEASE]
        used = {i for i, k in enumerate(self.keys) if k in state.spells_used[side]}
        self.menu = Menu([S.SPELL_NAMES.get(k, "CEASE") for k in self.keys], disabled=used, spacing=10)

    @property
    def highlighted(self) -> str:
        return self.keys[self.menu.index]

    def update(self, inp: PlayerInput) -> str | None:
        """The chosen spell key, CEASE, "back", or None."""
        act = self.menu.update(inp)
        if act == "select":
            return self.highlighted
        return act

    def draw(self, surface) -> None:
        draw_panel(surface, (92, 40, 136, 96), border="gold")
        self.menu.draw(surface, 112, 46)


class ReviveMenu:
    """Dead icon types of the caster's side."""

    def __init__(self, state: R.State, side: str):
        self.icons = S.dead_types(state, side)
        self.menu = Menu([ICONS[i].name.upper() for i in self.icons], spacing=10)

    def update(self, inp: PlayerInput) -> str | None:
        act = self.menu.update(inp)
        if act == "select":
            return self.icons[self.menu.index]
        return act

    def draw(self, surface) -> None:
        h = 12 + 10 * len(self.icons)
        draw_panel(surface, (92, 40, 136, h), border="gold")
        self.menu.draw(surface, 112, 46)
