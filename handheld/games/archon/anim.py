"""Board animations as precomputed integer tracks: one (x, y) per tick.

Walkers step square by square along their path, flyers glide, mages (and
teleported icons) vanish and reappear with a flash, a summoned elemental flies
in from its caster's edge. The rules change only when the animation is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from handheld.games.archon import board as B
from handheld.games.archon import rules as R
from handheld.games.archon.icons import ICONS, LIGHT, MAGE, WALK
from handheld.games.archon.art.look import cell_xy, square_xy

STEP_TICKS = 8
GLIDE_TICKS_PER_SQUARE = 6
BLINK_TICKS = 14
FLASH_TICKS = 30
SUMMON_TICKS = 40


@dataclass
class Anim:
    action: object                        # the Move/Cast applied when the track ends
    icon: str | None = None               # the icon drawn on the track
    side: str | None = None
    track: list[tuple[int, int]] = field(default_factory=list)
    visible: list[bool] = field(default_factory=list)
    hidden: tuple[int, ...] = ()          # piece ids not drawn on their squares meanwhile
    flash: tuple[int, ...] = ()           # squares flashing meanwhile
    length: int = 0
    t: int = 0

    def done(self) -> bool:
        return self.t >= self.length

    def hash_fields(self):
        return (self.t, self.length, self.icon, self.hidden, self.flash)


def _line(a: tuple[int, int], b: tuple[int, int], n: int) -> list[tuple[int, int]]:
    return [(a[0] + (b[0] - a[0]) * k // n, a[1] + (b[1] - a[1]) * k // n) for k in range(1, n + 1)]


def walk(p: R.Piece, path: list[int], action) -> Anim:
    track: list[tuple[int, int]] = []
    for a, b in zip(path, path[1:]):
        track += _line(square_xy(a), square_xy(b), STEP_TICKS)
    return Anim(action, p.icon, p.side, track, [True] * len(track), (p.id,), (), len(track))


def glide(p: R.Piece, to: int, action) -> Anim:
    (c0, r0), (c1, r1) = B.col_row(p.square), B.col_row(to)
    n = GLIDE_TICKS_PER_SQUARE * max(abs(c1 - c0), abs(r1 - r0)) + GLIDE_TICKS_PER_SQUARE
    track = _line(square_xy(p.square), square_xy(to), n)
    return Anim(action, p.icon, p.side, track, [True] * n, (p.id,), (), n)


def blink(p: R.Piece, to: int, action) -> Anim:
    """Vanish with a flicker, reappear at the destination."""
    a, b = square_xy(p.square), square_xy(to)
    track = [a] * BLINK_TICKS + [b] * BLINK_TICKS
    visible = [(k // 2) % 2 == 0 for k in range(2 * BLINK_TICKS)]
    return Anim(action, p.icon, p.side, track, visible, (p.id,), (p.square, to), 2 * BLINK_TICKS)


def move(state: R.State, action: R.Move, path: list[int] | None = None) -> Anim:
    p = state.pieces[action.piece]
    kind = ICONS[p.icon].move
    if kind == WALK:
        return walk(p, path or R.walk_path(state, p, action.to), action)
    if kind == MAGE:
        return blink(p, action.to, action)
    return glide(p, action.to, action)


def flash(action, squares: tuple[int, ...], ticks: int = FLASH_TICKS) -> Anim:
    return Anim(action, flash=squares, length=ticks)


def summon(action, caster_side: str, target: int, elemental_hint: str = "air_elemental") -> Anim:
    c, r = B.col_row(target)
    start = cell_xy(-1 if caster_side == LIGHT else B.SIZE, r)
    track = _line(start, square_xy(target), SUMMON_TICKS)
    return Anim(action, elemental_hint, None, track, [True] * SUMMON_TICKS, (), (target,), SUMMON_TICKS)


def cast(state: R.State, action: R.Cast) -> Anim:
    sq = action.squares
    if action.spell == "teleport":
        return blink(state.icon_on(sq[0]), sq[1], action)
    if action.spell == "summon":
        return summon(action, state.to_move, sq[0])
    if action.spell == "shift_time":
        return flash(action, tuple(s for s in range(B.SIZE * B.SIZE) if B.KIND[s] == "V"), FLASH_TICKS)
    return flash(action, sq)
