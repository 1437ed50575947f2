"""Nim: the sixth game the contract tests plug into the cabinet. It follows
docs/adding-a-game.md to the letter and is as small as a game can be: a pile of
stones, each turn takes 1-3, whoever takes the last stone wins."""

from __future__ import annotations

from handheld.games.base import Game


class NimGame(Game):
    id = "nim"
    title = "Nim"
    blurb = "take one to three stones; take the last one and win"
    min_players = 1
    max_players = 2
    play_version = 1

    def start_scene(self, ctx):
        from nim.options import OptionsScene
        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from nim.match import MatchScene
        return MatchScene(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from nim.match import MatchScene
        return MatchScene(ctx, seed, {"players": 0})

    def screenshot_scenes(self):
        from nim import showcase
        return showcase.screenshot_scenes(self)

    def bench_scenes(self):
        from nim import showcase
        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from nim import showcase
        return showcase.bench_figures(quick)

    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from nim.selfplay import play_game
        return play_game(seed, level=options.get("level", "perfect"))

    def how_to_play(self) -> list:
        from nim.howto import PANELS
        return PANELS

    def add_cli(self, parser) -> None:
        from nim.cli import add_cli
        add_cli(parser, self)


GAME = NimGame()
