"""The cabinet's shared sound set: menu blips and the start-up jingle."""

from __future__ import annotations

from handheld.audio import synth


def register(audio) -> None:
    audio.register("ui.move", synth.to_int16(synth.envelope(synth.square(880, 0.03, 0.25), 0.001, 0.01, 0.5, 0.01), 0.3))
    audio.register("ui.select", synth.to_int16(synth.tune("C6 G6", beat=0.05), 0.35))
    audio.register("ui.refuse", synth.to_int16(synth.envelope(synth.square(110, 0.12, 0.5), 0.001, 0.02, 0.6, 0.05), 0.35))
    audio.register("ui.jingle", synth.to_int16(synth.mix(
        synth.tune("C5 E5 G5 C6:2 G5 C6:3", beat=0.09),
        synth.tune("C3:2 G3:2 C4:4", beat=0.09, voice="triangle")), 0.45))
