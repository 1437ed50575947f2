"""The 9x9 board: square kinds, power points, start squares and the light cycle.

Squares are numbered 0..80 as row * 9 + col; column 0 is A (Light's side),
row 0 is row 1 (the top). Pure data and arithmetic: no pygame, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from handheld.games.archon.icons import DARK, LIGHT

SIZE = 9
COLS = "ABCDEFGHI"

# L always light, D always dark, V cycles (rules/archon.md board table).
_MAP = (
    "DLDVVVLDL",
    "LDVLVDVLD",
    "DVLDVLDVL",
    "VLDLVDLDV",
    "LVVVVVVVD",
    "VLDLVDLDV",
    "DVLDVLDVL",
    "LDVLVDVLD",
    "DLDVVVLDL",
)
KIND: tuple[str, ...] = tuple(ch for row in _MAP for ch in row)

SHADES = "ABCDEF"          # 0 = A (white) .. 5 = F (black)
SHADE_A, SHADE_F = 0, 5
LIGHT_BONUS = (7, 6, 4, 3, 1, 0)
DARK_BONUS = (0, 1, 3, 4, 6, 7)


def sq(name: str) -> int:
    """'E5' -> square number."""
    col = COLS.index(name[0].upper())
    row = int(name[1:]) - 1
    if not (0 <= row < SIZE):
        raise ValueError(f"bad square {name!r}")
    return row * SIZE + col


def name(square: int) -> str:
    return f"{COLS[square % SIZE]}{square // SIZE + 1}"


def col_row(square: int) -> tuple[int, int]:
    return square % SIZE, square // SIZE


def at(col: int, row: int) -> int:
    return row * SIZE + col


def on_board(col: int, row: int) -> bool:
    return 0 <= col < SIZE and 0 <= row < SIZE


POWER_POINTS: tuple[int, ...] = tuple(sq(n) for n in ("E1", "A5", "E5", "I5", "E9"))
POWER_SET = frozenset(POWER_POINTS)
HOME_POINT = {LIGHT: sq("A5"), DARK: sq("I5")}

START: dict[str, tuple[tuple[str, str], ...]] = {
    LIGHT: (("valkyrie", "A1"), ("valkyrie", "A9"), ("archer", "B1"), ("archer", "B9"),
            ("golem", "A2"), ("golem", "A8"),
            *(("knight", f"B{r}") for r in range(2, 9)),
            ("unicorn", "A3"), ("unicorn", "A7"), ("djinni", "A4"), ("wizard", "A5"),
            ("phoenix", "A6")),
    DARK: (("banshee", "I1"), ("banshee", "I9"), ("manticore", "H1"), ("manticore", "H9"),
           ("troll", "I2"), ("troll", "I8"),
           *(("goblin", f"H{r}") for r in range(2, 9)),
           ("basilisk", "I3"), ("basilisk", "I7"), ("shapeshifter", "I4"),
           ("sorceress", "I5"), ("dragon", "I6")),
}


def square_shade(square: int, cycle_shade: int) -> int:
    """The shade (0..5) a square shows while the cycle is at `cycle_shade`."""
    k = KIND[square]
    if k == "L":
        return SHADE_A
    if k == "D":
        return SHADE_F
    return cycle_shade


def colour_bonus(side: str, shade: int) -> int:
    return LIGHT_BONUS[shade] if side == LIGHT else DARK_BONUS[shade]


@dataclass
class Cycle:
    """The light cycle. `shade` 0..5; `step` +1 heading darker, -1 lighter.

    At an end `step` still points past it; the next advance bounces. `jump`
    is set by Shift Time cast at an end: the next advance goes straight to
    the opposite end.
    """
    shade: int
    step: int
    jump: bool = False

    @classmethod
    def before_first_round(cls, first: str) -> "Cycle":
        # The first advance shows D heading darker (Light first) or C heading lighter.
        return cls(2, 1) if first == LIGHT else cls(3, -1)

    def at_end(self) -> bool:
        return self.shade in (SHADE_A, SHADE_F)

    def advance(self) -> None:
        if self.jump:
            self.shade = SHADE_A if self.shade == SHADE_F else SHADE_F
            self.step = 1 if self.shade == SHADE_F else -1
            self.jump = False
            return
        nxt = self.shade + self.step
        if not 0 <= nxt <= 5:
            self.step = -self.step
            nxt = self.shade + self.step
        self.shade = nxt

    def shift(self) -> None:
        """Shift Time: reverse the direction (at an end: jump to the other end next)."""
        if self.at_end():
            self.jump = not self.jump
        else:
            self.step = -self.step

    def heading(self) -> int:
        """+1 if the next advance goes darker, -1 lighter."""
        if self.jump:
            return 1 if self.shade == SHADE_A else -1
        nxt = self.shade + self.step
        return self.step if 0 <= nxt <= 5 else -self.step

    def hash_fields(self):
        return (self.shade, self.step, self.jump)
