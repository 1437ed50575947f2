"""Spectral Sorcery (ST-Log, 1988): two wizards, five colours, power and spells."""

from handheld.games.spectral.game import SpectralGame

GAME = SpectralGame()
