"""Archon's duel arena: the real-time fight two icons have when they meet.

The engine (model, arena, engine, barriers, fighter, headless) is pure and
integer-only; `DuelView` draws it with pygame and is imported lazily so the
engine never pulls pygame in.
"""

from handheld.games.archon.duel.headless import fight_headless
from handheld.games.archon.duel.model import DuelResult, DuelSetup

__all__ = ["DuelSetup", "DuelResult", "fight_headless", "DuelView"]


def __getattr__(name):
    if name == "DuelView":
        from handheld.games.archon.duel.view import DuelView
        return DuelView
    raise AttributeError(name)
