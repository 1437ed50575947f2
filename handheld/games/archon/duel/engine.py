"""The duel arena engine: pure integer rules, one `step` per 60 Hz tick.

No pygame, no clock, no floats. Icon positions are whole pixels (icons move
one unit per tick: 2 px across, 1 px down, so they never need fractions);
shots live in 1/256-px subpixels so half speed inside a slowing barrier stays
exact. Coordinates are arena pixels: the play area is x 8..312, y 10..194; an
icon's (x, y) is the top-left of its 16x16 picture.
"""

from __future__ import annotations

from handheld.games.archon.duel import stats as S

SUB = 8
ONE = 1 << SUB
PLAY_X0, PLAY_Y0, PLAY_X1, PLAY_Y1 = 8, 10, 312, 194
MIN_X, MAX_X, MIN_Y, MAX_Y = 16, 290, 18, 174
LIGHT_START, DARK_START = (16, 88), (290, 104)
THRUST_TICKS = 15
FLAME_STAGE_TICKS, FLAME_STAGES = 10, 5
FLAME_SIZES = ((24, 12), (40, 20), (56, 28), (64, 32), (64, 32))
SCREAM_TICKS, SCREAM_EVERY, SCREAM_SIZE = 42, 5, (64, 32)
TAIL_TICKS = 64
BOUNCE_TICKS = 4
FLASH_TICKS = 10
# Body box inside the 16x16 picture: what a weapon must overlap to hit.
BODY_DX, BODY_DY, BODY_W, BODY_H = 2, 1, 12, 14

# Directions clockwise from east (the board shows Light facing 0, Dark facing 4).
DX = (1, 1, 0, -1, -1, -1, 0, 1)
DY = (0, 1, 1, 1, 0, -1, -1, -1)
_DIR_OF = {(DX[i], DY[i]): i for i in range(8)}
UP, DOWN, LEFT, RIGHT, FIRE = 1, 2, 4, 8, 16   # handheld.base.actions.Action bits


def dir_of(dx: int, dy: int) -> int:
    return _DIR_OF[(dx, dy)]


def held_for(direction: int | None, fire: bool = False) -> int:
    """The held mask that points the stick in `direction` (for AIs and tests)."""
    m = FIRE if fire else 0
    if direction is None:
        return m
    dx, dy = DX[direction], DY[direction]
    if dx > 0:
        m |= RIGHT
    elif dx < 0:
        m |= LEFT
    if dy > 0:
        m |= DOWN
    elif dy < 0:
        m |= UP
    return m


def weapon_size(st: S.IconStats, direction: int) -> tuple:
    """Shot or thrust box (w, h) for a direction; diagonals take the mean."""
    if DY[direction] == 0:
        return st.size_h
    if DX[direction] == 0:
        return st.size_v
    (a, b), (c, d) = st.size_h, st.size_v
    return ((a + c) // 2, (b + d) // 2)


class Shot:
    __slots__ = ("x", "y", "vx", "vy", "w", "h", "dir", "age")

    def __init__(self, x, y, vx, vy, w, h, direction):
        self.x, self.y, self.vx, self.vy = x, y, vx, vy   # centre, subpixels
        self.w, self.h, self.dir, self.age = w, h, direction, 0

    def rect(self) -> tuple:
        return ((self.x >> SUB) - (self.w >> 1), (self.y >> SUB) - (self.h >> 1), self.w, self.h)

    def fields(self):
        return (self.x, self.y, self.vx, self.vy, self.w, self.h, self.dir, self.age)


class Fighter:
    __slots__ = ("side", "icon", "type", "st", "x", "y", "facing", "strength", "start_strength",
                 "old_hp", "alive", "recharge", "shot", "attack", "attack_age", "attack_dir",
                 "attack_hit", "bounce", "bdx", "bdy", "flash", "walk", "moving", "shots",
                 "hits", "died_at")

    def __init__(self, side, icon, opponent, strength, old_hp, pos, facing):
        self.side, self.icon = side, icon
        self.type = S.fighting_type(icon, opponent)
        self.st = S.STATS[self.type]
        self.x, self.y = pos
        self.facing = facing
        self.strength = self.start_strength = strength
        self.old_hp = old_hp
        self.alive = True
        self.recharge = 0
        self.shot = None
        self.attack = 0          # ticks left of a thrust, flame or scream
        self.attack_age = 0
        self.attack_dir = facing
        self.attack_hit = False
        self.bounce = self.bdx = self.bdy = 0
        self.flash = 0
        self.walk = 0            # walking animation counter
        self.moving = False
        self.shots = self.hits = 0
        self.died_at = -1

    @property
    def invulnerable(self) -> bool:
        return self.attack > 0 and self.st.weapon == S.FLAME

    @property
    def rooted(self) -> bool:
        return self.attack > 0 and self.st.weapon in (S.THRUST, S.FLAME)

    @property
    def ready(self) -> bool:
        return self.alive and self.recharge == 0 and self.shot is None and self.attack == 0

    def body(self) -> tuple:
        return (self.x + BODY_DX, self.y + BODY_DY, BODY_W, BODY_H)

    def weapon_rect(self):
        """The thrust box or cloud box while an attack is on, else None."""
        if not self.attack:
            return None
        cx, cy = self.x + 8, self.y + 8
        kind = self.st.weapon
        if kind == S.THRUST:
            d = self.attack_dir
            w, h = weapon_size(self.st, d)
            cx += DX[d] * (6 + w // 2)
            cy += DY[d] * (6 + h // 2)
        elif kind == S.FLAME:
            w, h = FLAME_SIZES[min(self.attack_age // FLAME_STAGE_TICKS, FLAME_STAGES - 1)]
        else:
            w, h = SCREAM_SIZE
        return (cx - w // 2, cy - h // 2, w, h)

    def fields(self):
        return (self.side, self.icon, self.type, self.x, self.y, self.facing, self.strength,
                self.start_strength, self.old_hp, self.alive, self.recharge,
                self.shot.fields() if self.shot else None, self.attack, self.attack_age,
                self.attack_dir, self.attack_hit, self.bounce, self.bdx, self.bdy, self.flash,
                self.walk, self.moving, self.shots, self.hits, self.died_at)

    def restore(self, f) -> None:
        (self.side, self.icon, self.type, self.x, self.y, self.facing, self.strength,
         self.start_strength, self.old_hp, self.alive, self.recharge, shot, self.attack,
         self.attack_age, self.attack_dir, self.attack_hit, self.bounce, self.bdx, self.bdy,
         self.flash, self.walk, self.moving, self.shots, self.hits, self.died_at) = f
        self.st = S.STATS[self.type]
        self.shot = None
        if shot is not None:
            self.shot = Shot(*shot[:7])
            self.shot.age = shot[7]


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
