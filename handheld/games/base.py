"""The interface every game implements.

A game is a package `handheld/games/<id>/` whose `__init__.py` declares a
`Game` subclass (class attributes only) and `GAME = <Id>Game()`. Adding a sixth game means adding that
package and one line in `handheld/games/registry.py`; docs/adding-a-game.md
gives the package's shape and the contract, and tests/games/ checks both.
What the cabinet hands a scene is a `handheld.runtime.context.Context`.
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from handheld.base.scene import Scene

if TYPE_CHECKING:  # annotations only: context.py sits above the runner, which loads games
    from handheld.runtime.context import Context


class Game:
    """A game's declaration. A subclass sets the class attributes below and nothing
    else: every method finds its module in the game's own package by the shape
    docs/adding-a-game.md gives (options.py, match.py, showcase.py, selfplay.py,
    howto.py, cli.py, ai.py) and imports it only when first called, so the menu can list
    a game without loading it."""

    id: str = ""
    title: str = ""
    blurb: str = ""              # one line for the menu
    min_players: int = 1         # humans
    max_players: int = 2
    # bump whenever a change makes the same seed and inputs play differently: rules, computer players, timing
    play_version: int = 1
    first_screen: str = "OptionsScene"     # the class in options.py that start_scene shows
    # match options with the computer on every side, and with the game's strongest computer:
    # the golden replays (tests/runtime/test_replay_golden.py) record one match of each
    computer_options: dict = {}
    strongest_options: dict = {}

    def part(self, name: str) -> ModuleType:
        """The game's module `name` (e.g. "match"), imported on first use."""
        return importlib.import_module(f"{type(self).__module__}.{name}")

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx: Context) -> Scene:
        """The game's first screen when picked from the menu (title/options):
        options.<first_screen>(ctx, game)."""
        return getattr(self.part("options"), self.first_screen)(ctx, self)

    def demo_scene(self, ctx: Context, seed: int) -> Scene:
        """Computer vs computer for the cabinet's attract mode: match.demo_scene(ctx,
        seed). Sets `finished` when the demo is over; the cabinet leaves on any input."""
        return self.part("match").demo_scene(ctx, seed)

    def match_scene(self, ctx: Context, seed: int, options: dict) -> Scene:
        """A match from a seed and options, driven only by InputFrames:
        match.MatchScene(ctx, seed, options).

        Must be deterministic: the same seed, options and per-tick frames give
        the same `state_hash()`; that is what replays check. Sub-views (a duel,
        a spell menu) live inside the scene; it does not push onto the
        director, so every frame it needs reaches its own `update`."""
        return self.part("match").MatchScene(ctx, seed, options)

    def screenshot_scenes(self) -> dict[str, Callable[[Context, int], Scene]]:
        """name -> factory(ctx, seed) for `handheld screenshot GAME:NAME`; the
        first entry is the default: showcase.screenshot_scenes(game)."""
        return self.part("showcase").screenshot_scenes(self)

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One whole match between computer players at full speed:
        selfplay.selfplay(seed, players, **options). Returns at least: winner,
        turns, ticks, state_hash (plus game figures)."""
        return self.part("selfplay").selfplay(seed, players, **options)

    def bench_scenes(self) -> dict[str, Callable[[Context, int], Scene]]:
        """name -> factory for `handheld bench` frame timings (key "<id>:<name>"):
        showcase.bench_scenes(game). The scene should animate on its own or be set
        up mid-action."""
        return self.part("showcase").bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        """Game-specific speed figures for `handheld bench` under games.<id>:
        showcase.bench_figures(quick)."""
        return self.part("showcase").bench_figures(quick)

    def how_to_play(self) -> list:
        """The instruction card: howto.PANELS, 3-5 `handheld.ui.howto.Panel`s (goal,
        controls, one key rule). Shown with ALT from the menu and the first screen,
        and by attract mode between demos."""
        return list(self.part("howto").PANELS)

    def level_label(self, level: str) -> str:
        """The records table's name for a computer level its matches recorded
        (result["records"]["level"], a level's name): its label in ai.LEVELS
        (`handheld.games.levels.Level`), where every game declares its levels."""
        for declared in self.part("ai").LEVELS:
            if declared.name == level:
                return declared.label
        return level.upper()       # a level since retired: its records still show

    def add_cli(self, parser: argparse.ArgumentParser) -> None:
        """Extra commands under `handheld <id> ...` (e.g. `handheld sphinx solve`):
        cli.add_cli(parser, game). Sub-commands set `func(args) -> exit code`."""
        self.part("cli").add_cli(parser, self)

    @property
    def built(self) -> bool:
        return True


class ComingSoon(Game):
    """Stands in the menu for a registered game whose package is not there yet."""

    def __init__(self, game_id: str, title: str):
        self.id = game_id
        self.title = title
        self.blurb = "coming soon"

    @property
    def built(self) -> bool:
        return False
