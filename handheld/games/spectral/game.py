"""The Spectral Sorcery plug-in: what the cabinet calls (screens, selfplay,
bench, CLI). Screens are imported lazily so rules, computers and the CLI
never pull in pygame."""

from __future__ import annotations

from handheld.games.base import Game

DEFAULT_OPTIONS = {"mode": "cpu_violet", "first": 0, "board": "standard",
                   "save_power": 0, "level": "classic"}


class SpectralGame(Game):
    id = "spectral"
    title = "Spectral Sorcery"
    blurb = "two wizards turn a board of colour pads to their own colour"
    min_players = 0
    max_players = 2

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx):
        from handheld.games.spectral.menus import TitleScene

        return TitleScene(ctx, self)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.spectral.match_scene import MatchScene

        # the cabinet's attract mode: a short game (the original plays on for ever)
        return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="demo", turn_limit=DEMO_TURNS))

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.spectral.match_scene import MatchScene

        return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, **options))

    def screenshot_scenes(self) -> dict:
        from handheld.games.spectral import showcase

        return showcase.scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.spectral import showcase

        return showcase.scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.spectral.match import decision_figures

        return decision_figures(quick)

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One whole game between two computers (level from options, default classic)."""
        from handheld.games.spectral.match import play_game

        level = options.get("level", "classic")
        res = play_game(seed, red=level, violet=level, first=int(options.get("first", 0)),
                        board=options.get("board", "standard"),
                        save_power=bool(int(options.get("save_power", 0))))
        res["ticks"] = res["actions"] * TICKS_PER_ACTION
        res["level"] = level
        return res

    def add_cli(self, parser) -> None:
        from handheld.games.spectral.cli import add_cli

        add_cli(parser)


# A computer action on screen takes at least this long (0.75 s shown + animation).
TICKS_PER_ACTION = 60
DEMO_TURNS = 6
