"""Nim's one sound: a stone taken."""

from handheld.audio import synth


def register(audio) -> None:
    if "nim.take" not in audio.names:
        audio.register("nim.take", synth.to_int16(synth.tune("C5", beat=0.05), 0.3))
