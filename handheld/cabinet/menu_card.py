"""The menu's card for the highlighted game: a live miniature of its demo and
the cabinet's records for it.

The miniature is the game's own attract-mode demo, run silently in a context of
its own at half rate: even ticks advance the demo, odd ticks draw it and shrink
it to 160x120, so a frame pays for one of the two, never both. It starts once
the highlight has rested for a moment, so scrolling the menu stays smooth.
"""

from __future__ import annotations

import logging

import pygame

from handheld.base.actions import EMPTY_FRAME
from handheld.base.records import GameRecord, clock_text
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

log = logging.getLogger("handheld.menu")

THUMB_SIZE = (160, 120)
REST_TICKS = 12            # the highlight rests this long before the demo starts
LINE_CHARS = 27            # what fits beside the menu list


def players_text(game) -> str:
    low = max(1, game.min_players)          # 0 humans is the demo, not a way to play
    if game.max_players > low:
        return f"{low}-{game.max_players} PLAYERS"
    return f"{game.max_players} PLAYER" + ("S" if game.max_players > 1 else "")


def demo_picture(game, ticks: int = 240):
    """A `Panel.picture` showing the game's demo after `ticks` ticks: made on
    first draw, then cached (for a game without its own how-to-play panels)."""
    cache: dict = {}

    def picture(surface, rect) -> None:
        if "img" not in cache:
            from handheld.runtime.context import Context
            from handheld.display.base import logical_surface

            ctx = Context.headless_context(seed=1)
            full = logical_surface()
            try:
                demo = game.demo_scene(ctx, 1)
                for _ in range(ticks):
                    demo.update(EMPTY_FRAME)
                demo.draw(full)
            except NotImplementedError:
                full.fill(rgb("night"))
            h = rect.h
            cache["img"] = pygame.transform.smoothscale(full, (h * 4 // 3, h))
        img = cache["img"]
        surface.blit(img, (rect.centerx - img.get_width() // 2, rect.y))
    return picture


def record_lines(rec: GameRecord) -> list[tuple[str, str]]:
    """The card's records block: a heading, a line per computer level, streak and fastest win."""
    if rec.played == 0:
        return [("RECORDS VS COMPUTER", "gold"), ("NONE YET: BEAT THE", "grey"),
                ("COMPUTER TO GET ON", "grey"), ("THIS CARD", "grey")]
    lines = [("RECORDS VS COMPUTER", "gold")]
    for level, r in list(rec.levels.items())[:3]:
        text = f"{level.upper()} {r.won} WON {r.lost} LOST" + (f" {r.drawn} DRAWN" if r.drawn else "")
        if len(text) > LINE_CHARS:
            text = f"{level.upper()} {r.won}W {r.lost}L {r.drawn}D"
        lines.append((text, "white"))
    fastest = clock_text(rec.fastest_win) if rec.fastest_win is not None else "-"
    lines.append((f"BEST STREAK {rec.best_streak}  FASTEST {fastest}", "silver"))
    return lines


class Miniature:
    """The highlighted game's demo, playing small."""

    def __init__(self, ctx):
        from handheld.audio import NullAudio
        from handheld.runtime.context import Context
        from handheld.base.scene import Director

        self.ctx = Context(director=Director(), audio=NullAudio(), settings=ctx.settings,
                           headless=ctx.headless, seed=ctx.seed)
        self.game = None
        self.demo = None
        self.rest = 0
        self.runs = 0
        self.full: pygame.Surface | None = None
        self.thumb: pygame.Surface | None = None
        self.has_picture = False

    def show(self, game) -> None:
        if game is self.game:
            return
        self.game, self.demo, self.rest, self.has_picture = game, None, 0, False

    def update(self, tick: int) -> None:
        if self.game is None or not self.game.built:
            return
        self.rest += 1
        if self.demo is None:
            if self.rest >= REST_TICKS:
                self._start()
            return
        if tick % 2 == 0:
            self.demo.update(EMPTY_FRAME)
            if self.demo.finished:
                self._start()
        else:
            if self.full is None:
                from handheld.display.base import logical_surface
                self.full = logical_surface()
                self.thumb = pygame.Surface(THUMB_SIZE, 0, self.full)
            self.demo.draw(self.full)
            pygame.transform.smoothscale(self.full, THUMB_SIZE, self.thumb)
            self.has_picture = True

    def _start(self) -> None:
        self.runs += 1
        try:
            self.demo = self.game.demo_scene(self.ctx, self.ctx.seed + self.runs)
        except NotImplementedError:
            self.game = None
            self.demo = None

    def draw(self, surface, x: int, y: int) -> None:
        pygame.draw.rect(surface, rgb("slate"), (x - 1, y - 1, THUMB_SIZE[0] + 2, THUMB_SIZE[1] + 2), 1)
        if self.has_picture:
            surface.blit(self.thumb, (x, y))
        else:
            surface.fill(rgb("night"), (x, y, *THUMB_SIZE))
            draw_text(surface, x + THUMB_SIZE[0] // 2, y + 56, "LOADING DEMO" if self.game else "",
                      "slate", align="center")
