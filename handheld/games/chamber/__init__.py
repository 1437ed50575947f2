"""Sorcerer's Chamber (Tim Schutz, piecepack, rev 2.0): 2-4 sorcerers, hidden
orbs, seven spells. Rules in rules.py, what one seat may know in
player_view.py, the computer in ai.py, the match in match.py / draw.py."""

from __future__ import annotations

from handheld.games.base import Game


class ChamberGame(Game):
    id = "chamber"
    title = "Sorcerer's Chamber"
    blurb = "2-4 sorcerers zap, shield and warp with hidden orbs"
    min_players = 1
    max_players = 4
    play_version = 2
    computer_options = {"seats": [["cpu", 1], ["cpu", 2], ["cpu", 3]]}
    strongest_options = {"seats": [["cpu", 3], ["cpu", 3]]}


GAME = ChamberGame()
