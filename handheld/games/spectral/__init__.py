"""Spectral Sorcery (ST-Log, 1988): two wizards, five colours, power and spells.

The declaration only: every method imports its module when called, so the
rules, the computers, selfplay and the CLI never pull in pygame."""

from __future__ import annotations

from handheld.games.base import Game


class SpectralGame(Game):
    id = "spectral"
    title = "Spectral Sorcery"
    blurb = "two wizards turn a board of colour pads to their own colour"
    min_players = 0
    max_players = 2
    play_version = 1

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx):
        from handheld.games.spectral.options import TitleScene

        return TitleScene(ctx, self)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.spectral.match import DEFAULT_OPTIONS, DEMO_TURNS, MatchScene

        # the cabinet's attract mode: a short game (the original plays on for ever)
        return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="demo", turn_limit=DEMO_TURNS))

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.spectral.match import DEFAULT_OPTIONS, MatchScene

        return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, **options))

    def screenshot_scenes(self) -> dict:
        from handheld.games.spectral import showcase

        return showcase.screenshot_scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.spectral import showcase

        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.spectral import showcase

        return showcase.bench_figures(quick)

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One whole game between two computers (level from options, default classic)."""
        from handheld.games.spectral import selfplay

        return selfplay.selfplay(seed, **options)

    def how_to_play(self) -> list:
        from handheld.games.spectral.howto import PANELS
        return PANELS

    def add_cli(self, parser) -> None:
        from handheld.games.spectral import cli

        cli.add_cli(parser, self)


GAME = SpectralGame()
