"""The computer fighter, after the original's outline: line up on a row,
column or diagonal within reach, fire after a reaction delay, dodge shots in
flight, steer around solid barriers, and as a ready Phoenix flame to block.
It reads only what a player sees on the screen: positions, facing, shots in
flight, barrier colours, and its own recharge.

Levels 0..2 (easy, normal, hard) set the reaction delay and how often it
sees a shot coming. Each reaction delay is drawn from its Rng (a fork of the
match's), so the seed changes every duel's timing. Against a human
(`mercy=True`) it waits half as long again when it is ahead, like the
original; between two computer fighters the delay never depends on who is
ahead. Between peers (two computer fighters of the same level, as in the
board's computer-vs-computer duels) the weaker shooter lets the foe attack
first, so strength decides. All choices are integer arithmetic.
"""

from __future__ import annotations

from handheld.games.archon.duel import stats as S
from handheld.games.archon.duel.barriers import SOLID
from handheld.games.archon.duel.engine import (
    DX, DY, FIRE, MAX_X, MAX_Y, MIN_X, MIN_Y, SUB, held_for, weapon_size)

# the duel fighter's skill (its level) -> (mean reaction delay in ticks, chance in tenths to dodge a shot)
SKILLS = ((28, 4), (14, 7), (6, 9))
PLAN_EVERY = 8
STUCK_TICKS = 40        # standing still this long without attacking: go elsewhere
WANDER_TICKS = 24
IDLE_TICKS = 240        # ready this long without a chance to attack: go elsewhere
PATIENCE = 90           # ticks a fighter that is behind declines even trades
PEER_PATIENCE = 600     # ticks a weaker shooter holds fire at a ready peer (a safety net)
OPENING = (20, 45)      # ticks spent sizing the foe up before the first attack
CLOSERS = (S.THRUST, S.FLAME, S.SCREAM)
KITE_DX, KITE_DY = 56, 30   # a shooter recharging backs off a closer this near
FLAME_BLOCK_DX, FLAME_BLOCK_DY = 80, 40   # a Phoenix flames to block only this near
ALIGN_SLACK = 5         # px off the line a shot still counts as lined up
REACH_TICKS = 16        # a shot's reach: how far it flies in this many ticks
CLOSER_REACH_TICKS = 8  # the reach against a closer that is coming
FLAME_REACH_DX = 40     # a Banshee keeps this far from a Phoenix that can flame
_SIGN = lambda v: (v > 0) - (v < 0)  # noqa: E731


class ComputerFighter:
    __slots__ = ("side", "level", "rng", "mercy", "peer", "delay", "dodge_num", "aim", "wait", "tx",
                 "ty", "dodge_id", "dodge_ok", "jitter", "line", "still", "last", "wander",
                 "opening", "idle", "declined")

    def __init__(self, side: str, level: int, rng, mercy: bool = False, peer: bool = False):
        self.side = side
        self.level = max(0, min(2, int(level)))
        self.rng = rng
        self.mercy = bool(mercy)
        self.peer = bool(peer)   # the foe is a computer fighter of the same level
        self.delay, self.dodge_num = SKILLS[self.level]
        self.aim = 0
        self.wait = 0
        self.still = 0           # ticks standing on the same spot without attacking
        self.last = (-1, -1)
        self.wander = 0          # ticks left heading for a fresh spot after standing still
        self.opening = rng.randint(*OPENING)
        self.idle = 0            # ticks ready without attacking
        self.declined = 0        # ticks spent declining trades since the last attack
        self.tx = self.ty = -1
        self.dodge_id = -1
        self.dodge_ok = -1       # tick from which it dodges the shot in flight; -1 never
        self.jitter = 0
        self.line = -1

    def fields(self):
        return (self.side, self.level, self.mercy, self.peer, self.aim, self.wait, self.tx, self.ty,
                self.dodge_id, self.dodge_ok, self.jitter, self.line, self.still, self.last,
                self.wander, self.opening, self.idle, self.declined, self.rng.getstate())

    def reaction_delay(self, me, foe) -> int:
        """Ticks to hold aim before this attack: the level's mean, +-25%
        drawn from the Rng; half as long again when ahead of a human."""
        base = self.delay
        wait = base - (base >> 2) + self.rng.randrange((base >> 1) + 1)
        if self.mercy and me.strength > foe.strength:
            wait += wait >> 1
        return wait

    # --------------------------------------------------------------- decide
    def decide(self, duel) -> int:
        """The held Action mask for this tick."""
        if self.side == "light":
            me, foe = duel.light, duel.dark
        else:
            me, foe = duel.dark, duel.light
        if not me.alive or me.bounce or (me.attack and me.st.weapon != S.SCREAM):
            self.still = 0
            return 0
        if (me.x, me.y) == self.last:
            self.still += 1
        else:
            self.still = 0
            self.last = (me.x, me.y)
        st = me.st
        s = foe.shot
        if s is not None:
            if self.dodge_id != foe.shots:
                # a new shot: seen or not, and if seen, after a reaction time
                self.dodge_id = foe.shots
                half = self.delay >> 1
                self.dodge_ok = duel.tick + half + self.rng.randrange(half + 1) \
                    if self.rng.randrange(10) < self.dodge_num else -1
            if 0 <= self.dodge_ok <= duel.tick:
                eta, side = self._threat(me, s, foe.st.shot_speed)
                if eta >= 0:
                    if st.weapon == S.FLAME and me.ready and eta <= 5 \
                            and abs(foe.x - me.x) <= FLAME_BLOCK_DX \
                            and abs(foe.y - me.y) <= FLAME_BLOCK_DY:
                        return FIRE
                    d = self._dodge(me, s, side, duel)
                    if d >= 0:
                        return held_for(d)
        if me.ready and foe.alive and duel.tick > self.opening:
            d = self._aligned(me, foe, duel)
            if d is not None and st.weapon == S.SHOT and foe.ready and self._holds_fire(me, foe, duel):
                # let the foe attack first, then answer while it recharges
                self.declined += 1
                d = None
            if d is not None:
                if self.aim == 0:
                    self.wait = self.reaction_delay(me, foe)
                self.aim += 1
                if self.aim > self.wait:
                    self.aim = 0
                    self.still = self.idle = self.declined = 0
                    return held_for(d if d >= 0 else None, True)
                return 0          # hold still while taking aim
            else:
                self.aim = 0
        if not foe.alive:
            return 0
        if st.weapon == S.SCREAM and foe.invulnerable:
            return 0              # a Banshee waits out a Phoenix's flame where she is
        if st.weapon == S.SHOT and foe.st.weapon in CLOSERS and not me.ready \
                and abs(foe.x - me.x) < KITE_DX and abs(foe.y - me.y) < KITE_DY:
            d = self._away(me, foe, duel)
            if d >= 0:
                return held_for(d)
        if me.ready:
            self.idle += 1
        if (self.still > STUCK_TICKS or self.idle > IDLE_TICKS) and not self.wander:
            # Never freeze: an icon that has stood still this long without
            # attacking heads for a random spot for a while, then re-plans.
            self.wander = WANDER_TICKS
            self.idle = 0
            self.tx = self.rng.randint(MIN_X >> 1, MAX_X >> 1) << 1
            self.ty = self.rng.randint(MIN_Y, MAX_Y)
        if self.wander:
            self.wander -= 1
        elif duel.tick % PLAN_EVERY == 0 or self.tx < 0:
            self._plan(me, foe, duel)
        return self._steer(me, duel)

    def _holds_fire(self, me, foe, duel) -> bool:
        """Decline a shot at a ready foe? Against a peer: whenever this side
        has less strength left. Otherwise: when it would lose a straight
        exchange of hits and the foe is lined up to answer."""
        if self.peer:
            return self.declined < PEER_PATIENCE and me.strength < foe.strength
        return self.declined < PATIENCE and _behind(me, foe) \
            and self._aligned(foe, me, duel) is not None

    # ---------------------------------------------------------------- dodge
    @staticmethod
    def _threat(me, s, speed):
        """(ticks until the shot reaches me, which side of its line I am on)
        or (-1, 0) when it will miss."""
        sx, sy = s.x >> SUB, s.y >> SUB
        bx, by = me.x + 8, me.y + 8
        ddx, ddy = DX[s.dir], DY[s.dir]
        sp = max(speed, 1)
        if ddx == 0:
            ahead = (by - sy) * ddy
            off = bx - sx
            if ahead <= -8 or abs(off) > (s.w >> 1) + 9:
                return -1, 0
            return max(ahead, 0) // sp, _SIGN(off) or 1
        ahead = (bx - sx) * ddx
        if ahead <= -8:
            return -1, 0
        py = sy + ddy * (ahead >> 1) if ddy else sy
        off = by - py
        if abs(off) > (s.h >> 1) + 10:
            return -1, 0
        eta = max(ahead, 0) // (2 * sp)
        return (eta, _SIGN(off) or 1) if eta < 45 else (-1, 0)

    def _dodge(self, me, s, side, duel):
        if DX[s.dir] == 0:       # vertical shot: step sideways
            prefs = (0, 4) if side > 0 else (4, 0)
        else:                    # across or diagonal: step up or down
            prefs = (2, 6) if side > 0 else (6, 2)
        for d in prefs:
            if self._free(me, d, duel):
                return d
        return -1

    def _away(self, me, foe, duel) -> int:
        """A free direction away from the foe (-1 if cornered)."""
        # straight across first: a closer comes along my row, so backing off
        # along it keeps the shot lined up for when I am ready
        d = 0 if (me.x - foe.x or (1 if self.side == "dark" else -1)) > 0 else 4
        up = me.y < foe.y or (me.y == foe.y and self.side == "light")
        turns = (0, -1, 1, -2, 2) if (d == 0) == up else (0, 1, -1, 2, -2)
        for turn in turns:
            dd = (d + turn) & 7
            if self._free(me, dd, duel):
                return dd
        return -1

    # --------------------------------------------------------------- attack
    def _aligned(self, me, foe, duel):
        """Direction to attack now (-1: any, for clouds), or None."""
        if foe.invulnerable:
            return None           # a burning Phoenix: wait for the flame to end
        dx = foe.x - me.x
        dy = foe.y - me.y
        st = me.st
        kind = st.weapon
        if kind == S.FLAME:
            return -1 if abs(dx) <= 30 and abs(dy) <= 16 else None
        if kind == S.SCREAM:
            if foe.st.weapon == S.FLAME and foe.ready and foe.shots:
                return None       # it would only flame back: wait until it has
            return -1 if abs(dx) <= 36 and abs(dy) <= 18 else None
        if kind == S.THRUST:
            if abs(dy) <= 6 and 4 <= abs(dx) <= 22:
                return 0 if dx > 0 else 4
            if abs(dx) <= 4 and 6 <= abs(dy) <= 16:
                return 2 if dy > 0 else 6
            return None
        ax, ay = abs(dx), abs(dy)
        # against an icon coming close, wait for it: a near shot can't be
        # dodged
        near = foe.st.weapon in CLOSERS and foe.moving
        reach = st.shot_speed * (CLOSER_REACH_TICKS if near else REACH_TICKS)
        if ax > 2 * reach or ay > reach:
            return None           # too far: the foe would see it coming
        # shots start just outside the body, so even a foe at arm's length
        # is in the line of fire
        if ay <= (st.size_h[1] >> 1) + ALIGN_SLACK and ax >= 8:
            d = 0 if dx > 0 else 4
        elif ax <= (st.size_v[0] >> 1) + ALIGN_SLACK and ay >= 10:
            d = 2 if dy > 0 else 6
        elif ay >= 8 and abs(ax - 2 * ay) <= 2 * ALIGN_SLACK:
            d = (1 if dy > 0 else 7) if dx > 0 else (3 if dy > 0 else 5)
        else:
            return None
        return d if self._clear(me.x + 8, me.y + 8, foe.x + 8, foe.y + 8, st, d, duel) else None

    @staticmethod
    def _clear(x0, y0, x1, y1, st, d, duel) -> bool:
        """No solid barrier on the shot's path from (x0, y0) to (x1, y1)."""
        w, h = weapon_size(st, d)
        n = max(abs(x1 - x0) >> 4, abs(y1 - y0) >> 3, 1)
        wall = duel.barriers.worst_in_rect
        for i in range(1, n):
            x = x0 + (x1 - x0) * i // n
            y = y0 + (y1 - y0) * i // n
            if wall(x - (w >> 1), y - (h >> 1), w, h) == SOLID:
                return False
        return True

    # ---------------------------------------------------------------- moves
    def _plan(self, me, foe, duel) -> None:
        st = me.st
        fx, fy = foe.x, foe.y
        if st.weapon != S.SHOT:
            off = 18 if st.weapon == S.THRUST else 12
            if st.weapon == S.SCREAM and foe.st.weapon == S.FLAME and foe.ready and foe.shots:
                off = FLAME_REACH_DX + 4    # hover just outside the flame
            # approach from my side of the foe; when level with it, Light
            # takes the left and Dark the right so mirror fighters part
            left = me.x < fx or (me.x == fx and self.side == "light")
            self.tx = fx - off if left else fx + off
            self.ty = fy
            if self.tx < MIN_X or self.tx > MAX_X:
                self.tx = fx + off if self.tx < MIN_X else fx - off
            return
        if me.ready and 20 <= abs(fx - me.x) <= 64 and abs(fy - me.y) <= 24 \
                and self._clear(me.x + 8, fy + 8, fx + 8, fy + 8, st, 0, duel):
            self.tx, self.ty = me.x, fy    # close by: step onto its row and shoot
            return
        if self.rng.randrange(32) == 0:
            self.jitter = self.rng.randint(-2, 2) * 16
        cands = []
        # same row, keeping some distance
        x = me.x + self.jitter
        if abs(x - fx) < 64:
            x = fx - 96 if fx - 96 >= MIN_X and (me.x <= fx or fx + 96 > MAX_X) else fx + 96
        cands.append((x, fy))
        # same column
        y = me.y
        if abs(y - fy) < 40:
            y = fy - 64 if fy - 64 >= MIN_Y else fy + 64
        cands.append((fx, y))
        # diagonals through the foe, at the point nearest to me
        for sx in (-1, 1):
            for sy in (-1, 1):
                k = ((me.x - fx) * sx + 2 * (me.y - fy) * sy) * 2 // 5
                k = max(24, k >> 1)
                cands.append((fx + 2 * k * sx, fy + k * sy))
        best = None
        for kind, (cx, cy) in enumerate(cands):
            if not (MIN_X <= cx <= MAX_X and MIN_Y <= cy <= MAX_Y):
                continue
            if duel.barriers.worst_in_rect(cx + 2, cy + 1, 12, 14) == SOLID:
                continue
            cost = max(abs(cx - me.x) >> 1, abs(cy - me.y))
            d = _dir_towards(fx - cx, fy - cy)
            if not self._clear(cx + 8, cy + 8, fx + 8, fy + 8, st, d, duel):
                cost += 150
            if kind != self.jitter_kind():
                cost += 24        # hysteresis: keep the line we are heading for
            if best is None or cost < best[0]:
                best = (cost, cx, cy, kind)
        if best is None:
            self.tx, self.ty = me.x, fy
        else:
            self.tx, self.ty = best[1] & ~1, best[2]
            self.line = best[3]

    def jitter_kind(self) -> int:
        return self.line

    def _steer(self, me, duel) -> int:
        dx = self.tx - me.x if abs(self.tx - me.x) >= 2 else 0
        dy = self.ty - me.y
        if dx == 0 and dy == 0:
            return 0
        d = _dir_towards(dx, dy)
        for turn in (0, 1, -1, 2, -2, 3, -3):
            dd = (d + turn) & 7
            if self._free(me, dd, duel):
                return held_for(dd)
        return 0

    @staticmethod
    def _free(me, d, duel) -> bool:
        nx = me.x + 2 * DX[d]
        ny = me.y + DY[d]
        if nx < MIN_X or nx > MAX_X or ny < MIN_Y or ny > MAX_Y:
            return False
        return duel.barriers.worst_in_rect(nx + 2, ny + 1, 12, 14) != SOLID


def _behind(me, foe) -> bool:
    """Would I lose a straight exchange of hits? Fewer hits to kill me than
    to kill the foe, or as many and less strength."""
    mine = -(-me.strength // max(foe.st.damage, 1))
    theirs = -(-foe.strength // max(me.st.damage, 1))
    return mine < theirs or (mine == theirs and me.strength < foe.strength)


def _dir_towards(dx: int, dy: int) -> int:
    """Nearest of the 8 directions for a vector (pixel units; x counts half)."""
    sx, sy = _SIGN(dx), _SIGN(dy)
    ax, ay = abs(dx) >> 1, abs(dy)
    if ax > 2 * ay:
        sy = 0
    elif ay > 2 * ax:
        sx = 0
    if sx == 0 and sy == 0:
        sx = 1
    return {(1, 0): 0, (1, 1): 1, (0, 1): 2, (-1, 1): 3, (-1, 0): 4, (-1, -1): 5,
            (0, -1): 6, (1, -1): 7}[(sx, sy)]
