"""Archon's sounds, played as "archon.*": the board's, and the arena's
("archon.duel_*": one voice per weapon family, hit, death, bounce).

`recipes()` is how they were made (rendered into BANK by
`python -m handheld.tools.render_sounds`); the cabinet plays the files."""

from __future__ import annotations

from pathlib import Path

from handheld.games.archon.duel import stats as S

BANK = Path(__file__).with_name("wav")

# fighting type -> sound family
FAMILY = {
    "unicorn": "zap", "basilisk": "zap", "sorceress": "zap",
    "wizard": "whoosh", "djinni": "whoosh", "dragon": "whoosh", "air_elemental": "whoosh",
    "fire_elemental": "whoosh", "water_elemental": "whoosh",
    "archer": "twang", "valkyrie": "twang", "manticore": "twang",
    "golem": "rumble", "troll": "rumble", "earth_elemental": "rumble",
    "knight": "clang", "goblin": "clang", "phoenix": "flame", "banshee": "scream",
}
FAMILIES = ("zap", "whoosh", "twang", "rumble", "clang", "flame", "scream")


def sound_name(kind: str) -> str:
    return f"archon.duel_{kind}"


def duel_recipes() -> dict:
    """The arena's sounds as {stem: int16 samples}, rendered into the bank with the board's."""
    from handheld.audio import synth as sy

    waves = {
        "zap": sy.envelope(sy.square(sy.sweep(1800, 600, 0.12), 0.12, 0.25), 0.002, 0.03, 0.6, 0.05),
        "whoosh": sy.envelope(sy.noise(0.22, seed=3, hold=3), 0.02, 0.05, 0.6, 0.12),
        "twang": sy.envelope(sy.triangle(sy.sweep(700, 300, 0.1), 0.1), 0.001, 0.03, 0.5, 0.05),
        "rumble": sy.envelope(sy.noise(0.3, seed=5, hold=12), 0.01, 0.08, 0.7, 0.15),
        "clang": sy.envelope(sy.square(880, 0.08, 0.3), 0.001, 0.02, 0.4, 0.05),
        "flame": sy.envelope(sy.noise(0.6, seed=7, hold=5), 0.05, 0.1, 0.7, 0.3),
        "scream": sy.envelope(sy.square(sy.sweep(500, 1400, 0.6), 0.6, 0.3), 0.02, 0.1, 0.6, 0.2),
        "hit": sy.envelope(sy.noise(0.1, seed=9, hold=2), 0.001, 0.03, 0.5, 0.05),
        "die": sy.envelope(sy.square(sy.sweep(400, 60, 0.7), 0.7), 0.005, 0.1, 0.7, 0.3),
        "bounce": sy.envelope(sy.triangle(180, 0.06), 0.001, 0.02, 0.5, 0.03),
    }
    return {f"duel_{name}": sy.to_int16(wave, 0.4) for name, wave in waves.items()}


def event_sound(event: tuple, duel) -> str | None:
    """The sound for one engine event (kind, side), or None."""
    kind, side = event
    if kind == "fire":
        f = duel.light if side == "light" else duel.dark
        return sound_name(FAMILY.get(f.type, "zap"))
    if kind in ("hit", "die", "bounce"):
        return sound_name(kind)
    if kind == "burn":
        return sound_name("flame")
    return None


assert set(FAMILY) | {"shapeshifter"} == set(S.ALL_ICONS)


def recipes() -> dict:
    from handheld.audio import synth as S

    board = {
        "select": S.envelope(S.square(660.0, 0.06, 0.25), decay=0.02, sustain=0.5, release=0.02),
        "step": S.envelope(S.triangle(220.0, 0.04), decay=0.01, sustain=0.4, release=0.02),
        "refuse": S.envelope(S.square(110.0, 0.15, 0.5), decay=0.05, sustain=0.6, release=0.05),
        "spell": S.envelope(S.square(S.sweep(300.0, 1200.0, 0.35), 0.35, 0.3),
                            attack=0.01, decay=0.1, sustain=0.6, release=0.1),
        "duel": S.tune("E4 G4 B4 E5", beat=0.08),
        "win": S.tune("C5 E5 G5 C6 R G5 C6", beat=0.12),
    }
    return {**{name: S.to_int16(w, 0.4) for name, w in board.items()}, **duel_recipes()}


def register(audio) -> None:
    """Board and arena sounds alike (again is harmless)."""
    audio.register_bank("archon", BANK)
