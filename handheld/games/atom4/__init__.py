"""Atom-4 (H. S. Teoh, 2002): colour-mixing on a triangular lattice, four
whites (or blacks) in a row win the round."""

from __future__ import annotations

from handheld.games.base import Game


class Atom4Game(Game):
    id = "atom4"
    title = "Atom-4"
    blurb = "mix colours on a lattice: four whites (or blacks) in a row"
    min_players = 1
    max_players = 2
    play_version = 3

    def start_scene(self, ctx):
        from handheld.games.atom4.options import OptionsScene

        return OptionsScene(ctx, self)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.atom4.match import demo_scene

        return demo_scene(ctx, seed)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.atom4.match import MatchScene

        return MatchScene(ctx, seed, options)

    def screenshot_scenes(self) -> dict:
        from handheld.games.atom4 import showcase

        return showcase.screenshot_scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.atom4 import showcase

        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.atom4 import showcase

        return showcase.bench_figures(quick)

    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.atom4.selfplay import selfplay

        return selfplay(seed, options)

    def how_to_play(self) -> list:
        from handheld.games.atom4.howto import PANELS
        return PANELS

    def add_cli(self, parser) -> None:
        from handheld.games.atom4.cli import add_cli

        add_cli(parser, self)


GAME = Atom4Game()
