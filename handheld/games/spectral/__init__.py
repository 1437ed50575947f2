"""Spectral Sorcery (ST-Log, 1988): two wizards, five colours, power and spells."""
