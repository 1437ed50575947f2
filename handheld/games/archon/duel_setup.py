"""The hand-off between the board and the duel arena (archon-duel's package)."""

from __future__ import annotations

from handheld.games.archon import rules as R
from handheld.games.archon.icons import base_hp


def setup_for(d: R.Duel):
    """The arena's DuelSetup for a pending board duel.

    The board's Duel already holds the Shapeshifter's copied HP; the arena
    wants the Shapeshifter's own HP and strength and does the copy itself.
    """
    from handheld.games.archon.duel import DuelSetup
    dark_hp, dark_strength = d.dark_hp, d.dark_strength
    if d.dark_icon == "shapeshifter":
        own = base_hp("shapeshifter")
        dark_strength, dark_hp = dark_strength - dark_hp + own, own
    return DuelSetup(d.light_icon, d.dark_icon, d.shade, d.light_strength, dark_strength,
                     d.light_hp, dark_hp)
