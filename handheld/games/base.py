"""The interface every game implements, and what the cabinet hands to it.

A game is a package `handheld/games/<id>/` whose `__init__.py` exposes
`GAME`, an instance of a `Game` subclass. Adding a sixth game means adding that
package and one line in `handheld/games/registry.py`.

Layers inside a game (DESIGN.md):
  rules.py  pure state + legal moves + apply; no pygame, no clock, no I/O
  ai.py     computer players: (state, rng, budget) -> move
  scenes.py thin screens: InputFrame -> moves, state -> pixels
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable

from handheld.scene import Scene


@dataclass
class Context:
    """What a scene may use from the cabinet. Built by the app, or headless for
    tests, selfplay, bench and screenshots (`Context.headless()`)."""

    director: Any                     # handheld.scene.Director
    audio: Any                        # handheld.audio.Audio: .play(name), .register(name, samples)
    settings: Any = None              # handheld.config.Config (sound, volume, colour-blind aid...)
    kiosk: bool = False
    headless: bool = False
    seed: int = 0                     # base seed; games derive match seeds from it
    data_dir: str | None = None       # where replays and stats go (None: don't write)
    on_match_end: Callable[[dict], None] | None = None
    extras: dict = field(default_factory=dict)

    def setting(self, key: str, default=None):
        """A dotted setting like 'display.colour_blind', or default."""
        if self.settings is None:
            return default
        return self.settings.get(key, default)

    def start_match(self, game: "Game", options: dict, seed: int | None = None):
        """Start a match of `game` inside the shared runner (pause menu, replay,
        end-of-match menu). Without a seed the cabinet picks the next one."""
        from handheld.runtime.match import start_match

        return start_match(self, game, options, seed)

    def back_to_menu(self) -> None:
        """Leave the game for the cabinet's menu."""
        self.director.pop_to_root()

    @classmethod
    def headless_context(cls, seed: int = 0, settings=None) -> "Context":
        from handheld.audio import NullAudio
        from handheld.scene import Director

        return cls(director=Director(), audio=NullAudio(), settings=settings,
                   headless=True, seed=seed)


class Game:
    """Override what your game has; defaults describe a game with nothing yet."""

    id: str = ""
    title: str = ""
    blurb: str = ""              # one line for the menu
    min_players: int = 1         # humans
    max_players: int = 2

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
