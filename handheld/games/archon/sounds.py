"""Archon's sounds, played as "archon.*": the board's here, the arena's
("archon.duel_*") in duel/sounds.py.

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.audio.render`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

from handheld.games.archon.duel.sounds import duel_recipes

BANK = Path(__file__).with_name("wav")


def recipes() -> dict:
    from handheld.audio import synth as S

    board = {
        "select": S.envelope(S.square(660.0, 0.06, 0.25), decay=0.02, sustain=0.5, release=0.02),
        "step": S.envelope(S.triangle(220.0, 0.04), decay=0.01, sustain=0.4, release=0.02),
        "refuse": S.envelope(S.square(110.0, 0.15, 0.5), decay=0.05, sustain=0.6, release=0.05),
        "spell": S.envelope(S.square(S.sweep(300.0, 1200.0, 0.35), 0.35, 0.3),
                            attack=0.01, decay=0.1, sustain=0.6, release=0.1),
        "duel": S.tune("E4 G4 B4 E5", beat=0.08),
        "win": S.tune("C5 E5 G5 C6 R G5 C6", beat=0.12),
    }
    return {**{name: S.to_int16(w, 0.4) for name, w in board.items()}, **duel_recipes()}


def register(audio) -> None:
    """Board and arena sounds alike (again is harmless)."""
    audio.register_bank("archon", BANK)
