"""The Inscrutable Sphinx (COMPUTE!, Nov 1987): drop-four on a 7 x 7 board."""

from __future__ import annotations

from handheld.games.base import Game


class SphinxGame(Game):
    id = "sphinx"
    title = "The Inscrutable Sphinx"
    blurb = "drop four sphinxes in a row before the pyramids do"
    min_players = 1
    max_players = 2
    play_version = 11
    computer_options = {"mode": "demo", "rounds": 5}
    strongest_options = {"level": "perfect"}


GAME = SphinxGame()
