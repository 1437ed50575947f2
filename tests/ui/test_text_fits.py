"""No text is cut: every help, hint, message and log line of every game, and of
the cabinet's own screens, is drawn whole inside its surface, and the text
window never drops a line or runs past its frame.

A watcher wraps the one text routine every screen uses (handheld.ui.text.draw_text,
as each module imported it) and the text window, and records what overflows; then
the screens are driven: each game's computers play a whole match drawn every few
ticks (their moves, logs and results), and the cabinet is fuzzed with hostile
input through menus, options, help cards, spell menus and pause menus.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pygame
import pytest

import handheld

from handheld.base.actions import EMPTY_FRAME
from handheld.games.registry import built_games
from handheld.runtime.context import Context
from handheld.runtime.match import MatchRunner
from handheld.tools import fuzz
from handheld.ui import text as ui_text
from handheld.ui import widgets

DRAW_EVERY = 5


class Overflows:
    """What the watched drawing cut, each once: (where, text)."""

    def __init__(self):
        self.found: dict[tuple[str, str], str] = {}
        self.texts = 0                  # lines the watcher saw drawn

    def add(self, kind: str, text: str, why: str) -> None:
        self.found.setdefault((kind, text), why)

    def lines(self) -> list[str]:
        return [f"{kind}: {text!r} {why}" for (kind, text), why in sorted(self.found.items())]


@pytest.fixture
def overflows(monkeypatch):
    seen = Overflows()
    original = ui_text.draw_text

    def watched_draw_text(surface, x, y, text, colour="white", size="normal", align="left"):
        w = original(surface, x, y, text, colour, size, align)
        seen.texts += 1
        if text:
            left = x - w // 2 if align == "center" else x - w if align == "right" else x
            box = pygame.Rect(left, y, w, ui_text.render(text, colour, size).get_height())
            if not surface.get_rect().contains(box):
                seen.add("text", text, f"at {tuple(box)} runs off its {surface.get_size()} surface")
        return w

    # every module that did `from handheld.ui.text import draw_text` holds its own name for
    # it: import them all first (games load their parts lazily), then wrap each one's
    for info in pkgutil.walk_packages(handheld.__path__, "handheld."):
        if info.name != "handheld.__main__":
            importlib.import_module(info.name)
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("handheld") and getattr(module, "draw_text", None) is original:
            monkeypatch.setattr(module, "draw_text", watched_draw_text)
    original_window = widgets.TextWindow.draw

    def watched_window(self, surface, lines):
        lines = list(lines)
        if len(lines) > self.lines:
            dropped = [line if isinstance(line, str) else line[0] for line in lines[self.lines:]]
            if any(dropped):
                seen.add("window", " / ".join(dropped), f"dropped: the window shows {self.lines} lines")
        for line in lines[: self.lines]:
            text = line if isinstance(line, str) else line[0]
            if text and ui_text.render(text, "white").get_width() > self.rect.width - 6:
                seen.add("window", text, f"is wider than the {self.rect.width}-pixel text window")
        original_window(self, surface, lines)

    monkeypatch.setattr(widgets.TextWindow, "draw", watched_window)
    return seen


def test_the_watcher_finds_text_off_the_surface_and_lines_the_window_drops(overflows):
    surface = pygame.Surface((320, 240))
    from handheld.ui.text import draw_text as imported_here   # a module's own name, as screens hold it

    imported_here(surface, 300, 10, "FAR TOO LONG FOR HERE")
    widgets.TextWindow().draw(surface, ["ONE", "TWO", "THREE", "FOUR", "FIVE IS CUT"])
    widgets.TextWindow().draw(surface, ["A LINE OF MORE THAN FIFTY CHARACTERS RUNS OUT OF THE BOX"])
    found = "\n".join(overflows.lines())
    assert "FAR TOO LONG" in found and "FIVE IS CUT" in found and "FIFTY CHARACTERS" in found


@pytest.mark.parametrize("game", [g.id for g in built_games()])
def test_a_whole_computer_match_draws_every_line_whole(game, overflows):
    from handheld.games.registry import load_game

    g = load_game(game)
    ctx = Context.headless_context(seed=3)
    runner = MatchRunner(ctx, g, dict(g.computer_options), 3)
    surface = pygame.Surface((320, 240))
    for tick in range(400_000):
        if runner.menu_kind == "end":
            break
        runner.update(EMPTY_FRAME)
        if tick % DRAW_EVERY == 0:
            runner.draw(surface)
    runner.draw(surface)
    assert runner.menu_kind == "end" and overflows.texts > 1000
    assert overflows.lines() == []


def test_hostile_input_through_every_screen_draws_every_line_whole(overflows, tmp_path, monkeypatch):
    monkeypatch.setattr(fuzz, "RENDER_EVERY", 3)
    finding, run = fuzz.fuzz(seed=11, ticks=12_000, workdir=tmp_path)
    assert finding is None, finding.report(11)
    assert overflows.texts > 10_000
    assert overflows.lines() == []
