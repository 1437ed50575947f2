"""The Sphinx's sounds: a short desert theme (the original played BASIC PLAY
music in the background), a slide tick, the drop thud, win/lose jingles."""

from __future__ import annotations

from handheld.audio import synth

# A Phrygian-dominant line (A Bb C# D E F G): the "Egyptian" scale of old computer games
THEME = "A3 Bb3 C#4 D4 E4:2 F4 E4 D4 C#4 Bb3:2 A3:3 R E4 F4 G#4 A4:2 G#4 F4 E4:3"
WIN = "E4 A4 C#5 E5:2 C#5 E5 A5:4"
LOSE = "E4 D4 C#4 Bb3 A3:4"
DRAW = "A3 E4 A3:2"


def build() -> dict:
    """name -> int16 samples (built once, at registration)."""
    melody = synth.tune(THEME, beat=0.13, voice="square", duty=0.25)
    drone = synth.tune("A2:8 D3:8 A2:8 E2:8", beat=0.13 * len(THEME.split()) / 32 * 1.0, voice="triangle")
    thud = synth.envelope(synth.mix(synth.square(synth.sweep(220, 60, 0.12), 0.12),
                                    synth.noise(0.12, seed=3, hold=8)), 0.002, 0.03, 0.4, 0.06)
    slide = synth.envelope(synth.square(880, 0.02, 0.25), 0.001, 0.005, 0.5, 0.01)
    nope = synth.envelope(synth.square(110, 0.15, 0.5), 0.002, 0.02, 0.6, 0.05)
    return {
        "sphinx.theme": synth.to_int16(synth.mix(melody, drone), 0.45),
        "sphinx.slide": synth.to_int16(slide, 0.25),
        "sphinx.drop": synth.to_int16(thud, 0.6),
        "sphinx.nope": synth.to_int16(nope, 0.35),
        "sphinx.win": synth.to_int16(synth.tune(WIN, beat=0.1, duty=0.5), 0.45),
        "sphinx.lose": synth.to_int16(synth.tune(LOSE, beat=0.16, voice="triangle"), 0.55),
        "sphinx.draw": synth.to_int16(synth.tune(DRAW, beat=0.14, voice="triangle"), 0.5),
    }


_built: dict | None = None


def register(audio) -> None:
    """Register every Sphinx sound with `audio` once."""
    global _built
    names = getattr(audio, "names", set())
    if "sphinx.theme" in names:
        return
    if _built is None:
        _built = build()
    for name, samples in _built.items():
        audio.register(name, samples)
