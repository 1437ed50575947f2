"""Atom-4 (H. S. Teoh, 2002): colour-mixing on a triangular lattice.

The plug-in lives in `game.py`; rules, computer and screens in their own modules."""

from handheld.games.atom4.game import Atom4Game

GAME = Atom4Game()
