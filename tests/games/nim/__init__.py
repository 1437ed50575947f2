"""Nim: the sixth game the contract tests plug into the cabinet. It follows
docs/adding-a-game.md to the letter and is as small as a game can be: a pile of
stones, each turn takes 1-3, whoever takes the last stone wins."""

from __future__ import annotations

from handheld.games.base import Game


class NimGame(Game):
    id = "nim"
    title = "Nim"
    blurb = "take one to three stones; take the last one and win"
    min_players = 1
    max_players = 2
    play_version = 1
    computer_options = {"players": 0}
    strongest_options = {"players": 0}


GAME = NimGame()
