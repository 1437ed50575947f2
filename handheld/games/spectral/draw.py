"""Painting a MatchScene: the cached board layer, then wizards, cursors and
effects on top, then the title line and the four-line text window (or, while
a help is open, the taller help box: all four lines of it and the keys)."""

from __future__ import annotations

import pygame

from handheld.ui.text import draw_text, line_height
from handheld.ui.widgets import TextWindow, draw_thinking, draw_title

from . import rules as R
from . import texts as T
from .art import SPECTRUM_Y, pad_centre

WINDOW = TextWindow(4)
# a help's four lines and the keys: one line taller than the text window, over the
# empty strip under the spectrum row
HELP_BOX = TextWindow(5, pygame.Rect(0, 240 - 5 * line_height() - 4, 320, 5 * line_height() + 4))
HELP_KEYS = "FIRE: BACK   ALT: HOW TO PLAY"


def _wizards(scene, surface) -> None:
    view, step = scene.view, scene.step
    placed = []
    for p in (0, 1):
        pos = scene.shown_wiz[p]
        x, y = pad_centre(pos)
        lift = 0
        if step is not None and step[0] in ("hop", "teleport") and step[3][1] == p:
            ev, left, total = step[3], step[1], step[2]
            done = total - left
            if step[0] == "hop":
                (x0, y0), (x1, y1) = pad_centre(ev[2]), pad_centre(ev[3])
                x, y = x0 + (x1 - x0) * done // total, y0 + (y1 - y0) * done // total
                lift = 8 - abs(2 * done - total) * 8 // total
            else:
                half = total // 2
                where = ev[2] if done < half else ev[3]
                height = (half - done) * 60 // half if done < half else (done - half) * 60 // half
                view.draw_beam(surface, where, max(4, 60 - height))
                if (done // 2) % 2 == 0:
                    continue
                x, y = pad_centre(where)
        elif scene.phase == "cursor" and scene.cursor_kind == "MOVE" and scene.state.player == p:
            x, y = pad_centre(scene.cursor)
            lift = 2 + (scene.tick // 8) % 2
        placed.append((y, x, p, lift))
    for y, x, p, lift in sorted(placed):
        view.draw_wizard(surface, p, x, y, lift)


def _effects(scene, surface) -> None:
    step, view = scene.step, scene.view
    if step is None:
        return
    kind, left, total, ev = step
    if kind == "tweak" and left > total // 2:
        view.draw_flash(surface, ev[1])
    elif kind == "flashend" and (left // 8) % 2 == 0:
        for pos in range(R.N):
            view.draw_flash(surface, pos)
    elif kind in ("lock", "unlock") and (left // 3) % 2 == 0:
        view.draw_flash(surface, ev[2])


def _list_line(item: str, index: int, count: int) -> str:
    """One item of a list the stick scrolls through, with arrows and where it is."""
    return f"\x03 {item} \x04  {index + 1}/{count}"


def _lines(scene) -> list:
    s = scene.state
    p = s.player
    if s.over and scene.step is None and not scene.steps:
        return [(R.result_text(s), "gold"), "", "", ""]
    first = T.player_line(p, scene.shown_power[p])
    second: str | tuple[str, str] = ""
    third = ("", "slate")
    if scene.phase == "actions":
        second = (_list_line(T.ACTIONS[scene.menu_index], scene.menu_index, len(T.ACTIONS)), "gold")
        third = ("STICK: NEXT   FIRE: PICK   ALT: HELP", "slate")
    elif scene.phase == "spells":
        second = (_list_line("CAST " + T.SPELLS[scene.spell_index], scene.spell_index, len(T.SPELLS)), "gold")
        third = ("STICK: NEXT   FIRE: PICK   ALT: HELP", "slate")
    elif scene.phase == "cursor":
        here = scene.cursor == s.wiz[p]
        name = "CANCEL" if here else R.COLOUR_NAMES[s.board[scene.cursor]]
        if scene.cursor_kind == "TELEPORT" and not here:
            name += f"   COST {R.teleport_cost(s, p, scene.cursor)}"
        second = (f"{scene.cursor_kind} TO: {name}", "gold")
        third = ("STICK: AIM   FIRE: GO", "slate")
    elif scene.phase in ("think", "show"):
        who = "HELP ME" if scene.helped else ("COMPUTER " + scene.level.upper())
        second = (who + (" THINKING" if scene.phase == "think" else ""), "silver")
    return [first, second, third, (scene.message, "gold")]


def help_lines(key: str) -> list:
    """The help box's lines for the action or spell `key`: its help, then the keys."""
    return [(line, "silver") for line in T.HELP[key]] + [(HELP_KEYS, "slate")]


def draw_help(surface, key: str) -> None:
    HELP_BOX.draw(surface, help_lines(key))
    r = HELP_BOX.rect
    draw_text(surface, r.right - 4, r.y + 3 + 4 * line_height(), key, "gold", align="right")


def draw_match(scene, surface) -> None:
    s = scene.state
    draw_title(surface, "SPECTRAL SORCERY", f"TURN {s.turn}")
    surface.blit(scene.view.board_layer(scene.shown_board, scene.shown_locks), (0, 12))
    for x, who in ((24, 0), (298, 1)):      # each wizard's power under its name on the spectrum row
        draw_text(surface, x, SPECTRUM_Y + 5, f"POWER {scene.shown_power[who]}",
                  "red" if who == 0 else "violet", "small", align="center")
    _effects(scene, surface)
    p = s.player
    if scene.phase == "cursor":
        scene.view.draw_cursor(surface, scene.cursor, scene.tick, scene.cursor_kind == "TELEPORT")
        scene.view.draw_spectrum_marker(surface, s.board[scene.cursor], scene.tick)
    else:
        scene.view.draw_spectrum_marker(surface, scene.shown_board[scene.shown_wiz[p]], scene.tick)
    _wizards(scene, surface)
    if scene.phase == "help":
        draw_help(surface, scene.help_key)
    else:
        WINDOW.draw(surface, _lines(scene))
    if scene.phase == "think":
        draw_thinking(surface, 300, WINDOW.rect.y + 17, scene.tick)
