"""The hand-off between the board and the duel arena (archon-duel's package)."""

from __future__ import annotations

from handheld.games.archon import rules as R


def setup_for(d: R.Duel):
    """The arena's DuelSetup for a pending board duel."""
    from handheld.games.archon.duel import DuelSetup
    return DuelSetup(d.light_icon, d.dark_icon, d.shade, d.light_strength, d.dark_strength,
                     d.light_hp, d.dark_hp)


def duel_available() -> bool:
    try:
        import handheld.games.archon.duel  # noqa: F401
    except ImportError:
        return False
    return True
