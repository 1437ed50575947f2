"""Archon (1983): the strategy board whose squares cycle light and dark, and
the real-time duels fought when one icon moves onto another."""

from __future__ import annotations

from handheld.games.base import Game


class ArchonGame(Game):
    id = "archon"
    title = "Archon"
    blurb = "Light against Dark: a strategy board where every capture is a duel"
    min_players = 1
    max_players = 2
    play_version = 1

    def start_scene(self, ctx):
        from handheld.games.archon.options import OptionsScene
        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.archon.match import MatchScene
        return MatchScene(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.archon.match import MatchScene
        return MatchScene(ctx, seed, {"mode": "demo", "first": "light" if seed % 2 == 0 else "dark"})

    def how_to_play(self) -> list:
        from handheld.games.archon.howto import panels
        return panels()

    def screenshot_scenes(self):
        from handheld.games.archon import showcase
        return showcase.screenshot_scenes(self)

    def bench_scenes(self):
        from handheld.games.archon import showcase
        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.archon import showcase
        return showcase.bench_figures(quick)

    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.archon.selfplay import play_game
        return play_game(seed, light=options.get("light", "classic"), dark=options.get("dark", "classic"))

    def add_cli(self, parser) -> None:
        from handheld.games.archon.cli import add_cli
        add_cli(parser, self)


GAME = ArchonGame()
