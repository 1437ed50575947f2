"""The Inscrutable Sphinx (COMPUTE!, Nov 1987): drop-four on a 7 x 7 board."""

from __future__ import annotations

from handheld.games.base import Game


class SphinxGame(Game):
    id = "sphinx"
    title = "The Inscrutable Sphinx"
    blurb = "drop four sphinxes in a row before the pyramids do"
    min_players = 1
    max_players = 2

    # --- screens -------------------------------------------------------
    def start_scene(self, ctx):
        from handheld.games.sphinx.options import OptionsScene

        return OptionsScene(ctx, self)

    def match_scene(self, ctx, seed: int, options: dict):
        from handheld.games.sphinx.match_scene import SphinxMatch

        return SphinxMatch(ctx, seed, options)

    def demo_scene(self, ctx, seed: int):
        from handheld.games.sphinx.match_scene import SphinxMatch

        levels = ("strong", "classic", "perfect")
        return SphinxMatch(ctx, seed, {"mode": "demo", "rounds": 1,
                                       "sphinx_level": levels[seed % 3],
                                       "pyramid_level": levels[(seed + 1) % 3]})

    def screenshot_scenes(self) -> dict:
        from handheld.games.sphinx import showcase

        return showcase.screenshot_scenes(self)

    def bench_scenes(self) -> dict:
        from handheld.games.sphinx import showcase

        return showcase.bench_scenes(self)

    def bench_figures(self, quick: bool) -> dict:
        from handheld.games.sphinx.benchfig import figures

        return figures(quick)

    # --- headless ------------------------------------------------------
    def selfplay(self, seed: int, players: int | None = None, **options) -> dict:
        """One round, computer against computer, run through the real match scene
        (thinking a slice of nodes per tick, slides and falls included)."""
        from handheld.context import Context
        from handheld.games.sphinx.match_scene import SphinxMatch
        from handheld.input.actions import EMPTY_FRAME

        first = options.get("first", "strong")
        second = options.get("second", "classic")
        ctx = Context.headless_context(seed=seed)
        scene = SphinxMatch(ctx, seed, {"mode": "demo", "rounds": 1, "first": "sphinx",
                                        "sphinx_level": first, "pyramid_level": second,
                                        "budget": options.get("budget")})
        ticks = 0
        while not scene.finished:
            scene.update(EMPTY_FRAME)
            ticks += 1
        board = scene.board
        return {"winner": scene.result["winner"] or "draw", "turns": len(board.moves), "ticks": ticks,
                "state_hash": scene.state_hash(), "moves": "".join(str(c + 1) for c in board.moves),
                "players": f"{first} (sphinx, first) vs {second} (pyramids)"}

    def add_cli(self, parser) -> None:
        from handheld.games.sphinx.cli import add_cli

        add_cli(parser)


GAME = SphinxGame()
