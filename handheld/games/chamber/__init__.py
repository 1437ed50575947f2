"""Sorcerer's Chamber (Tim Schutz, piecepack, rev 2.0): 2-4 sorcerers, hidden
orbs, seven spells. Rules in rules.py, what one seat may know in
player_view.py, the computer in ai.py, the match in match.py / draw.py."""

from __future__ import annotations

from handheld.games.base import Game


class ChamberGame(Game):
    id = "chamber"
    title = "Sorcerer's Chamber"
    blurb = "2-4 sorcerers zap, shield and warp with hidden orbs"
    min_players = 1
    max_players = 4
    play_version = 1

    def start_scene(self, ctx):
        from handheld.games.chamber.options import OptionsScene

        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.chamber.match import MatchScene

        return MatchScene(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.chamber.match import DEMO_OPTIONS, MatchScene

        return MatchScene(ctx, seed, DEMO_OPTIONS, demo=True)

    def screenshot_scenes(self) -> dict:
        from handheld.games.chamber import showcase

        return showcase.screenshot_scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.chamber import showcase

        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.chamber import showcase

        return showcase.bench_figures(quick)

    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        from handheld.games.chamber.selfplay import selfplay_summary

        return selfplay_summary(seed, players, level=options.get("level", 3))

    def how_to_play(self) -> list:
        from handheld.games.chamber.howto import PANELS
        return PANELS

    def add_cli(self, parser) -> None:
        from handheld.games.chamber import cli

        cli.add_cli(parser, self)


GAME = ChamberGame()
