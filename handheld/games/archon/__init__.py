"""Archon (1983): the strategy board whose squares cycle light and dark, and
the real-time duels fought when one icon moves onto another."""

from __future__ import annotations

from handheld.games.base import Game


class ArchonGame(Game):
    id = "archon"
    title = "Archon"
    blurb = "Light against Dark: a strategy board where every capture is a duel"
    min_players = 1
    max_players = 2
    play_version = 1
    computer_options = {"mode": "demo"}
    strongest_options = {"mode": "demo", "level": "strong"}


GAME = ArchonGame()
