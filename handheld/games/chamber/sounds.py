"""The chamber's sound effects, played as "chamber.*".

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

BANK = Path(__file__).with_name("wav")


def recipes() -> dict:
    from handheld.audio import synth as S

    return {
        "zap": S.to_int16(S.envelope(S.sweep(1800, 300, 0.25), 0.002, 0.05, 0.6, 0.08), 0.35),
        "hit": S.to_int16(S.envelope(S.noise(0.3, seed=7, hold=6), 0.001, 0.08, 0.5, 0.15), 0.4),
        "shield": S.to_int16(S.envelope(S.triangle(440, 0.2), 0.002, 0.05, 0.6, 0.1), 0.4),
        "pickup": S.to_int16(S.tune("E6 B6", beat=0.04), 0.3),
        "spell": S.to_int16(S.tune("C5 E5 G5", beat=0.05, voice="triangle"), 0.35),
        "win": S.to_int16(S.mix(S.tune("G4 C5 E5 G5:2 E5 G5:4", beat=0.1),
                                S.tune("C3:4 G3:4 C4:4", beat=0.1, voice="triangle")), 0.45),
    }


def register(audio) -> None:
    """Every sound the chamber plays."""
    audio.register_bank("chamber", BANK)
