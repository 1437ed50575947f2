"""The Sphinx's sounds, played as "sphinx.*": a short desert theme (the original
played BASIC PLAY music in the background), a slide tick, the drop thud,
win/lose jingles.

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

BANK = Path(__file__).with_name("wav")

# A Phrygian-dominant line (A Bb C# D E F G): the "Egyptian" scale of old computer games
THEME = "A3 Bb3 C#4 D4 E4:2 F4 E4 D4 C#4 Bb3:2 A3:3 R E4 F4 G#4 A4:2 G#4 F4 E4:3"
WIN = "E4 A4 C#5 E5:2 C#5 E5 A5:4"
LOSE = "E4 D4 C#4 Bb3 A3:4"
DRAW = "A3 E4 A3:2"


def recipes() -> dict:
    from handheld.audio import synth as S

    melody = S.tune(THEME, beat=0.13, voice="square", duty=0.25)
    drone = S.tune("A2:8 D3:8 A2:8 E2:8", beat=0.13 * len(THEME.split()) / 32 * 1.0, voice="triangle")
    thud = S.envelope(S.mix(S.square(S.sweep(220, 60, 0.12), 0.12),
                            S.noise(0.12, seed=3, hold=8)), 0.002, 0.03, 0.4, 0.06)
    slide = S.envelope(S.square(880, 0.02, 0.25), 0.001, 0.005, 0.5, 0.01)
    nope = S.envelope(S.square(110, 0.15, 0.5), 0.002, 0.02, 0.6, 0.05)
    return {
        "theme": S.to_int16(S.mix(melody, drone), 0.45),
        "slide": S.to_int16(slide, 0.25),
        "drop": S.to_int16(thud, 0.6),
        "nope": S.to_int16(nope, 0.35),
        "win": S.to_int16(S.tune(WIN, beat=0.1, duty=0.5), 0.45),
        "lose": S.to_int16(S.tune(LOSE, beat=0.16, voice="triangle"), 0.55),
        "draw": S.to_int16(S.tune(DRAW, beat=0.14, voice="triangle"), 0.5),
    }


def register(audio) -> None:
    """Register every Sphinx sound with `audio`."""
    audio.register_bank("sphinx", BANK)
