"""Atom-4's few effects, synthesized once and registered with the cabinet's
audio; every name is prefixed "atom4."."""

from __future__ import annotations

from handheld.audio import synth

_SAMPLES: dict = {}


def _build() -> dict:
    return {
        "atom4.cursor": synth.to_int16(synth.envelope(synth.square(880, 0.02, 0.25), 0.001, 0.01, 0.3, 0.005), 0.15),
        "atom4.place": synth.to_int16(synth.envelope(synth.triangle(synth.sweep(330, 660, 0.08), 0.08),
                                                     0.002, 0.02, 0.6, 0.03), 0.5),
        "atom4.chain": synth.to_int16(synth.tune("C5:0.5 E5:0.5 G5:0.5 C6", 0.06), 0.35),
        "atom4.bad": synth.to_int16(synth.envelope(synth.square(110, 0.14, 0.4), 0.002, 0.03, 0.6, 0.04), 0.35),
        "atom4.win": synth.to_int16(synth.tune("G4 C5 E5 G5:2 E5 G5:3", 0.09), 0.4),
        "atom4.draw": synth.to_int16(synth.tune("E4 D4 C4:2", 0.12, voice="triangle"), 0.4),
    }


def register(audio) -> None:
    """Register every sound Atom-4 plays (again is harmless)."""
    if not _SAMPLES:
        _SAMPLES.update(_build())
    for name, samples in _SAMPLES.items():
        if name not in getattr(audio, "names", ()):
            audio.register(name, samples)
