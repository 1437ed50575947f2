"""The cabinet's shared sound set: menu blips and the start-up jingle, played as "ui.*".

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

import os

BANK = os.path.join(os.path.dirname(__file__), "wav")


def recipes() -> dict:
    from handheld.audio import synth as S

    return {
        "move": S.to_int16(S.envelope(S.square(880, 0.03, 0.25), 0.001, 0.01, 0.5, 0.01), 0.3),
        "select": S.to_int16(S.tune("C6 G6", beat=0.05), 0.35),
        "refuse": S.to_int16(S.envelope(S.square(110, 0.12, 0.5), 0.001, 0.02, 0.6, 0.05), 0.35),
        "jingle": S.to_int16(S.mix(S.tune("C5 E5 G5 C6:2 G5 C6:3", beat=0.09),
                                   S.tune("C3:2 G3:2 C4:4", beat=0.09, voice="triangle")), 0.45),
    }


def register(audio) -> None:
    audio.register_bank("ui", BANK)
