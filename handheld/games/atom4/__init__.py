"""Atom-4 (H. S. Teoh, 2002): colour-mixing on a triangular lattice, four
whites (or blacks) in a row win the round."""

from __future__ import annotations

from handheld.games.base import Game


class Atom4Game(Game):
    id = "atom4"
    title = "Atom-4"
    blurb = "mix colours on a lattice: four whites (or blacks) in a row"
    min_players = 1
    max_players = 2
    play_version = 4
    computer_options = {"players": 0, "level": "easy", "rounds": 1}
    strongest_options = {"players": 0, "level": "hard", "rounds": 1}


GAME = Atom4Game()
