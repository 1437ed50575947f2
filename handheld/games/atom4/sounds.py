"""Atom-4's few effects, played as "atom4.*".

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

BANK = Path(__file__).with_name("wav")


def recipes() -> dict:
    from handheld.audio import synth as S

    return {
        "cursor": S.to_int16(S.envelope(S.square(880, 0.02, 0.25), 0.001, 0.01, 0.3, 0.005), 0.15),
        "place": S.to_int16(S.envelope(S.triangle(S.sweep(330, 660, 0.08), 0.08), 0.002, 0.02, 0.6, 0.03), 0.5),
        "chain": S.to_int16(S.tune("C5:0.5 E5:0.5 G5:0.5 C6", 0.06), 0.35),
        "bad": S.to_int16(S.envelope(S.square(110, 0.14, 0.4), 0.002, 0.03, 0.6, 0.04), 0.35),
        "win": S.to_int16(S.tune("G4 C5 E5 G5:2 E5 G5:3", 0.09), 0.4),
        "draw": S.to_int16(S.tune("E4 D4 C4:2", 0.12, voice="triangle"), 0.4),
    }


def register(audio) -> None:
    """Register every sound Atom-4 plays (again is harmless)."""
    audio.register_bank("atom4", BANK)
