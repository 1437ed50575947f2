"""Archon pixel art: icon sheets built from assets/archon, plus drawn shots and effects."""
