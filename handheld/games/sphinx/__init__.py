"""The Inscrutable Sphinx (COMPUTE!, Nov 1987): drop-four on a 7 x 7 board."""

from __future__ import annotations

from handheld.games.base import Game


class SphinxGame(Game):
    id = "sphinx"
    title = "The Inscrutable Sphinx"
    blurb = "drop four sphinxes in a row before the pyramids do"
    min_players = 1
    max_players = 2
    play_version = 4

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx):
        from handheld.games.sphinx.options import OptionsScene

        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.sphinx.match import MatchScene

        return MatchScene(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.sphinx.match import MatchScene

        levels = ("strong", "classic", "perfect")
        return MatchScene(ctx, seed, {"mode": "demo", "rounds": 1,
                                      "sphinx_level": levels[seed % 3],
                                      "pyramid_level": levels[(seed + 1) % 3]})

    def screenshot_scenes(self) -> dict:
        from handheld.games.sphinx import showcase

        return showcase.screenshot_scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.sphinx import showcase

        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.sphinx import showcase

        return showcase.bench_figures(quick)

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.sphinx.selfplay import selfplay

        return selfplay(seed, players, **options)

    def how_to_play(self) -> list:
        from handheld.games.sphinx.howto import PANELS
        return PANELS

    def level_label(self, level: str) -> str:
        from handheld.games.sphinx.draw import LEVEL_NAMES

        return LEVEL_NAMES.get(level, level.upper())

    def add_cli(self, parser) -> None:
        from handheld.games.sphinx import cli

        cli.add_cli(parser, self)


GAME = SphinxGame()
