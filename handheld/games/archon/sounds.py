"""Archon's sounds, synthesized once per audio object: the board's here, the
arena's in duel/sounds.py; `register` registers both."""

from __future__ import annotations

from handheld.audio import synth
from handheld.games.archon.duel.sounds import register_duel_sounds

_cache: dict = {}


def _effects() -> dict:
    return {
        "archon.select": synth.envelope(synth.square(660.0, 0.06, 0.25), decay=0.02, sustain=0.5, release=0.02),
        "archon.step": synth.envelope(synth.triangle(220.0, 0.04), decay=0.01, sustain=0.4, release=0.02),
        "archon.refuse": synth.envelope(synth.square(110.0, 0.15, 0.5), decay=0.05, sustain=0.6, release=0.05),
        "archon.spell": synth.envelope(synth.square(synth.sweep(300.0, 1200.0, 0.35), 0.35, 0.3),
                                       attack=0.01, decay=0.1, sustain=0.6, release=0.1),
        "archon.duel": synth.tune("E4 G4 B4 E5", beat=0.08),
        "archon.win": synth.tune("C5 E5 G5 C6 R G5 C6", beat=0.12),
    }


def register(audio) -> None:
    register_duel_sounds(audio)
    if "archon.win" in getattr(audio, "names", ()):
        return
    if not _cache:
        _cache.update({name: synth.to_int16(w, 0.4) for name, w in _effects().items()})
    for name, samples in _cache.items():
        audio.register(name, samples)
