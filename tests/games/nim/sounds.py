"""Nim's one sound: a stone taken (rendered into BANK by
`python -m handheld.tools.render_sounds tests.games.nim.sounds`)."""

from pathlib import Path

BANK = Path(__file__).with_name("wav")


def recipes() -> dict:
    from handheld.audio import synth

    return {"take": synth.to_int16(synth.tune("C5", beat=0.05), 0.3)}


def register(audio) -> None:
    audio.register_bank("nim", BANK)
