"""`Duel`: the whole arena state and its tick. See engine.py for geometry."""

from __future__ import annotations

from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.barriers import SLOW, SOLID, Barriers
from handheld.games.archon.duel.engine import (
    BOUNCE_TICKS, DARK_START, DX, DY, FIRE, FLAME_STAGE_TICKS, FLAME_STAGES, FLASH_TICKS,
    LIGHT_START, MAX_X, MAX_Y, MIN_X, MIN_Y, ONE, PLAY_X0, PLAY_X1, PLAY_Y0, PLAY_Y1,
    SCREAM_EVERY, SCREAM_TICKS, SUB, TAIL_TICKS, THRUST_TICKS, Fighter, Shot, _DIR_OF,
    overlap, weapon_size)
from handheld.games.archon.duel.model import DuelResult, DuelSetup
from handheld.runtime.statehash import state_hash

# held mask -> (dx, dy) for the four stick bits
_STICK = []
for _m in range(16):
    _dx = (1 if _m & 8 else 0) - (1 if _m & 4 else 0)
    _dy = (1 if _m & 2 else 0) - (1 if _m & 1 else 0)
    _STICK.append((_dx, _dy, _DIR_OF.get((_dx, _dy), -1)))


class Duel:
    """Two fighters, their shots and the barriers. `step(light_held,
    dark_held)` advances one tick with each side's held Action mask."""

    def __init__(self, setup: DuelSetup, rng=None, barriers: Barriers | None = None):
        self.setup = setup
        ls, ds = setup.effective_strengths()
        self.light = Fighter("light", setup.light_icon, setup.dark_icon, ls, setup.light_hp,
                             LIGHT_START, 0)
        self.dark = Fighter("dark", setup.dark_icon, setup.light_icon, ds, setup.dark_hp,
                            DARK_START, 4)
        self.barriers = barriers if barriers is not None else Barriers(rng.fork("barriers"))
        self.tick = 0
        self.tail = -1           # ticks left after the first death; -1 while both live
        self.over = False
        self.events: list = []   # (kind, side) this tick: "fire", "hit", "die", "burn", "bounce"

    # ------------------------------------------------------------------ tick
    def step(self, light_held: int, dark_held: int) -> None:
        if self.over:
            return
        self.tick += 1
        self.events = []
        self.barriers.advance()
        L, D = self.light, self.dark
        if L.alive:
            self._control(L, light_held)
        if D.alive:
            self._control(D, dark_held)
        # Both sides' weapons are checked against the tick's state before any
        # damage lands, so two hits in one tick count the same whichever side
        # is processed first (and both icons can die).
        burn_l = L.weapon_rect() if L.invulnerable else None
        burn_d = D.weapon_rect() if D.invulnerable else None
        hits: list = []
        self._weapons(L, D, burn_d, hits)
        self._weapons(D, L, burn_l, hits)
        for f, foe in hits:
            self._hurt(f, foe)
        for f in (L, D):
            if f.recharge:
                f.recharge -= 1
            if f.flash:
                f.flash -= 1
        if self.tail < 0:
            if not (L.alive and D.alive):
                self.tail = TAIL_TICKS
        else:
            if self.tail:
                self.tail -= 1
            if not self.tail and L.shot is None and D.shot is None and not L.attack \
                    and not D.attack:
                self.over = True

    def _control(self, f: Fighter, held: int) -> None:
        if f.attack and (f.st.weapon == S.THRUST or f.st.weapon == S.FLAME):
            f.moving = False
            return
        if f.bounce:
            f.bounce -= 1
            self._try_move(f, f.bdx, f.bdy, True)
            return
        dx, dy, d = _STICK[held & 15]
        if held & FIRE:
            f.moving = False
            if d >= 0:
                f.facing = d
            if f.recharge == 0 and f.shot is None and not f.attack:
                self._attack(f, d)
            return
        if d < 0:
            f.moving = False
            return
        f.facing = d
        f.moving = True
        f.walk += 1
        t = self.tick
        if f.st.slow and t & 3 == 3:
            return
        if t & 1 and self.barriers.at_point(f.x + 8, f.y + 8) == SLOW:
            return
        self._try_move(f, dx, dy, False)

    def _try_move(self, f: Fighter, dx: int, dy: int, bouncing: bool) -> None:
        nx = f.x + 2 * dx
        ny = f.y + dy
        if nx < MIN_X:
            nx = MIN_X
        elif nx > MAX_X:
            nx = MAX_X
        if ny < MIN_Y:
            ny = MIN_Y
        elif ny > MAX_Y:
            ny = MAX_Y
        wall = self.barriers.worst_in_rect
        if wall(nx + 2, ny + 1, 12, 14) == SOLID and wall(f.x + 2, f.y + 1, 12, 14) != SOLID:
            if not bouncing:
                f.bounce, f.bdx, f.bdy = BOUNCE_TICKS, -dx, -dy
                self.events.append(("bounce", f.side))
                self._try_move(f, -dx, -dy, True)
            return
        f.x, f.y = nx, ny

    def _attack(self, f: Fighter, d: int) -> None:
        st = f.st
        kind = st.weapon
        if kind == S.SHOT or kind == S.THRUST:
            if d < 0:
                return
            if kind == S.SHOT:
                w, h = weapon_size(st, d)
                dx, dy = DX[d], DY[d]
                cx = f.x + 8 + dx * (6 + w // 2)
                cy = f.y + 8 + dy * (6 + h // 2)
                sp = st.shot_speed * ONE
                f.shot = Shot(cx << SUB, cy << SUB, 2 * sp * dx, sp * dy, w, h, d)
        if d >= 0:
            f.attack_dir = d
        f.attack_age = 0
        f.attack_hit = False
        if kind == S.THRUST:
            f.attack = THRUST_TICKS
        elif kind == S.FLAME:
            f.attack = FLAME_STAGES * FLAME_STAGE_TICKS
        elif kind == S.SCREAM:
            f.attack = SCREAM_TICKS
        f.recharge = st.recharge
        f.shots += 1
        self.events.append(("fire", f.side))

    def _weapons(self, f: Fighter, foe: Fighter, burner, hits: list) -> None:
        """Advance f's shot and attack; record (f, foe) in `hits` for a hit.
        `burner` is foe's flame box at the start of the tick (None if none)."""
        if f.shot is not None:
            self._fly(f, foe, burner, hits)
        if not f.attack:
            return
        if not f.alive:
            f.attack = 0
            return
        f.attack_age += 1
        kind = f.st.weapon
        if kind == S.THRUST:
            if not f.attack_hit and foe.alive and burner is None \
                    and overlap(f.weapon_rect(), foe.body()):
                f.attack_hit = True
                hits.append((f, foe))
        else:
            every = FLAME_STAGE_TICKS if kind == S.FLAME else SCREAM_EVERY
            if f.attack_age % every == 0 and foe.alive and burner is None:
                # the box of the stage that just ended
                f.attack_age -= 1
                box = f.weapon_rect()
                f.attack_age += 1
                if overlap(box, foe.body()):
                    hits.append((f, foe))
        f.attack -= 1

    def _fly(self, f: Fighter, foe: Fighter, burner, hits: list) -> None:
        s = f.shot
        s.age += 1
        n = 2 if f.st.shot_speed >= 5 else 1
        wall = self.barriers
        body = foe.body() if foe.alive else None
        hw, hh = s.w >> 1, s.h >> 1
        half = wall.at_point(s.x >> SUB, s.y >> SUB) == SLOW
        vx, vy = s.vx // n, s.vy // n
        if half:
            vx //= 2
            vy //= 2
        for _ in range(n):
            s.x += vx
            s.y += vy
            px, py = s.x >> SUB, s.y >> SUB
            if px < PLAY_X0 or px >= PLAY_X1 or py < PLAY_Y0 or py >= PLAY_Y1:
                f.shot = None
                return
            r = (px - hw, py - hh, s.w, s.h)
            if wall.worst_in_rect(px - hw, py - hh, s.w, s.h) == SOLID:
                f.shot = None
                self.events.append(("wall", f.side))
                return
            if burner is not None and overlap(r, burner):
                f.shot = None
                self.events.append(("burn", foe.side))
                return
            if body is not None and overlap(r, body):
                f.shot = None
                hits.append((f, foe))
                return

    def _hurt(self, f: Fighter, foe: Fighter) -> None:
        foe.strength -= f.st.damage
        foe.flash = FLASH_TICKS
        f.hits += 1
        self.events.append(("hit", foe.side))
        if foe.strength <= 0:
            foe.strength = 0
            foe.alive = False
            foe.died_at = self.tick
            foe.attack = 0
            foe.bounce = 0
            self.events.append(("die", foe.side))

    # ---------------------------------------------------------------- result
    def result(self) -> DuelResult:
        L, D = self.light, self.dark
        if L.alive and not D.alive:
            winner = "light"
        elif D.alive and not L.alive:
            winner = "dark"
        elif not L.alive and not D.alive:
            winner = "both"
        else:   # both alive: only when a headless fight is cut short
            winner = "light" if L.strength * D.start_strength >= D.strength * L.start_strength \
                else "dark"
        return DuelResult(winner, self._kept(L, winner), self._kept(D, winner), self.tick,
                          L.shots, D.shots, L.hits, D.hits, L.strength, D.strength)

    @staticmethod
    def _kept(f: Fighter, winner: str) -> int:
        """The injury rule: the winner keeps min(old HP, strength left)."""
        if winner != f.side or not f.alive:
            return 0
        if f.icon == "shapeshifter":
            return f.old_hp       # always back to full health after winning
        return min(f.old_hp, f.strength)

    # ----------------------------------------------------------- save / hash
    def hash_fields(self):
        return (self.tick, self.tail, self.over, self.light.fields(), self.dark.fields(),
                self.barriers.hash_fields())

    def state_hash(self) -> str:
        return state_hash(self)

    def snapshot(self) -> tuple:
        return (self.tick, self.tail, self.over, self.light.fields(), self.dark.fields(),
                self.barriers.snapshot())

    def restore(self, snap: tuple) -> None:
        """Put this duel back to `snap` in place (rollback: ~10x cheaper than from_snapshot)."""
        self.tick, self.tail, self.over = snap[0], snap[1], snap[2]
        self.light.restore(snap[3])
        self.dark.restore(snap[4])
        self.barriers.restore(snap[5])
        self.events = []

    @classmethod
    def from_snapshot(cls, setup: DuelSetup, snap: tuple) -> "Duel":
        d = cls(setup, barriers=Barriers.from_snapshot(snap[5]))
        d.tick, d.tail, d.over = snap[0], snap[1], snap[2]
        d.light.restore(snap[3])
        d.dark.restore(snap[4])
        return d
