"""The interface every game implements.

A game is a package `handheld/games/<id>/` whose `__init__.py` declares a
`Game` subclass and `GAME = <Id>Game()`. Adding a sixth game means adding that
package and one line in `handheld/games/registry.py`; docs/adding-a-game.md
gives the package's shape and the contract, and tests/games/ checks both.
What the cabinet hands a scene is a `handheld.context.Context`.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Callable

from handheld.scene import Scene

if TYPE_CHECKING:  # annotations only: context.py sits above the runner, which loads games
    from handheld.context import Context


class Game:
    """Override what your game has; defaults describe a game with nothing yet."""

    id: str = ""
    title: str = ""
    blurb: str = ""              # one line for the menu
    min_players: int = 1         # humans
    max_players: int = 2
    # bump whenever a change makes the same seed and inputs play differently: rules, computer players, timing
    play_version: int = 1

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx: Context) -> Scene:
        """The game's first screen when picked from the menu (title/options)."""
        raise NotImplementedError

    def demo_scene(self, ctx: Context, seed: int) -> Scene:
        """Computer vs computer for the cabinet's attract mode. Sets
        `finished` when the demo is over; the cabinet leaves on any input."""
        raise NotImplementedError

    def match_scene(self, ctx: Context, seed: int, options: dict) -> Scene:
        """A match from a seed and options, driven only by InputFrames.

        Must be deterministic: the same seed, options and per-tick frames give
        the same `state_hash()`; that is what replays check. Sub-views (a duel,
        a spell menu) live inside the scene; it does not push onto the
        director, so every frame it needs reaches its own `update`."""
        raise NotImplementedError

    def screenshot_scenes(self) -> dict[str, Callable[[Context, int], Scene]]:
        """name -> factory(ctx, seed) for `handheld screenshot GAME:NAME`; the
        first entry is the default."""
        return {}

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One whole match between computer players at full speed. Returns at
        least: winner, turns, ticks, state_hash (plus game figures)."""
        raise NotImplementedError

    def bench_scenes(self) -> dict[str, Callable[[Context, int], Scene]]:
        """name -> factory for `handheld bench` frame timings (key "<id>:<name>").
        The scene should animate on its own or be set up mid-action."""
        return {}

    def bench_figures(self, quick: bool) -> dict:
        """Game-specific speed figures for `handheld bench` under games.<id>."""
        return {}

    def how_to_play(self) -> list:
        """The instruction card: 3-5 `handheld.ui.howto.Panel`s (goal, controls,
        one key rule), from the game's howto.py. Shown with ALT from the menu and
        the first screen, and by attract mode between demos."""
        return []

    def level_label(self, level: str) -> str:
        """The records table's name for a computer level its matches recorded
        (result["records"]["level"]): the name a player picked it by."""
        return level.upper()

    def add_cli(self, parser: argparse.ArgumentParser) -> None:
        """Extra commands under `handheld <id> ...` (e.g. `handheld sphinx solve`).
        Set `parser.set_defaults(func=...)` on the sub-commands; func(args) -> exit code."""

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
