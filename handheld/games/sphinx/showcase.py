"""Scenes set up mid-action for `handheld screenshot` and `handheld bench`."""

from __future__ import annotations

from handheld.games.sphinx.match import MatchScene
from handheld.games.sphinx.options import OptionsScene

MIDGAME = [3, 3, 2, 4, 4, 2, 3, 5, 1, 3]       # 0-based columns, sphinx first
NEAR_WIN = [3, 3, 2, 2, 4, 4]                  # sphinx holds c1 d1 e1 and is to move


def preset(scene: MatchScene, moves) -> MatchScene:
    """Put `moves` on the scene's board (as if played) and start the next turn."""
    for col in moves:
        scene.board.play(col)
    scene.version += 1
    scene._start_turn()
    return scene


def _board(ctx, seed):
    return preset(MatchScene(ctx, seed, {"mode": "cpu", "level": "strong", "first": "you"}), MIDGAME)


def _thinking(ctx, seed):
    scene = preset(MatchScene(ctx, seed, {"mode": "cpu", "level": "strong", "first": "you"}), MIDGAME[:-1])
    return scene


def _win(ctx, seed):
    scene = preset(MatchScene(ctx, seed, {"mode": "two"}), NEAR_WIN)
    scene._drop(5)          # c1-d1-e1 + f1: the fall, then the blinking four
    return scene


def _demo(ctx, seed):
    return preset(MatchScene(ctx, seed, {"mode": "demo", "sphinx_level": "strong",
                                           "pyramid_level": "perfect", "rounds": 5}), MIDGAME[:4])


def screenshot_scenes(game) -> dict:
    return {"board": _board, "options": lambda ctx, seed: OptionsScene(ctx, game),
            "thinking": _thinking, "win": _win, "demo": _demo}


def bench_scenes(game) -> dict:
    return {"options": lambda ctx, seed: OptionsScene(ctx, game), "board": _board,
            "thinking": _thinking, "win": _win, "demo": _demo}
