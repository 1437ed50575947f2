"""How an Atom-4 match looks: the match's state -> pixels.

Layout (320x240): title line; the board layer at the left of the play area;
a side panel (round, score, colour wheel with the next pieces, thinking
indicator); the cabinet's text window at the bottom. Static parts are cached
Surfaces rebuilt only when what they show changes: the board layer holds the
background, the lattice, the pieces and the legal-spot hints, and after a move
only the points that changed are repainted; a frame blits it and adds a few
small sprites (cursor, flashes).
"""

from __future__ import annotations

import pygame

from handheld.games.atom4.art import R, TEXT_COLOURS, Sprites
from handheld.games.atom4.rules import CELLS, EMPTY, NAMES, NEIGHBOURS, SIZE, player_of
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import PLAY_RECT, TextWindow, draw_panel, draw_thinking, draw_title

BOARD_POS = (4, 12)                 # board layer's top-left on the 320x240 screen
BOARD_W, BOARD_H = 218, 184
STEP_X, STEP_Y = 13, 11


def point_xy(i: int) -> tuple[int, int]:
    """Centre of point i inside the board layer."""
    x, y = i % SIZE, i // SIZE
    return 7 + x * STEP_X + (6 if y & 1 else 0), 7 + y * STEP_Y


def screen_xy(i: int) -> tuple[int, int]:
    cx, cy = point_xy(i)
    return BOARD_POS[0] + cx, BOARD_POS[1] + cy


class BoardLayer:
    """The board as one cached Surface; `sync(board, legal, colour)` repaints
    only the points whose piece or hint changed since the last sync."""

    def __init__(self, sprites: Sprites):
        self.sprites = sprites
        self.background = pygame.Surface((BOARD_W, BOARD_H))
        bg = self.background
        bg.fill(rgb("night"))
        line = rgb("ink")
        for i in range(CELLS):
            a = point_xy(i)
            for n in NEIGHBOURS[i]:
                if n > i:
                    pygame.draw.line(bg, line, a, point_xy(n))
        for i in range(CELLS):
            x, y = point_xy(i)
            bg.fill(rgb("slate"), (x, y, 1, 1))
        self.surface = bg.copy()
        self.shown: list = [None] * CELLS   # what each point shows: colour, ("hint", c) or None

    def sync(self, board, legal, colour: int | None) -> int:
        """Repaint changed points; returns how many were repainted."""
        n = 0
        sp = self.sprites
        for i in range(CELLS):
            v = board[i]
            want = v if v != EMPTY else (("hint", colour) if colour is not None and i in legal else None)
            if want == self.shown[i]:
                continue
            self.shown[i] = want
            x, y = point_xy(i)
            area = pygame.Rect(x - R, y - R, 2 * R + 1, 2 * R + 1)
            self.surface.blit(self.background, area, area)
            if isinstance(want, int):
                self.surface.blit(sp.pieces[want], area)
            elif want is not None:
                self.surface.blit(sp.hints[want[1]], (x - 2, y - 2))
            n += 1
        return n


PANEL = pygame.Rect(226, PLAY_RECT.y + 2, 92, PLAY_RECT.h - 4)
WHEEL_C = (PANEL.centerx, PANEL.y + 84)
# Seed's wheel: red top-left, yellow top-right, green right, cyan bottom-right,
# blue bottom-left, purple left.
WHEEL_POS = {1: (-11, -19), 3: (11, -19), 2: (22, 0), 6: (11, 19), 4: (-11, 19), 5: (-22, 0)}


def who(match, player: int) -> str:
    """How the screen names a player: YOU, P1/P2 (two humans) or CPU."""
    if match.is_human(player):
        return f"P{player}" if match.options["players"] == 2 else "YOU"
    return "CPU"


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
    """A match's frame and its caches; `draw(surface, match)` paints one frame."""

    def __init__(self, title: str, aid: bool):
        self.title = title
        self.sprites = Sprites(aid)
        self.layer = BoardLayer(self.sprites)
        self.window = TextWindow()
        self._chrome_key = None
        self._chrome = pygame.Surface((320, 240))
        self._panel_key = None
        self._panel = pygame.Surface(PANEL.size)
        self._synced = None

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

    def draw(self, surface, m) -> None:
        pos = m.pos
        surface.blit(self._chrome_surface(m), (0, 0))
        sync_key = (m.round_no, len(pos.moves), m.phase)
        if sync_key != self._synced:
            self._synced = sync_key
            show_hints = m.phase == "play" and m.is_human(pos.player)
            self.layer.sync(pos.board, pos.legal, pos.colour if show_hints else None)
        surface.blit(self.layer.surface, BOARD_POS)
        surface.blit(self._panel_surface(m), PANEL.topleft)
        sp = self.sprites
        if m.flash and (m.flash // 6) % 2 == 0:
            for i in m.changed:
                x, y = screen_xy(i)
                surface.blit(sp.flash, (x - R - 1, y - R - 1))
                if i != m.changed[0]:
                    surface.blit(sp.flash_in, (x - R, y - R))
        if m.line and (m.tick // 10) % 2 == 0:
            for i in m.line:
                x, y = screen_xy(i)
                surface.blit(sp.win, (x - R - 1, y - R - 1))
        # the cursor blinks, but never in the second after it moved or a move was refused
        steady = m.tick - m.cursor_tick < 60
        if m.phase == "play" and m.is_human(pos.player) and (steady or (m.tick // 12) % 4 != 3):
            x, y = screen_xy(m.cursor)
            ring = sp.cursor_ok if pos.is_legal(m.cursor) else sp.cursor_bad
            surface.blit(ring, (x - R - 1, y - R - 1))
        if m.thinking:
            draw_thinking(surface, PANEL.x + PANEL.w // 2 - 7, PANEL.bottom - 12, m.tick)
