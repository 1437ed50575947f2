"""Attract mode: the cabinet's show while nobody plays. Each built game's
how-to-play card turns by itself, then its computer-vs-computer demo plays;
after every round of games comes the records table. Any input leaves."""

from __future__ import annotations

import logging

from handheld import TICK_HZ
from handheld.base.actions import EMPTY_FRAME, InputFrame
from handheld.base.scene import Scene
from handheld.cabinet.launcher import games_shown
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text

log = logging.getLogger("handheld.cabinet.attract")


class AttractScene(Scene):
    """Starts with the demo of the game at `start_index`; `steps` logs what was
    shown as ("howto" | "demo" | "records", game id or None)."""

    def __init__(self, ctx, demo_seconds: int = 40, start_index: int = 0):
        self.ctx = ctx
        self.games = [g for g in games_shown(ctx) if g.built]
        self.demo_ticks = demo_seconds * TICK_HZ
        self.index = start_index
        self.current: Scene | None = None
        self.kind = ""
        self.demo_game = None
        self.age = 0
        self.tick = 0
        self.shown: list[str] = []          # the games whose demo was shown, in order
        self.steps: list[tuple[str, str | None]] = []
        self._plan = self._playlist()
        self._next()

    def _playlist(self):
        first = True
        while self.games:
            game = self.games[self.index]
            if not first:
                panels = game.how_to_play()
                if panels:
                    from handheld.ui.howto import HowToScene
                    yield "howto", game, HowToScene(self.ctx, game.title, panels, auto=True)
            first = False
            self.ctx.seed += 1
            try:
                yield "demo", game, game.demo_scene(self.ctx, self.ctx.seed)
            except NotImplementedError:
                pass
            self.index = (self.index + 1) % len(self.games)
            if self.index == 0:
                from handheld.cabinet.records_table import RecordsScene
                yield "records", None, RecordsScene(self.ctx, auto=True)
                if self.ctx.room is not None:         # in an event fleet: the room's table beside it
                    from handheld.cabinet.room_table import RoomScene
                    yield "room", None, RoomScene(self.ctx, auto=True)

    def _next(self) -> None:
        self.age = 0
        self.current = None
        try:
            kind, game, scene = next(self._plan)
        except StopIteration:         # no games built
            return
        self.kind, self.current = kind, scene
        self.steps.append((kind, game.id if game else None))
        if kind == "demo":
            self.demo_game = game
            self.shown.append(game.id)

    def update(self, frame: InputFrame) -> None:
        self.tick += 1
        if frame.any_pressed() or frame.any_held():
            self.finished = True
            self.ctx.director.remove(self)
            return
        if self.current is None:
            return
        self.current.update(EMPTY_FRAME)
        self.age += 1
        if self.current.finished or (self.kind == "demo" and self.age >= self.demo_ticks):
            self._next()

    def draw(self, surface) -> None:
        if self.current is None:
            surface.fill(rgb("ink"))
            draw_text(surface, 160, 110, "HANDHELD", "gold", align="center")
            return
        self.current.draw(surface)
        if self.kind == "demo" and (self.tick // 40) % 2 == 0:
            # over the game's name, left in the title line: the middle and right hold
            # what the game shows there (Archon's column letters, the round)
            surface.fill(rgb("ink"), (0, 0, 74, 11))
            draw_text(surface, 4, 3, "DEMO - PRESS FIRE", "gold", "small")
