"""Pulsing barriers: 3 kinds x 6 blocks of 16x16 px on a 8x6 grid of slots.

Each kind walks a phase 0..14 in steps of 2 (8 colours), bouncing at the
ends, one step every PHASE_TICKS. Phase 0: no effect; 2: icons and shots
inside move at half speed; 4..14: solid (icons bounce, shots are destroyed).
The per-slot effect list is rebuilt only when a phase changes, so queries in
the tick loop are a few integer ops and list lookups.
"""

from __future__ import annotations

SLOT_X0, SLOT_Y0, SLOT_STEP, BLOCK = 40, 16, 32, 16
COLS, ROWS = 8, 6
NSLOTS = COLS * ROWS
KINDS, PER_KIND = 3, 6
PHASE_TICKS = 258            # about 4.3 s at 60 Hz
START_PHASES = ((0, 2), (8, 2), (10, -2))   # (phase, step): 0 rising, 8 rising, 10 falling
NONE, SLOW, SOLID = 0, 1, 2


def effect_of(phase: int) -> int:
    if phase >= 4:
        return SOLID
    return SLOW if phase >= 2 else NONE


class Barriers:
    __slots__ = ("kind", "phase", "step", "timer", "effect")

    def __init__(self, rng=None, slots=None):
        """Place 6 blocks of each kind on distinct random slots (or given
        `slots`: a list of NSLOTS kinds, -1 for empty)."""
        if slots is None:
            order = list(range(NSLOTS))
            rng.shuffle(order)
            slots = [-1] * NSLOTS
            for i in range(KINDS * PER_KIND):
                slots[order[i]] = i // PER_KIND
        self.kind = list(slots)
        self.phase = [p for p, _ in START_PHASES]
        self.step = [s for _, s in START_PHASES]
        self.timer = PHASE_TICKS
        self.effect = [0] * NSLOTS
        self._rebuild()

    def _rebuild(self) -> None:
        eff = [effect_of(p) for p in self.phase]
        self.effect = [eff[k] if k >= 0 else NONE for k in self.kind]

    def set_phases(self, phases) -> None:
        """For tests and demos: put the three kinds at given phases."""
        self.phase = list(phases)
        self._rebuild()

    def advance(self) -> None:
        """One tick."""
        self.timer -= 1
        if self.timer:
            return
        self.timer = PHASE_TICKS
        for k in range(KINDS):
            p = self.phase[k] + self.step[k]
            if p > 14 or p < 0:
                self.step[k] = -self.step[k]
                p = self.phase[k] + self.step[k]
            self.phase[k] = p
        self._rebuild()

    def worst_in_rect(self, x: int, y: int, w: int, h: int) -> int:
        """Strongest effect among slots the rect overlaps (pixels)."""
        c0 = (x - SLOT_X0 - BLOCK) // SLOT_STEP + 1
        c1 = (x + w - 1 - SLOT_X0) // SLOT_STEP
        if c0 < 0:
            c0 = 0
        if c1 > COLS - 1:
            c1 = COLS - 1
        if c0 > c1:
            return NONE
        r0 = (y - SLOT_Y0 - BLOCK) // SLOT_STEP + 1
        r1 = (y + h - 1 - SLOT_Y0) // SLOT_STEP
        if r0 < 0:
            r0 = 0
        if r1 > ROWS - 1:
            r1 = ROWS - 1
        best = NONE
        eff = self.effect
        for r in range(r0, r1 + 1):
            base = r * COLS
            for c in range(c0, c1 + 1):
                e = eff[base + c]
                if e > best:
                    best = e
        return best

    def at_point(self, x: int, y: int) -> int:
        """Effect of the slot containing pixel (x, y), if any."""
        cx = x - SLOT_X0
        cy = y - SLOT_Y0
        if cx < 0 or cy < 0:
            return NONE
        c, ox = divmod(cx, SLOT_STEP)
        r, oy = divmod(cy, SLOT_STEP)
        if ox >= BLOCK or oy >= BLOCK or c >= COLS or r >= ROWS:
            return NONE
        return self.effect[r * COLS + c]

    def slot_rect(self, slot: int) -> tuple:
        r, c = divmod(slot, COLS)
        return (SLOT_X0 + c * SLOT_STEP, SLOT_Y0 + r * SLOT_STEP, BLOCK, BLOCK)

    def hash_fields(self):
        return (self.kind, self.phase, self.step, self.timer)

    def snapshot(self):
        return (tuple(self.kind), tuple(self.phase), tuple(self.step), self.timer)

    def restore(self, snap) -> None:
        """Back to `snap` in place; the effect list is rebuilt only if it can differ."""
        kind, phase = list(snap[0]), list(snap[1])
        rebuild = kind != self.kind or phase != self.phase
        self.kind, self.phase, self.step, self.timer = kind, phase, list(snap[2]), snap[3]
        if rebuild:
            self._rebuild()

    @classmethod
    def from_snapshot(cls, snap) -> "Barriers":
        b = cls(slots=list(snap[0]))
        b.phase, b.step, b.timer = list(snap[1]), list(snap[2]), snap[3]
        b._rebuild()
        return b
