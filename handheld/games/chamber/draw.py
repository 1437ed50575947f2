"""Painting the match: the board layer (cached per state version), overlays
(cursor, facing preview, zap bolt, flashes), the side panel, the text window,
banners and the hot-seat curtain."""

from __future__ import annotations

import pygame

from handheld.games.chamber import art
from handheld.games.chamber.ai import level_of
from handheld.games.chamber.board import DIRS, PORTAL_BASE, SUIT_NAMES
from handheld.games.chamber.human import HELP
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_panel, draw_thinking, draw_title

PX = 190          # side panel left edge
_window = TextWindow()


def _board_layer(scene) -> pygame.Surface:
    cache = getattr(scene, "_layer", None)
    if cache is not None and cache[0] == scene.version:
        return cache[1]
    st = scene.state
    surf = art.board_background().copy()
    ox, oy = art.BX, art.BY
    for sp, suits in st.orbs.items():
        r = art.space_rect(sp).move(-ox, -oy)
        if sp >= PORTAL_BASE:
            for i, s in enumerate(suits[:4]):
                surf.blit(art.orb(s), (r.x + 1 + (i % 2) * 18, r.y + 1 + (i // 2) * 18))
        else:
            surf.blit(art.orb(suits[0]), (r.x + 1, r.y + 1))
    centre = pygame.Rect(4 * art.CELL, 4 * art.CELL, 2 * art.CELL, 2 * art.CELL)
    for i in range(3):
        surf.blit(art.time_stone(i < st.stones), (centre.x + 4 + i * 10, centre.y + 13))
    for p in range(st.n):
        if st.pos[p] < 0:
            continue
        r = art.space_rect(st.pos[p]).move(-ox, -oy)
        surf.blit(art.sorcerer(st.suit[p], st.pyr[p], st.facing[p], st.pos[p] >= PORTAL_BASE), r.topleft)
        if st.shield[p] >= 0:
            pygame.draw.rect(surf, rgb("cyan"), r.inflate(-2, -2), 1)
    scene._layer = (scene.version, surf)
    return surf


def _overlays(scene, surface) -> None:
    st = scene.state
    cur = st.pos[st.current] if st.pos[st.current] >= 0 else -1
    if cur >= 0 and st.phase != "over":
        pygame.draw.rect(surface, rgb("gold"), art.space_rect(cur), 1)
    ch = scene.chooser if not scene.curtain else None
    if ch is not None:
        for sp in ch.candidate_spaces():
            pygame.draw.rect(surface, rgb("ok"), art.space_rect(sp).inflate(-4, -4), 1)
        csp = ch.cursor_space()
        if csp >= 0 and (scene.tick // 8) % 2 == 0:
            pygame.draw.rect(surface, rgb("white"), art.space_rect(csp), 2)
        prev = ch.dir_preview()
        if prev is not None:
            p, d = prev
            cx, cy = art.space_centre(st.pos[p])
            dy, dx = DIRS[d]
            pygame.draw.line(surface, rgb("gold"), (cx, cy), (cx + dx * 16, cy + dy * 16), 2)
    if scene.anims:
        kind, left, total, data = scene.anims[0]
        if kind == "bolt":
            a, b = (art.space_centre(st.pos[q]) if st.pos[q] >= 0 else art.space_centre(PORTAL_BASE + st.suit[q])
                    for q in data)
            k = total - left
            hx = a[0] + (b[0] - a[0]) * k // total
            hy = a[1] + (b[1] - a[1]) * k // total
            tx = a[0] + (b[0] - a[0]) * max(k - 6, 0) // total
            ty = a[1] + (b[1] - a[1]) * max(k - 6, 0) // total
            pygame.draw.line(surface, rgb("yellow"), (tx, ty), (hx, hy), 3)
            pygame.draw.circle(surface, rgb("flash"), (hx, hy), 3)
        elif kind == "flash" and (left // 5) % 2 == 0 and st.pos[data] >= 0:
            pygame.draw.rect(surface, rgb("danger"), art.space_rect(st.pos[data]), 3)


def _panel(scene, surface) -> None:
    st = scene.state
    draw_panel(surface, (PX - 2, 13, 320 - PX + 2, 183), border="slate", fill="ink")
    for p in range(st.n):
        y = 16 + p * 9
        alive = st.pos[p] >= 0
        if p == st.current and st.phase != "over":
            draw_text(surface, PX + 1, y, "\x04", "gold")
        surface.blit(art.suit_icon(st.suit[p], 8, None if alive else "slate"), (PX + 8, y - 1))
        draw_text(surface, PX + 18, y, SUIT_NAMES[st.suit[p]], art.SUIT_COLOURS[st.suit[p]] if alive else "slate")
        if not alive:
            draw_text(surface, PX + 62, y, "OUT", "slate")
            continue
        for i in range(st.pyr[p]):
            surface.blit(art.pyramid_mark(st.suit[p]), (PX + 58 + i * 8, y))
        surface.blit(art.orb_mark(), (PX + 83, y))
        draw_text(surface, PX + 91, y, str(sum(st.hand[p])), "white")
        if st.shield[p] >= 0:
            draw_text(surface, PX + 101, y + 1, "SHIELD", "cyan", size="small")
        elif st.stunned[p]:
            draw_text(surface, PX + 101, y + 1, "DAZED", "danger", size="small")
    pygame.draw.line(surface, rgb("slate"), (PX, 53), (317, 53))
    me = scene.actor()
    if me < 0:
        return
    seat = scene.seats[me]
    who = "HUMAN" if seat[0] == "human" else level_of(seat[1]).label
    draw_text(surface, PX + 2, 56, f"{SUIT_NAMES[st.suit[me]]}: {who}", art.SUIT_COLOURS[st.suit[me]])
    draw_text(surface, PX + 2, 66, f"MOVES LEFT {st.moves}  TIME STONES {st.stones}", "silver", size="small")
    shown = scene.hand_visible()
    if shown >= 0:
        for s in range(4):
            x = PX + 2 + s * 31
            surface.blit(art.orb(s), (x, 73))
            draw_text(surface, x + 18, 77, f"{st.hand[shown][s]}", "white" if st.hand[shown][s] else "slate")
        extra = []
        if st.shield[shown] >= 0:
            extra.append(f"SHIELD {SUIT_NAMES[st.shield[shown]]}")
        if st.bonus and shown == st.current:
            extra.append("OWN ORB: 1 MORE USE")
        draw_text(surface, PX + 2, 90, "  ".join(extra)[:31], "cyan", size="small")
    else:
        n = sum(st.hand[me])
        for i in range(min(n, 7)):
            surface.blit(art.orb(-1), (PX + 2 + i * 17, 73))
        draw_text(surface, PX + 2, 90, f"{n} ORBS, SUITS HIDDEN", "grey", size="small")
    if scene.is_human(me):
        ch = scene.chooser
        menu = ch.menu() if (ch is not None and not scene.curtain) else None
        if menu is not None:
            m, title = menu
            draw_text(surface, PX + 2, 99, title, "slate", size="small")
            m.draw(surface, PX + 12, 108)
    elif st.phase != "over":
        draw_text(surface, PX + 2, 104, "THINKING", "gold")
        draw_thinking(surface, PX + 54, 107, scene.tick)
        draw_text(surface, PX + 2, 180, "HOLD FIRE: FAST", "slate", size="small")


def _window_lines(scene) -> list:
    st = scene.state
    me = scene.actor()
    lines: list = []
    if st.phase == "over":
        lines.append(((scene.result or {}).get("text", "GAME OVER"), "gold"))
    elif scene.curtain:
        lines.append((f"PASS THE CONTROLS TO {SUIT_NAMES[st.suit[me]]}", "gold"))
    elif st.phase == "deflect" and scene.is_human(me):
        secs = (scene.deflect_left + 59) // 60
        lines.append((f"{SUIT_NAMES[st.suit[me]]}: ZAPPED! DEFLECT? {secs}", "danger"))
    elif st.phase == "place" and scene.is_human(me):
        lines.append((f"{SUIT_NAMES[st.suit[me]]}: PLACE A {SUIT_NAMES[st.queue[0][1]]} ORB", "gold"))
    elif scene.is_human(me):
        lines.append((f"{SUIT_NAMES[st.suit[me]]} TO PLAY", "gold"))
    else:
        lines.append((f"{SUIT_NAMES[st.suit[me]]} IS THINKING", "silver"))
    ch = scene.chooser if not scene.curtain else None
    if ch is not None and ch.help:
        return lines + [(h, "cyan") for h in HELP[ch.highlighted_kind()]][:3]
    if ch is not None:
        lines.append((ch.prompt(), "white"))
    elif scene.curtain:
        lines.append(("OTHERS LOOK AWAY. PRESS FIRE", "white"))
    return lines + scene.log[-(4 - len(lines)):]


def draw_match(scene, surface) -> None:
    st = scene.state
    draw_title(surface, "SORCERER'S CHAMBER", f"TURN {st.turn}")
    surface.fill(rgb("black"), (0, 12, art.BX + art.BOARD_PX + 2, 184))
    surface.blit(_board_layer(scene), (art.BX, art.BY))
    _overlays(scene, surface)
    _panel(scene, surface)
    _window.draw(surface, _window_lines(scene))
    if scene.curtain:
        draw_panel(surface, (20, 50, 280, 100), border="gold", fill="night")
        me = scene.actor()
        draw_text(surface, 160, 70, "PASS THE CONTROLS", "gold", align="center")
        draw_text(surface, 160, 88, f"TO {SUIT_NAMES[st.suit[me]]}", art.SUIT_COLOURS[st.suit[me]], align="center")
        if st.phase == "deflect":
            draw_text(surface, 160, 106, "YOU ARE BEING ZAPPED!", "danger", align="center")
        draw_text(surface, 160, 124, "PRESS FIRE WHEN READY", "white", align="center")
    elif scene.anims and scene.anims[0][0] in ("reveal", "banner"):
        # what a zap revealed goes over the text window, so the board stays in view
        kind, left, total, data = scene.anims[0]
        lines = (data if kind == "reveal" else [data])[:4]
        box = _window.rect
        draw_panel(surface, box, border="gold", fill="night")
        top = box.y + (box.h - 10 * len(lines)) // 2
        for i, text in enumerate(lines):
            draw_text(surface, 160, top + i * 10, text[:39], "gold" if i == 0 else "white", align="center")
