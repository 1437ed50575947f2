"""The runner around every match: pause menu, end-of-match menu, replay recording.

Games build the match scene; the runner owns what every game shares, so START
pauses the same way in every game and every match is saved as a replay.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from handheld import TICK_HZ
from handheld.base.actions import Action, InputFrame
from handheld.runtime.journal import start_journal
from handheld.runtime.replay import Replay
from handheld.base.scene import Scene
from handheld.ui.text import draw_text
from handheld.ui.widgets import WINDOW_H, Menu, draw_panel

log = logging.getLogger("handheld.match")
# pause-menu choices that throw the match in play away: each asks first, NO highlighted
CONFIRM = {"RESTART": "RESTART? THIS MATCH IS LOST", "QUIT TO MENU": "QUIT? THIS MATCH IS LOST"}
KEEP_REPLAYS = 20


class MatchRunner(Scene):
    """Hosts `game.match_scene(...)`. Frames reach the match unchanged except
    while paused; every frame the match sees is recorded as it saw it."""

    def __init__(self, ctx, game, options: dict, seed: int, journal: bool = True):
        self.ctx, self.game, self.options, self.seed = ctx, game, dict(options), seed
        self.match = game.match_scene(ctx, seed, self.options)
        self.replay = Replay(game.id, seed, self.options, play_version=game.play_version)
        # the match journal, for resuming after a power cut (handheld/cabinet/resume.py)
        self.journal = start_journal(ctx, game, self.options, seed, self.match.human_players()) if journal else None
        self.menu: Menu | None = None
        self.menu_kind = ""
        self.confirming = ""            # the pause choice the question is about
        self.saved_path: Path | None = None
        log.info("match started: %s, seed %d", game.id, seed)

    # --- the loop -------------------------------------------------------
    def update(self, frame: InputFrame) -> None:
        if self.menu is not None:
            self._update_menu(self.menu, frame)
            return
        if frame.any_pressed(Action.START):
            self._open_menu("pause")
            return
        self.replay.record(frame)
        self.match.update(frame)
        if self.match.finished:
            self._finish()
        elif self.journal is not None:
            self.journal.after_tick(self.replay, live=self.match.real_time, decisions=self.match.decisions)

    def _end_journal(self) -> None:
        if self.journal is not None:
            self.journal.discard()
            self.journal = None

    def _finish(self) -> None:
        if self.journal is not None:    # an end record first: a cut from here on does not offer it again
            self.journal.finish(self.replay, self.match.decisions)
        log.info("match over: %s after %d ticks (%.1f s of game time)", self.game.id, self.replay.ticks,
                 self.replay.ticks / TICK_HZ)
        self.replay.state_hash = self.match.state_hash()
        self._save_replay()
        result = self.match.result or {}
        report = {"game": self.game.id, "seed": self.seed, "ticks": self.replay.ticks,
                  "state_hash": self.replay.state_hash, **result}
        if self.ctx.records is not None:
            self.ctx.records.add_result(report)
        if self.ctx.on_match_end:
            self.ctx.on_match_end(report)
        self._end_journal()
        self._open_menu("end")

    def _open_menu(self, kind: str) -> None:
        self.menu_kind = kind
        items = ["RESUME", "RESTART", "QUIT TO MENU"] if kind == "pause" else ["REMATCH", "OPTIONS", "MAIN MENU"]
        self.menu = Menu(items)

    def _back_to_pause(self) -> None:
        """NO: the pause menu again, on the choice the question was about."""
        self._open_menu("pause")
        if self.menu is not None:
            self.menu.index = self.menu.items.index(self.confirming)

    def _update_menu(self, menu: Menu, frame: InputFrame) -> None:
        inp = frame.merged()
        if self.menu_kind in ("pause", "confirm") and inp.pressed & Action.START:
            self.menu = None
            return
        action = menu.update(inp)
        if action == "back" and self.menu_kind == "pause":
            self.menu = None
        elif action == "back" and self.menu_kind == "confirm":
            self._back_to_pause()
        if action != "select":
            return
        choice = menu.items[menu.index]
        if choice == "RESUME":
            self.menu = None
            return
        if self.menu_kind == "pause" and choice in CONFIRM:
            self.menu_kind, self.confirming = "confirm", choice
            self.menu = Menu(["NO, PLAY ON", "YES, " + choice.split()[0]])
            return
        if self.menu_kind == "confirm":
            if menu.index == 0:
                self._back_to_pause()
                return
            choice = self.confirming
        self._end_journal()             # the match is left on purpose: nothing to resume
        if choice in ("RESTART", "REMATCH"):
            seed = self.seed if choice == "RESTART" else self.seed + 1
            self.ctx.director.replace(MatchRunner(self.ctx, self.game, self.options, seed))
        elif choice == "OPTIONS":
            self.ctx.director.pop()
        else:
            self.ctx.back_to_menu()

    # --- drawing ----------------------------------------------------------
    def draw(self, surface) -> None:
        self.match.draw(surface)
        if self.menu is None:
            return
        if self.menu_kind == "pause":
            title, hint = "PAUSED", "START: BACK TO GAME"
        elif self.menu_kind == "confirm":
            title, hint = CONFIRM[self.confirming], "ALT: NO"
        else:
            title, hint = (self.match.result or {}).get("text", "GAME OVER"), "FIRE: CHOOSE"
        draw_menu_band(surface, title, self.menu, hint)

    # --- replays ---------------------------------------------------------
    def _save_replay(self) -> None:
        if not self.ctx.data_dir:
            return
        folder = Path(self.ctx.data_dir) / "replays"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.saved_path = folder / f"{self.game.id}-{stamp}-{self.seed}.json"
            self.replay.save(self.saved_path)
            old = sorted(folder.glob("*.json"))[:-KEEP_REPLAYS]
            for p in old:
                p.unlink()
        except OSError as e:
            log.warning("could not save replay in %s: %s", folder, e.strerror)


# The pause and end menus sit in a band over the text window, so the board
# above stays in view while a player decides.
MENU_BAND = (0, 240 - WINDOW_H, 320, WINDOW_H)
MENU_X = 196                        # the items' column; the title and hint are left of it


def draw_menu_band(surface, title: str, menu: Menu, hint: str) -> None:
    x, y, w, h = MENU_BAND
    draw_panel(surface, MENU_BAND, border="gold", fill="night")
    words, rows = title.split(), [""]
    for word in words:                      # wrap a long result over two lines
        if rows[-1] and len(rows[-1]) + 1 + len(word) > 30:
            rows.append(word)
        else:
            rows[-1] = f"{rows[-1]} {word}".strip()
    for i, row in enumerate(rows[:2]):
        draw_text(surface, x + 6, y + 4 + i * 10, row[:30], "gold")
    draw_text(surface, x + 6, y + h - 12, hint, "grey")
    menu.draw(surface, MENU_X, y + 4 + (h - 8 - menu.spacing * len(menu.items)) // 2 + 1)


def start_match(ctx, game, options: dict, seed: int | None = None) -> MatchRunner:
    """Push a match of `game` onto the director and return its runner."""
    if seed is None:
        ctx.seed += 1
        seed = ctx.seed
    runner = MatchRunner(ctx, game, options, seed)
    ctx.last_options[game.id] = dict(options)      # the game's options screen may preselect them
    ctx.director.push(runner)
    return runner


