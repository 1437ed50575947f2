"""The chamber's few sound effects, synthesized once per Audio object."""

from __future__ import annotations

from handheld.audio import synth


def register(audio) -> None:
    """Every sound the chamber plays, each named "chamber.*"; a second call does nothing."""
    if "chamber.zap" in getattr(audio, "names", ()):
        return
    audio.register("chamber.zap", synth.to_int16(synth.envelope(synth.sweep(1800, 300, 0.25), 0.002, 0.05, 0.6, 0.08), 0.35))
    audio.register("chamber.hit", synth.to_int16(synth.envelope(synth.noise(0.3, seed=7, hold=6), 0.001, 0.08, 0.5, 0.15), 0.4))
    audio.register("chamber.shield", synth.to_int16(synth.envelope(synth.triangle(440, 0.2), 0.002, 0.05, 0.6, 0.1), 0.4))
    audio.register("chamber.pickup", synth.to_int16(synth.tune("E6 B6", beat=0.04), 0.3))
    audio.register("chamber.spell", synth.to_int16(synth.tune("C5 E5 G5", beat=0.05, voice="triangle"), 0.35))
    audio.register("chamber.win", synth.to_int16(synth.mix(
        synth.tune("G4 C5 E5 G5:2 E5 G5:4", beat=0.1),
        synth.tune("C3:4 G3:4 C4:4", beat=0.1, voice="triangle")), 0.45))
