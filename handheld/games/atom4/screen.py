"""The Atom-4 match screen: lattice, cursor, hints, colour wheel, flashes, score.

Layout (320x240): title line; the board layer at the left of the play area;
a side panel (round, score, colour wheel with the next pieces, thinking
indicator); the cabinet's text window at the bottom. Static parts are cached
Surfaces rebuilt only when what they show changes.
"""

from __future__ import annotations

import pygame

from handheld.games.atom4.rounds import Match
from handheld.games.atom4.rules import NAMES, player_of
from handheld.games.atom4.sounds import register_sounds
from handheld.games.atom4.view import (BOARD_POS, R, TEXT_COLOURS, BoardLayer, Sprites,
                                       screen_xy)
from handheld.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import PLAY_RECT, TextWindow, draw_panel, draw_thinking, draw_title

PANEL = pygame.Rect(226, PLAY_RECT.y + 2, 92, PLAY_RECT.h - 4)
WHEEL_C = (PANEL.centerx, PANEL.y + 84)
# Seed's wheel: red top-left, yellow top-right, green right, cyan bottom-right,
# blue bottom-left, purple left.
WHEEL_POS = {1: (-11, -19), 3: (11, -19), 2: (22, 0), 6: (11, 19), 4: (-11, 19), 5: (-22, 0)}


class MatchScene(Scene):
    def __init__(self, ctx, seed: int, options: dict | None = None, title: str = "ATOM-4"):
        self.ctx = ctx
        self.match = Match(seed, options)
        self.title = title
        self.sprites = Sprites(bool(ctx.setting("display.colour_blind", False)))
        self.layer = BoardLayer(self.sprites)
        self.window = TextWindow()
        self._chrome_key = None
        self._chrome = pygame.Surface((320, 240))
        self._panel_key = None
        self._panel = pygame.Surface(PANEL.size)
        self._synced = None
        register_sounds(ctx.audio)
        self.finished = False
        self.result: dict = {}

    # --- scene protocol -------------------------------------------------
    def update(self, frame) -> None:
        m = self.match
        m.update(frame)
        for ev in m.events:
            kind = ev[0]
            if kind == "place":
                self.ctx.audio.play("atom4.chain" if ev[1] >= 3 else "atom4.place")
            elif kind == "bad":
                self.ctx.audio.play("atom4.bad")
            elif kind == "cursor":
                self.ctx.audio.play("atom4.cursor")
            elif kind == "round":
                self.ctx.audio.play("atom4.draw" if ev[1] == "draw" else "atom4.win")
        if m.finished and not self.finished:
            self.finished = True
            self.result = dict(m.result)

    def state_hash(self) -> str:
        return self.match.state_hash()

    # --- text -----------------------------------------------------------
    def _who(self, player: int) -> str:
        m = self.match
        if m.is_human(player):
            return f"P{player}" if m.options["players"] == 2 else "YOU"
        return "CPU"

    def lines(self) -> list:
        m, pos = self.match, self.match.pos
        if m.phase == "round_end":
            w = pos.winner
            head = ("ROUND DRAWN: BOARD FULL", "silver") if w == "draw" else \
                (f"{self._who(w)} ({'WHITE' if w == 1 else 'BLACK'}) WINS ROUND {m.round_no}", "gold")
            nxt = "FIRE: NEXT" if not m.match_over() else "FIRE: RESULT"
            return [head, (m.message, "silver"), (nxt, "silver"), ""]
        p, c = pos.player, pos.colour
        who = self._who(p)
        first = (f"{who} (P{p}) PLAYS {NAMES[c].upper()}", TEXT_COLOURS[c])
        if m.is_human(p):
            help_ = ("STICK MOVE  FIRE PLACE  ALT HINT", "silver")
        else:
            help_ = ("THINKING...", "silver")
        goal = "MAKE 4 WHITES IN A ROW" if p == 1 else "MAKE 4 BLACKS IN A ROW"
        return [first, help_, (m.message, "white"), (goal, "grey")]

    # --- drawing --------------------------------------------------------
    def _chrome_surface(self):
        m = self.match
        key = (tuple(map(tuple, [x if isinstance(x, tuple) else (x,) for x in self.lines()])), m.round_no)
        if key != self._chrome_key:
            self._chrome_key = key
            s = self._chrome
            s.fill(rgb("ink"))
            draw_title(s, self.title, f"ROUND {m.round_no}/{m.options['rounds']}")
            self.window.draw(s, self.lines())
        return self._chrome

    def _panel_surface(self):
        m, pos = self.match, self.match.pos
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
                draw_text(s, 20, y, f"{self._who(p)}", "white")
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

    def draw(self, surface) -> None:
        m, pos = self.match, self.match.pos
        surface.blit(self._chrome_surface(), (0, 0))
        sync_key = (m.round_no, len(pos.moves), m.phase)
        if sync_key != self._synced:
            self._synced = sync_key
            show_hints = m.phase == "play" and m.is_human(pos.player)
            self.layer.sync(pos.board, pos.legal, pos.colour if show_hints else None)
        surface.blit(self.layer.surface, BOARD_POS)
        surface.blit(self._panel_surface(), PANEL.topleft)
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
        if m.phase == "play" and m.is_human(pos.player) and (m.tick // 12) % 4 != 3:
            x, y = screen_xy(m.cursor)
            ring = sp.cursor_ok if pos.is_legal(m.cursor) else sp.cursor_bad
            surface.blit(ring, (x - R - 1, y - R - 1))
        if m.thinking:
            draw_thinking(surface, PANEL.x + PANEL.w // 2 - 7, PANEL.bottom - 12, m.tick)
