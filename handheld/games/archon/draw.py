"""Drawing the board screen: title, squares, icons, the box, side panels, text window."""

from __future__ import annotations

import pygame

from handheld.games.archon import board as B
from handheld.games.archon import spells as S
from handheld.games.archon.icons import DARK, ICONS, LIGHT
from handheld.games.archon.art.look import (BOARD_X, CELL, SHADE_COLOURS, BoardLayers, cell_xy, draw_bars,
                                           draw_box, draw_icon, square_xy)
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_thinking, draw_title

SIDE_NAME = {LIGHT: "LIGHT", DARK: "DARK"}
PANEL_X = {LIGHT: 34, DARK: 285}
GAUGE_X, GAUGE_Y, GAUGE_CELL = 206, 228, 11     # the light-cycle gauge, right of the hint line
HINTS = {
    "select": "STICK: MOVE BOX  FIRE: CHOOSE",
    "walk": "STICK: WALK  FIRE: STOP HERE",
    "fly": "STICK: AIM  FIRE: LAND THERE",
    "spells": "STICK+FIRE: CAST  ALT: HELP",
    "revive": "STICK: PICK  FIRE: REVIVE",
    "pick": "STICK: AIM  FIRE: PICK  ALT: CEASE",
    "duel_intro": "DUEL: FIRE + STICK ATTACKS",
}


class MatchDrawing:
    def __init__(self, match):
        self.m = match
        self.layers = BoardLayers()
        self.window = TextWindow()

    def draw(self, surface: pygame.Surface) -> None:
        m, st = self.m, self.m.state
        surface.fill(rgb("ink"))
        draw_title(surface, "ARCHON", f"ROUND {st.round}")
        draw_coordinates(surface)
        self.layers.draw(surface, st.cycle.shade, m.tick)
        self._panels(surface)
        hidden = m.anim.hidden if m.anim else ()
        flash = m.anim.flash if (m.anim and (m.anim.t // 3) % 2 == 0) else ()
        for s in flash:
            x, y = square_xy(s)
            pygame.draw.rect(surface, rgb("flash"), (x + 2, y + 2, CELL - 4, CELL - 4), 2)
        for p in st.pieces:
            if not p.alive or p.id in hidden:
                continue
            x, y = square_xy(p.square)
            draw_icon(surface, p.icon, p.side, x, y)
            if p.imprisoned:
                draw_bars(surface, x, y)
        if m.phase == "walk" and len(m.path) > 1:
            for s in m.path[1:-1]:
                x, y = square_xy(s)
                surface.fill(rgb(("light_side" if st.to_move == LIGHT else "dark_side")), (x + 8, y + 8, 4, 4))
        a = m.anim
        if a is not None and a.icon and 0 < a.t <= len(a.track) and a.visible[a.t - 1]:
            x, y = a.track[a.t - 1]
            draw_icon(surface, a.icon, a.side, x, y, frame=(a.t // 6) % 3)
        self._box(surface)
        if m.menu is not None:
            m.menu.draw(surface)
        self.window.draw(surface, self._lines())
        if m.phase != "end":
            draw_cycle_gauge(surface, st.cycle.shade, st.cycle.heading())
        if m.phase == "think":
            draw_thinking(surface, 300, 200, m.tick)

    def _box(self, surface) -> None:
        m = self.m
        side = m.state.to_move
        if m.phase in ("anim", "end") or (m.phase == "think" and m.pending_action is None):
            return
        if m.phase == "walk":
            x, y = square_xy(m.path[-1])
            draw_icon(surface, m.selected.icon, side, x, y, frame=(m.tick // 8) % 3)
            draw_box(surface, side, x, y)
            return
        x, y = cell_xy(*m.box)
        if m.phase == "fly" and m.selected is not None:
            draw_icon(surface, m.selected.icon, side, x, y, frame=(m.tick // 8) % 3)
        colour = "gold" if m.phase in ("duel_intro", "duel_after") and (m.tick // 4) % 2 else None
        draw_box(surface, side, x, y, colour)

    def _panels(self, surface) -> None:
        st = self.m.state
        for side in (LIGHT, DARK):
            x = PANEL_X[side]
            colour = "light_side" if side == LIGHT else "dark_side"
            draw_text(surface, x, 20, SIDE_NAME[side], colour if st.to_move == side else "slate", align="center")
            draw_text(surface, x, 34, f"{len(st.alive(side))}", "white", align="center")
            draw_text(surface, x, 44, "ICONS", "silver", size="small", align="center")
            left = 7 - len(st.spells_used[side]) if st.mage(side).alive else 0
            draw_text(surface, x, 60, f"{left}", "white", align="center")
            draw_text(surface, x, 70, "SPELLS", "silver", size="small", align="center")
            draw_text(surface, x, 92, self._player(side), colour, size="small", align="center")
            if st.to_move == side and self.m.phase != "end":
                draw_text(surface, x, 104, "TO MOVE", "gold", align="center")

    def _player(self, side: str) -> str:
        m = self.m
        if m.is_computer(side):
            return "COMPUTER"
        if len(m.pad) == 2:
            return f"PLAYER {m.pad[side] + 1}"
        return "YOU"

    def _lines(self) -> list:
        m, st = self.m, self.m.state
        side = st.to_move
        if m.phase == "end":
            w = st.winner
            head = ("THE GAME IS A TIE" if w == "tie" else f"{SIDE_NAME[w]} WINS!", "gold")
            return [head, (st.end_reason, "white"), "", ("FIRE TO CONTINUE", "silver")]
        who = SIDE_NAME[side]
        if m.phase in ("think", "show"):
            first = (f"{who} IS THINKING" if m.phase == "think" else f"{who} MOVES", "silver")
        elif m.phase in ("duel_intro", "duel_after"):
            first = (f"DUEL ON {B.name(B.at(*m.box))}", "gold")
        else:
            you = "light_side" if side == LIGHT else "dark_side"     # whose turn, in their colour
            if m.phase in ("spells", "revive"):
                first = (f"{who}: CHOOSE A SPELL", you)
            elif m.phase == "pick":
                first = (f"{who}: {S.SPELL_NAMES[m.spell]}", you)
            elif m.phase in ("walk", "fly"):
                first = (f"{who}: MOVE YOUR {ICONS[m.selected.icon].name.upper()}", you)
            else:
                first = (f"{who}: CHOOSE AN ICON", you)
        return [first, self._icon_line(), self._message_line(), self._hint_line()]

    def _icon_line(self):
        m, st = self.m, self.m.state
        if m.phase == "duel_intro" and st.pending is not None:
            return (shade_bonus_text(st.pending), "white")
        p = m.selected
        if p is None and B.on_board(*m.box):
            p = st.piece_at(B.at(*m.box))
        if p is None:
            return ""
        info = ICONS[p.icon]
        tag = " PRISONER" if p.imprisoned else ""
        return (f"{info.name.upper()} HP {p.hp}/{p.base} {info.move.upper()} {info.range}{tag}",
                "light_side" if p.side == LIGHT else "dark_side")

    def _message_line(self):
        """A fresh message, else the last action, which stays until the next one."""
        m = self.m
        if m.message_ticks > 0:
            return (m.message, m.message_colour)
        return (m.last_action, "silver") if m.last_action else ""

    def _hint_line(self):
        m = self.m
        if m.phase == "duel_intro" and m.pad:          # a human fights in every duel it is in
            return (HINTS["duel_intro"], "gold")
        if m.is_computer(m.state.to_move):
            return ("COMPUTER'S TURN", "slate")
        return (HINTS.get(m.phase, ""), "silver")


def shade_bonus_text(d) -> str:
    """What the square's shade adds to each fighter, in the arena's own terms."""
    return (f"SHADE {B.SHADES[d.shade]} ADDS +{d.light_strength - d.light_hp} TO LIGHT, "
            f"+{d.dark_strength - d.dark_hp} TO DARK")


def draw_coordinates(surface: pygame.Surface) -> None:
    """Column letters in the title line above the board, row numbers left of it,
    the names the text window uses ("DUEL ON H5")."""
    for i in range(B.SIZE):
        x, y = cell_xy(i, i)
        draw_text(surface, x + CELL // 2, 3, B.COLS[i], "grey", align="center")
        draw_text(surface, BOARD_X - 4, y + CELL // 2 - 3, str(i + 1), "grey", align="right")


def draw_cycle_gauge(surface: pygame.Surface, shade: int, heading: int) -> None:
    """The light cycle as six shade cells (A white .. F black), the current one
    framed in gold, and the way it turns next written beside it."""
    y = GAUGE_Y
    for i, colour in enumerate(SHADE_COLOURS):
        x = GAUGE_X + i * GAUGE_CELL
        surface.fill(rgb("slate"), (x, y, GAUGE_CELL - 1, 9))
        surface.fill(rgb(colour), (x + 1, y + 1, GAUGE_CELL - 3, 7))
    x = GAUGE_X + shade * GAUGE_CELL
    pygame.draw.rect(surface, rgb("gold"), (x - 2, y - 2, GAUGE_CELL + 3, 13), 2)
    word = "DARKER" if heading > 0 else "LIGHTER"
    draw_text(surface, GAUGE_X + 6 * GAUGE_CELL + 2, y + 2, word, "gold", size="small")
