"""How an Atom-4 match looks: the match's state -> pixels.

Layout (320x240): title line; the board view at the left of the play area,
its points' x numbers above it and y numbers left of it (what a hint names);
a side panel (round, score, the colour wheel with the next pieces, thinking
indicator); the cabinet's text window at the bottom.

The board view zooms to the part of the lattice in play: the closest of four
zoom levels whose window holds every piece and every legal spot (the closest
level still shows 8x8 points, more than the start). At a level the window sits
as near the start's pair as it can while holding them all, so it moves only
when play reaches its edge, never a little on every move; a cursor walked off
the view pans it. Each level's whole lattice is one cached Surface
(background, pieces, legal-spot markers) repainted only where a point changed,
so panning is a blit from a different place and a frame costs what it did
unzoomed.
"""

from __future__ import annotations

import pygame

from handheld.games.atom4.art import R, TEXT_COLOURS, Sprites
from handheld.games.atom4.rules import CELLS, EMPTY, NAMES, NEIGHBOURS, SIZE, index, player_of
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text, line_height, text_width
from handheld.ui.widgets import PLAY_RECT, TextWindow, draw_panel, draw_thinking, draw_title

# the board's window on the 320x240 screen; the y numbers stand left of it, the x numbers above
VIEW = pygame.Rect(14, 21, 208, 175)
# Zoom levels, whole lattice first: (step between points across, between rows,
# piece radius). The last shows 8x8 points with whole pieces.
ZOOMS = ((12, 10, R), (16, 14, 6), (19, 16, 8), (24, 21, 10))
START_PAIR = (index(7, 7), index(8, 7))     # where every round's first pieces stand


class Geometry:
    """Where points sit on one zoom level's lattice Surface."""

    def __init__(self, level: int):
        self.level = level
        self.sx, self.sy, self.r = ZOOMS[level]
        self.margin = self.r + 2                 # a piece, its ring and a pixel
        self.w = max(VIEW.w, 2 * self.margin + (SIZE - 1) * self.sx + self.sx // 2)
        self.h = max(VIEW.h, 2 * self.margin + (SIZE - 1) * self.sy)
        self.xy = tuple((self.margin + (i % SIZE) * self.sx + (self.sx // 2 if (i // SIZE) & 1 else 0),
                         self.margin + (i // SIZE) * self.sy) for i in range(CELLS))

    def point_xy(self, i: int) -> tuple[int, int]:
        return self.xy[i]


GEOMETRY = tuple(Geometry(k) for k in range(len(ZOOMS)))


def _clamp(v: int, lo: int, hi: int) -> int:
    return max(lo, min(v, hi))


def _follow(v: int, lo: int, hi: int, jump: int) -> int:
    """v if the cursor's window range [lo, hi] allows it, else v moved by
    whole jumps into the range: a cursor walking off the view pans it three
    points at a time, not one (fewer frames repaint the whole board).
    The range is wider than a jump at every level, so one always lands."""
    if v < lo:
        return v + -(-(lo - v) // jump) * jump
    if v > hi:
        return v - -(-(v - hi) // jump) * jump
    return v


def region_boxes(region) -> tuple:
    """Per level, the region's point bounds (x0, x1, y0, y1): what
    `choose_view` needs of the region, worked out once per move."""
    out = []
    for g in GEOMETRY:
        xy = [g.xy[i] for i in region] or [(g.w // 2, g.h // 2)]
        xs, ys = [x for x, _ in xy], [y for _, y in xy]
        out.append((min(xs), max(xs), min(ys), max(ys)))
    return tuple(out)


def choose_view(region, cursor: int | None, boxes=None) -> tuple[int, int, int]:
    """(level, x, y): the closest zoom whose window holds every point of
    `region` (pieces and legal spots), with the window's top-left at (x, y)
    on that level's lattice Surface: as near centred on the start's pair as
    holding the region allows, so the window moves only when the region
    pushes at its edge. The cursor only pans the window, three points at a
    time, when it walks off it: the zoom and the view hold still while it
    moves among the pieces. `boxes` is `region_boxes(region)` if the caller
    kept it."""
    boxes = boxes or region_boxes(region)
    for g in reversed(GEOMETRY):
        x0, x1, y0, y1 = boxes[g.level]
        m = g.margin
        if g.level and (x1 - x0 + 2 * m + 1 > VIEW.w or y1 - y0 + 2 * m + 1 > VIEW.h):
            continue
        (ax, ay), (bx, by) = (g.xy[i] for i in START_PAIR)
        ox = _clamp((ax + bx) // 2 - VIEW.w // 2, x1 + m + 1 - VIEW.w, x0 - m)
        oy = _clamp((ay + by) // 2 - VIEW.h // 2, y1 + m + 1 - VIEW.h, y0 - m)
        if cursor is not None:
            cx, cy = g.xy[cursor]
            ox = _follow(ox, cx + m + 1 - VIEW.w, cx - m, 3 * g.sx)
            oy = _follow(oy, cy + m + 1 - VIEW.h, cy - m, 3 * g.sy)
        return g.level, _clamp(ox, 0, g.w - VIEW.w), _clamp(oy, 0, g.h - VIEW.h)
    raise AssertionError("the whole-lattice level always fits")


class BoardLayer:
    """One zoom level's whole lattice as a cached Surface; `sync(board, legal,
    colour)` repaints only the points whose piece or marker changed since the
    last sync."""

    _backgrounds: dict = {}

    def __init__(self, geometry: Geometry, sprites: Sprites):
        self.g, self.sprites = geometry, sprites
        self.surface = self._background(geometry).copy()
        self.shown: list = [None] * CELLS   # what each point shows: colour, ("hint", c) or None
        self.key: tuple | None = None       # what the last sync showed (MatchPicture's key)

    @classmethod
    def _background(cls, g: Geometry) -> pygame.Surface:
        if g.level not in cls._backgrounds:
            bg = pygame.Surface((g.w, g.h))
            bg.fill(rgb("night"))
            for i in range(CELLS):
                a = g.point_xy(i)
                for n in NEIGHBOURS[i]:
                    if n > i:
                        pygame.draw.line(bg, rgb("ink"), a, g.point_xy(n))
            dot = 1 if g.r < 8 else 2
            for i in range(CELLS):
                x, y = g.point_xy(i)
                bg.fill(rgb("slate"), (x - dot // 2, y - dot // 2, dot, dot))
            cls._backgrounds[g.level] = bg
        return cls._backgrounds[g.level]

    def sync(self, board, legal, colour: int | None) -> int:
        """Repaint changed points; returns how many were repainted."""
        n, sp, r = 0, self.sprites, self.g.r
        bg = self._background(self.g)
        for i in range(CELLS):
            v = board[i]
            want = v if v != EMPTY else (("hint", colour) if colour is not None and i in legal else None)
            if want == self.shown[i]:
                continue
            self.shown[i] = want
            x, y = self.g.point_xy(i)
            area = pygame.Rect(x - r, y - r, 2 * r + 1, 2 * r + 1)
            self.surface.blit(bg, area, area)
            if isinstance(want, int):
                self.surface.blit(sp.pieces[want], area)
            elif want is not None:
                self.surface.blit(sp.hints[want[1]], area)
            n += 1
        return n


PANEL = pygame.Rect(226, PLAY_RECT.y + 2, 92, PLAY_RECT.h - 4)
TOP_NUMBERS = pygame.Rect(0, PLAY_RECT.y, PANEL.x - 1, VIEW.y - PLAY_RECT.y)    # the x numbers' strip
LEFT_NUMBERS = pygame.Rect(0, VIEW.y, VIEW.x, VIEW.h)                           # the y numbers'
WHEEL_C = (PANEL.centerx, PANEL.y + 84)
# Seed's wheel: red top-left, yellow top-right, green right, cyan bottom-right,
# blue bottom-left, purple left.
WHEEL_POS = {1: (-11, -19), 3: (11, -19), 2: (22, 0), 6: (11, 19), 4: (-11, 19), 5: (-22, 0)}


def who(match, player: int) -> str:
    """How the screen names a player: YOU, P1/P2 (two humans) or CPU."""
    if match.is_human(player):
        return f"P{player}" if match.options["players"] == 2 else "YOU"
    return "CPU"


def change_text(placed: int, pairs) -> str:
    """What a move did to the pieces it changed, (old, new) colour pairs, in
    the words of the how-to card: "GREEN CHANGED RED->YELLOW, BLUE->CYAN X2"."""
    if not pairs:
        return ""
    counts: dict = {}
    for pair in pairs:
        counts[pair] = counts.get(pair, 0) + 1
    kinds = [f"{NAMES[a]}->{NAMES[b]}" + (f" X{n}" if n > 1 else "") for (a, b), n in counts.items()]
    text = f"{NAMES[placed]} CHANGED {', '.join(kinds)}".upper()
    if text_width(text) > TextWindow.rect.w - 8:
        text = f"{NAMES[placed]} CHANGED {len(pairs)} PIECES: DOTTED RINGS".upper()
    return text


def lines(match) -> list:
    """The text window's four lines for the match's phase and turn."""
    m, pos = match, match.pos
    if m.phase == "round_end":
        w = pos.winner
        head = ("ROUND DRAWN: BOARD FULL", "silver") if w == "draw" else \
            (f"{who(m, w)} ({'WHITE' if w == 1 else 'BLACK'}) WINS ROUND {m.round_no}", "gold")
        nxt = "FIRE: NEXT" if not m.match_over() else "FIRE: RESULT"
        return [head, (m.message, "silver"), (nxt, "silver"), ""]
    p, c = pos.player, pos.colour
    name = who(m, p)
    verb = "PLAY" if name == "YOU" else "PLAYS"
    first = (f"{name} ({'WHITE' if p == 1 else 'BLACK'}) {verb} {NAMES[c].upper()}", TEXT_COLOURS[c])
    if m.is_human(p):
        help_ = ("STICK MOVE  FIRE PLACE  ALT HINT", "silver")
    else:
        help_ = ("THINKING...", "silver")
    goal = "MAKE 4 WHITES IN A ROW" if p == 1 else "MAKE 4 BLACKS IN A ROW"
    return [first, help_, (m.message, "white"), (goal, "grey")]


class MatchPicture:
    """A match's frame and its caches; `draw(surface, match)` paints one frame.
    `view` is (level, x, y) from `choose_view`; `screen_xy(i)` is where point
    i is on the screen now."""

    def __init__(self, title: str, aid: bool):
        self.title = title
        self.aid = aid
        self.sprites = Sprites(aid)
        self.layers: dict[int, BoardLayer] = {}
        self.window = TextWindow()
        self._chrome_key = None
        self._chrome = pygame.Surface((320, 240))
        self._panel_key = None
        self._panel = pygame.Surface(PANEL.size)
        self._view_key: tuple | None = None        # ((round, moves, phase), cursor or None)
        self._numbers_key: tuple | None = None     # (view, cursor)
        self._top_numbers = pygame.Surface(TOP_NUMBERS.size)
        self._left_numbers = pygame.Surface(LEFT_NUMBERS.size)
        self.view = (0, 0, 0)
        for g in GEOMETRY:            # each level's lattice is drawn once per process, not mid-game
            BoardLayer._background(g)

    @property
    def geometry(self) -> Geometry:
        return GEOMETRY[self.view[0]]

    def screen_xy(self, i: int) -> tuple[int, int]:
        x, y = self.geometry.point_xy(i)
        return VIEW.x + x - self.view[1], VIEW.y + y - self.view[2]

    def _chrome_surface(self, m):
        key = (tuple(map(tuple, [x if isinstance(x, tuple) else (x,) for x in lines(m)])), m.round_no)
        if key != self._chrome_key:
            self._chrome_key = key
            s = self._chrome
            s.fill(rgb("ink"))
            draw_title(s, self.title, f"ROUND {m.round_no}/{m.options['rounds']}")
            self.window.draw(s, lines(m))
        return self._chrome

    def _panel_surface(self, m):
        pos = m.pos
        key = (m.scores[1], m.scores[2], pos.turn, m.phase, m.round_no)
        if key != self._panel_key:
            self._panel_key = key
            s = self._panel
            r = s.get_rect()
            draw_panel(s, r)
            sp = self.sprites
            for row, p in enumerate((1, 2)):
                y = 6 + row * 14
                s.blit(sp.pieces[7 if p == 1 else 0], (5, y - 1))
                draw_text(s, 20, y, who(m, p), "white")
                draw_text(s, r.w - 6, y, str(m.scores[p]), "gold", align="right")
            # the wheel's own label: what it is, what the ring means
            draw_text(s, r.w // 2, 38, "TURN ORDER", "silver", align="center")
            draw_text(s, r.w // 2, 48, "RING: TO PLAY", "grey", align="center")
            cx, cy = WHEEL_C[0] - PANEL.x, WHEEL_C[1] - PANEL.y
            nxt = pos.next_colours(3) if m.phase == "play" else []
            for c, (dx, dy) in WHEEL_POS.items():
                s.blit(sp.pieces[c], (cx + dx - R, cy + dy - R))
                if nxt and c == nxt[0]:
                    pygame.draw.circle(s, rgb("gold"), (cx + dx, cy + dy), R + 3, 1)
                    pygame.draw.line(s, rgb("gold"), (cx, cy), (cx + dx // 2, cy + dy // 2))
            s.fill(rgb("slate"), (cx - 1, cy - 1, 3, 3))
            draw_text(s, r.w // 2, 116, "NEXT", "silver", align="center")
            for k, c in enumerate(nxt):
                x = 14 + k * 24
                s.blit(sp.pieces[c], (x, 128))
                draw_text(s, x + R, 142, f"P{player_of(c)}", TEXT_COLOURS[c] if c else "grey",
                          size="small", align="center")
        return self._panel

    def _update_view(self, m) -> BoardLayer:
        pos = m.pos
        human = m.phase == "play" and m.is_human(pos.player)
        sync_key = (m.round_no, len(pos.moves), m.phase)
        key = (sync_key, m.cursor if human else None)
        if key != self._view_key:
            if self._view_key is None or self._view_key[0] != sync_key:
                board = pos.board
                self._boxes = region_boxes([i for i in range(CELLS) if board[i] != EMPTY] + list(pos.legal))
            self._view_key = key
            self.view = choose_view((), key[1], self._boxes)
        level = self.view[0]
        if level not in self.layers:
            self.layers[level] = BoardLayer(GEOMETRY[level], Sprites(self.aid, ZOOMS[level][2]))
        layer = self.layers[level]
        if layer.key != sync_key:
            layer.key = sync_key
            layer.sync(pos.board, pos.legal, pos.colour if human else None)
        return layer

    def _numbers(self, surface, cursor: int | None) -> None:
        """Each point's x above the view (over the even rows' points: odd rows sit
        half a step right) and y left of it; every other x where the points stand
        too close for two digits. The cursor's own are gold. Drawn on two strips
        kept until the view or the cursor moves."""
        key = (self.view, cursor)
        if key != self._numbers_key:
            self._numbers_key = key
            g, (_, ox, oy) = self.geometry, self.view
            cx, cy = (cursor % SIZE, cursor // SIZE) if cursor is not None else (-1, -1)
            top, left = self._top_numbers, self._left_numbers
            top.fill(rgb("ink"))
            left.fill(rgb("ink"))
            every = 1 if g.sx > text_width("15") + 2 else 2
            for x in range(SIZE):
                sx = VIEW.x + g.xy[x][0] - ox              # row 0 (even): the unshifted column
                w = text_width(str(x))
                whole = sx + 1 - w // 2 >= 0 and sx + 1 - w // 2 + w <= top.get_width()   # never a cut number
                if VIEW.x <= sx < VIEW.right and whole and (x % every == 0 or x == cx):
                    draw_text(top, sx + 1, 1, str(x), "gold" if x == cx else "grey", align="center")
            half = line_height() // 2 - 2
            for y in range(SIZE):
                sy = g.xy[y * SIZE][1] - oy
                if half <= sy and sy + half < VIEW.h:
                    draw_text(left, VIEW.x - 2, sy - half, str(y), "gold" if y == cy else "grey", align="right")
        surface.blit(self._top_numbers, TOP_NUMBERS)
        surface.blit(self._left_numbers, LEFT_NUMBERS)

    def draw(self, surface, m) -> None:
        pos = m.pos
        surface.blit(self._chrome_surface(m), (0, 0))
        layer = self._update_view(m)
        _, ox, oy = self.view
        surface.blit(layer.surface, VIEW.topleft, (ox, oy, VIEW.w, VIEW.h))
        surface.blit(self._panel_surface(m), PANEL.topleft)
        sp, r = layer.sprites, layer.g.r
        clip = surface.get_clip()
        surface.set_clip(VIEW)
        # the last move stays marked until the next: its piece ringed, the pieces it changed
        # in dotted rings (blinking while the move is fresh)
        if m.changed and (not m.flash or (m.flash // 6) % 2 == 0):
            for i in m.changed:
                x, y = self.screen_xy(i)
                surface.blit(sp.changed if i != m.changed[0] else sp.placed, (x - r - 2, y - r - 2))
        if m.line and (m.tick // 10) % 2 == 0:
            for i in m.line:
                x, y = self.screen_xy(i)
                surface.blit(sp.win, (x - r - 1, y - r - 1))
        human = m.phase == "play" and m.is_human(pos.player)
        if human:               # always on: after the computer's move it stands on that piece
            x, y = self.screen_xy(m.cursor)
            # red only where the player took it: not on the piece a move just put there
            moved = m.cursor_tick >= m.turn_tick
            bad = moved and not pos.is_legal(m.cursor)
            surface.blit(sp.cursor_bad if bad else sp.cursor_ok, (x - r - 3, y - r - 3))
        surface.set_clip(clip)
        self._numbers(surface, m.cursor if human else None)
        if m.thinking:
            draw_thinking(surface, PANEL.x + PANEL.w // 2 - 7, PANEL.bottom - 12, m.tick)
