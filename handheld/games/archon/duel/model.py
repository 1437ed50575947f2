"""What goes into a duel and what comes out of it."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from handheld.games.archon.duel import stats as S


@dataclass(frozen=True)
class DuelSetup:
    """One duel as the board hands it over.

    `shade` is the square's colour 0..5 (A..F). Strengths are what the board
    computed (HP + colour bonus - the mage's spell penalty; elementals: base
    HP); `light_hp`/`dark_hp` are the pieces' board HP before the duel (for
    the injury rule). For a Shapeshifter pass its own HP and strength as for
    any Dark piece: the engine swaps the HP part for the copied base HP (the
    opponent's base, 10 against an elemental), keeping bonus and penalty.
    """

    light_icon: str
    dark_icon: str
    shade: int
    light_strength: int
    dark_strength: int
    light_hp: int
    dark_hp: int

    def __post_init__(self):
        for icon in (self.light_icon, self.dark_icon):
            if icon not in S.STATS:
                raise ValueError(f"unknown icon {icon!r}; choose from: {', '.join(S.ALL_ICONS)}")
        if not (isinstance(self.shade, int) and 0 <= self.shade <= 5):
            raise ValueError(f"shade must be 0..5 (A..F), not {self.shade!r}")
        if self.light_icon in S.ELEMENTALS and self.dark_icon in S.ELEMENTALS:
            raise ValueError("two elementals never duel")

    @classmethod
    def full(cls, light_icon: str, dark_icon: str, shade: int) -> "DuelSetup":
        """Two unhurt icons on a square of `shade` (practice duels, matchups)."""
        hl = S.STATS[light_icon].base_hp
        hd = S.STATS[dark_icon].base_hp
        return cls(light_icon, dark_icon, shade,
                   S.full_strength(light_icon, "", shade, "light") if light_icon != "shapeshifter"
                   else hl + S.LIGHT_BONUS[shade],
                   S.full_strength(dark_icon, "", shade, "dark") if dark_icon != "shapeshifter"
                   else hd + S.DARK_BONUS[shade],
                   hl, hd)

    def effective_strengths(self) -> tuple:
        """(light, dark) strength after the Shapeshifter's copy."""
        ls, ds = self.light_strength, self.dark_strength
        if self.light_icon == "shapeshifter":
            ls = ls - self.light_hp + S.base_hp_in_duel("shapeshifter", self.dark_icon)
        if self.dark_icon == "shapeshifter":
            ds = ds - self.dark_hp + S.base_hp_in_duel("shapeshifter", self.light_icon)
        return ls, ds


@dataclass(frozen=True)
class DuelResult:
    winner: str          # "light", "dark" or "both" (both died)
    light_hp: int        # board HP after the injury rule; 0 if dead
    dark_hp: int
    ticks: int
    light_shots: int     # attacks started (shots, thrusts, flames, screams)
    dark_shots: int
    light_hits: int      # hits landed (each damaging cloud check counts)
    dark_hits: int
    light_strength: int  # strength left at the end (0 if dead)
    dark_strength: int

    def to_dict(self) -> dict:
        return asdict(self)
