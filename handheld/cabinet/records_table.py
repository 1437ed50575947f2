"""The records table: the cabinet's high-score screen, shown by attract mode
after each round of demos (and by `handheld screenshot menu:records`)."""

from __future__ import annotations

from handheld import TICK_HZ
from handheld.games.registry import built_games
from handheld.base.actions import Action, InputFrame
from handheld.base.records import Records, clock_text
from handheld.base.scene import Scene
from handheld.ui.palette import rgb
from handheld.ui.text import draw_text
from handheld.ui.widgets import TextWindow, draw_title

SHOW_TICKS = 10 * TICK_HZ
ROW_H = 11
MAX_ROWS = 15
COLUMNS = (("GAME", 4, "left"), ("LEVEL", 146, "left"), ("WON", 206, "right"), ("LOST", 236, "right"),
           ("STREAK", 268, "right"), ("FASTEST", 316, "right"))


def table_rows(records: Records) -> list[tuple[str, ...]]:
    """One row per game and level played: game (first row only), level, won, lost,
    and the game's best streak and fastest win on its first row."""
    rows: list[tuple[str, ...]] = []
    for game in built_games():
        rec = records.of(game.id)
        for i, (level, r) in enumerate(rec.levels.items()):
            first = i == 0
            fastest = clock_text(rec.fastest_win) if rec.fastest_win is not None else "-"
            rows.append((game.title.upper() if first else "", game.level_label(level), str(r.won), str(r.lost),
                         str(rec.best_streak) if first else "", fastest if first else ""))
    return rows[:MAX_ROWS]


class RecordsScene(Scene):
    """The table. In attract mode (`auto=True`) it finishes by itself after a
    while; otherwise FIRE or ALT leaves."""

    def __init__(self, ctx, auto: bool = False):
        self.ctx, self.auto = ctx, auto
        self.age = 0
        self.finished = False
        self.rows = table_rows(ctx.records if ctx.records is not None else Records())

    def update(self, frame: InputFrame) -> None:
        self.age += 1
        if self.auto:
            self.finished = self.age >= SHOW_TICKS
        elif frame.any_pressed(Action.FIRE | Action.ALT):
            self.finished = True
            self.ctx.director.pop()

    # what the screen says; the room's table (handheld/cabinet/room_table.py) says its own
    TITLE = ("CABINET RECORDS", "HUMANS VS COMPUTER")
    COLUMNS = COLUMNS
    COLOURS = ("white", "silver", "ok", "danger", "gold", "cyan")
    EMPTY = ("NO RECORDS YET", "BEAT THE COMPUTER AND YOUR", "WIN IS WRITTEN HERE")
    EXPLAIN = ("WINS AND LOSSES AGAINST EACH", "COMPUTER LEVEL, BEST WINNING", "STREAK AND FASTEST WIN (M:SS)")

    def draw(self, surface) -> None:
        surface.fill(rgb("ink"))
        draw_title(surface, *self.TITLE)
        y = 18
        for name, x, align in self.COLUMNS:
            draw_text(surface, x, y, name, "gold", "small", align=align)
        surface.fill(rgb("slate"), (4, y + 8, 312, 1))
        if not self.rows:
            for line, yy, colour in zip(self.EMPTY, (90, 104, 114), ("white", "grey", "grey")):
                draw_text(surface, 160, yy, line, colour, align="center")
        for r, row in enumerate(self.rows):
            yy = y + 13 + r * ROW_H
            for (_, x, align), text, colour in zip(self.COLUMNS, row, self.COLOURS):
                draw_text(surface, x, yy, text, colour, align=align)
        hint = "PRESS FIRE TO PLAY" if self.auto else "FIRE OR ALT: BACK"
        TextWindow().draw(surface, [(line, "white") for line in self.EXPLAIN] + [(hint, "slate")])
