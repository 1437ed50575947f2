"""The Atom-4 plug-in: what the cabinet calls (screens, selfplay, bench, CLI)."""

from __future__ import annotations

from handheld.games.base import Game


class Atom4Game(Game):
    id = "atom4"
    title = "Atom-4"
    blurb = "mix colours on a lattice: four whites (or blacks) in a row"
    min_players = 1
    max_players = 2
