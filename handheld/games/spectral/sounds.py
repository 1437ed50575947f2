"""Spectral Sorcery's few effects, played as "spectral.*".

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

BANK = Path(__file__).with_name("wav")


def recipes() -> dict:
    from handheld.audio import synth as S

    return {
        "tweak": S.to_int16(S.envelope(S.square(S.sweep(660, 990, 0.06), 0.06, 0.25), 0.002, 0.02, 0.5, 0.02), 0.3),
        "hop": S.to_int16(S.envelope(S.triangle(S.sweep(300, 520, 0.09), 0.09), 0.002, 0.03, 0.6, 0.03), 0.45),
        "blitz": S.to_int16(S.mix(S.envelope(S.noise(0.35, seed=3, hold=4), 0.005, 0.1, 0.5, 0.15),
                                  S.envelope(S.square(S.sweep(120, 480, 0.35), 0.35), 0.005, 0.1, 0.5, 0.15)), 0.45),
        "whoosh": S.to_int16(S.envelope(S.noise(0.4, seed=5, hold=2) * S.triangle(S.sweep(200, 1600, 0.4), 0.4),
                                        0.02, 0.15, 0.5, 0.2), 0.5),
        "lock": S.to_int16(S.envelope(S.square(110, 0.12, 0.3), 0.001, 0.05, 0.3, 0.05), 0.45),
        "unlock": S.to_int16(S.tune("E5 C5", beat=0.06), 0.35),
        "pass": S.to_int16(S.tune("G3", beat=0.08, voice="triangle"), 0.4),
        "error": S.to_int16(S.tune("C3 C3", beat=0.07, duty=0.25), 0.35),
        "select": S.to_int16(S.tune("A5", beat=0.03), 0.25),
        "turn": S.to_int16(S.tune("C5 E5 G5", beat=0.07, voice="triangle"), 0.4),
        "win": S.to_int16(S.tune("C5 E5 G5 C6:2 G5 C6:3", beat=0.11), 0.4),
        "draw": S.to_int16(S.tune("G4 E4 C4:2", beat=0.12, voice="triangle"), 0.4),
    }


def register(audio) -> None:
    """Every effect the game plays."""
    audio.register_bank("spectral", BANK)
