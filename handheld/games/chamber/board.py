"""Geometry of the chamber: a 10x10 grid whose corner 2x2 blocks are portals
(one space each) and whose centre 2x2 block is the pervigil per nunc (no space).

Spaces are ints: an ordinary cell is r*10+c (0..99, never a portal or centre
cell); portal p is PORTAL_BASE + p (100..103). Everything here is computed once
at import and is pure data.
"""

from __future__ import annotations

SIZE = 10
PORTAL_BASE = 100
NSUITS = 4
SUIT_NAMES = ("SUNS", "MOONS", "CROWNS", "ARMS")
# Portal p sits in corner p, clockwise from the top left.
PORTAL_CORNERS = ((0, 0), (0, 8), (8, 8), (8, 0))  # top-left cell of each 2x2 block

# Directions clockwise from north: (dr, dc)
DIRS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
# Each portal's sorcerer starts facing diagonally toward the centre.
START_FACING = (3, 5, 7, 1)


def is_centre(r: int, c: int) -> bool:
    return 4 <= r <= 5 and 4 <= c <= 5


def portal_of_cell(r: int, c: int) -> int:
    """Portal index whose block holds (r, c), or -1."""
    for p, (pr, pc) in enumerate(PORTAL_CORNERS):
        if pr <= r <= pr + 1 and pc <= c <= pc + 1:
            return p
    return -1


def cell_space(r: int, c: int) -> int:
    """The space holding cell (r, c); -1 off the board or in the centre."""
    if not (0 <= r < SIZE and 0 <= c < SIZE) or is_centre(r, c):
        return -1
    p = portal_of_cell(r, c)
    return PORTAL_BASE + p if p >= 0 else r * SIZE + c


def is_portal(space: int) -> bool:
    return space >= PORTAL_BASE


def space_cells(space: int) -> tuple[tuple[int, int], ...]:
    if space >= PORTAL_BASE:
        pr, pc = PORTAL_CORNERS[space - PORTAL_BASE]
        return ((pr, pc), (pr, pc + 1), (pr + 1, pc), (pr + 1, pc + 1))
    return ((space // SIZE, space % SIZE),)


ALL_SPACES: tuple[int, ...] = tuple(
    s for s in range(SIZE * SIZE) if cell_space(s // SIZE, s % SIZE) == s
) + tuple(PORTAL_BASE + p for p in range(4))
ORDINARY_SPACES: tuple[int, ...] = tuple(s for s in ALL_SPACES if s < PORTAL_BASE)


def _steps(space: int) -> tuple[tuple[int, int], ...]:
    """(direction, destination) pairs one step away, from any cell of the space."""
    out = []
    for d, (dr, dc) in enumerate(DIRS):
        for r, c in space_cells(space):
            t = cell_space(r + dr, c + dc)
            if t >= 0 and t != space and (d, t) not in out:
                out.append((d, t))
    return tuple(out)


STEPS: dict[int, tuple[tuple[int, int], ...]] = {s: _steps(s) for s in ALL_SPACES}
NEIGHBOURS: dict[int, frozenset[int]] = {s: frozenset(t for _, t in STEPS[s]) for s in ALL_SPACES}


def _rays(space: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """RAYS[space][d]: the straight lines a zap may take from the space in
    direction d (one per starting cell for a portal, deduplicated), each the
    spaces it crosses until the edge or the centre stops it."""
    per_dir = []
    for dr, dc in DIRS:
        lines = []
        for r, c in space_cells(space):
            line: list[int] = []
            rr, cc = r + dr, c + dc
            while True:
                t = cell_space(rr, cc)
                if t < 0:
                    break
                if t != space and (not line or line[-1] != t):
                    line.append(t)
                rr, cc = rr + dr, cc + dc
            if line and tuple(line) not in lines:
                lines.append(tuple(line))
        per_dir.append(tuple(lines))
    return tuple(per_dir)


RAYS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {s: _rays(s) for s in ALL_SPACES}


def _orb_layout() -> tuple[int, ...]:
    """24 orb spaces, 6 per quadrant, four-fold rotational symmetry, none next
    to a portal (the seed's pattern figure was lost; rules/chamber.md)."""
    quadrant = ((0, 4), (4, 0), (1, 3), (3, 1), (2, 3), (3, 2))
    out = []
    for k in range(4):
        for r, c in quadrant:
            for _ in range(k):
                r, c = c, SIZE - 1 - r  # rotate 90 degrees clockwise
            out.append(r * SIZE + c)
    return tuple(out)


ORB_LAYOUT = _orb_layout()


def chebyshev(a: int, b: int) -> int:
    """Smallest king-move distance between any cells of two spaces."""
    best = 99
    for r1, c1 in space_cells(a):
        for r2, c2 in space_cells(b):
            best = min(best, max(abs(r1 - r2), abs(c1 - c2)))
    return best


DIST: dict[tuple[int, int], int] = {(a, b): chebyshev(a, b) for a in ALL_SPACES for b in ALL_SPACES}


# --- line and step queries on a positions list (rules, view and computer) ----
def zap_targets(pos, facing: int, me: int) -> list[int]:
    """Sorcerers the one at pos[me] can reach with a zap in its facing."""
    occ = {sp: q for q, sp in enumerate(pos) if sp >= 0}
    out = []
    for line in RAYS[pos[me]][facing]:
        for sp in line:
            q = occ.get(sp, -1)
            if q >= 0:
                if q not in out:
                    out.append(q)
                break
    return out


def step_targets(pos, facing: int, me: int) -> list[int]:
    """Spaces reachable by one step ahead / ahead-left / ahead-right."""
    allowed = (facing, (facing + 1) % 8, (facing + 7) % 8)
    out = []
    for d, t in STEPS[pos[me]]:
        if d in allowed and t not in out and t not in pos:
            out.append(t)
    return out
