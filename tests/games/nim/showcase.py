"""Nim's scenes for `handheld screenshot` and `handheld bench`."""

from __future__ import annotations


def screenshot_scenes(game) -> dict:
    from .match import MatchScene
    from .options import OptionsScene
    return {"match": lambda ctx, seed: MatchScene(ctx, seed, {"players": 0}),
            "options": lambda ctx, seed: OptionsScene(ctx, game)}


def bench_scenes(game) -> dict:
    return screenshot_scenes(game)


def bench_figures(quick: bool) -> dict:
    return {}
