"""Spectral Sorcery (ST-Log, 1988): two wizards, five colours, power and spells.

The declaration only: every method imports its module when called, so the
rules, the computers, selfplay and the CLI never pull in pygame."""

from __future__ import annotations

from handheld.games.base import Game


class SpectralGame(Game):
    id = "spectral"
    title = "Spectral Sorcery"
    blurb = "two wizards turn a board of colour pads to their own colour"
    min_players = 0
    max_players = 2
    play_version = 1
    first_screen = "TitleScene"
    computer_options = {"mode": "demo"}
    strongest_options = {"mode": "demo", "level": "strong"}


GAME = SpectralGame()
