"""Scenes for `handheld screenshot spectral:NAME` and `handheld bench`: each
one animates on its own or is set up mid-action."""

from __future__ import annotations

from . import rules as R
from .game import DEFAULT_OPTIONS


def demo(ctx, seed: int, level: str = "classic"):
    from .match_scene import MatchScene

    return MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="demo", level=level))


def blitz(ctx, seed: int):
    """A demo one action before a big Blitz: Red on a wide green field with 40 power."""
    scene = demo(ctx, seed)
    s = scene.state
    s.board = [R.GREEN] * 20 + [R.BLUE, R.BLUE, R.VIOLET, R.VIOLET, R.VIOLET]
    s.board[R.pos_of(1, 1)] = R.YELLOW
    s.wiz = [R.pos_of(1, 2), R.pos_of(4, 4)]
    s.power = [40, 21]
    scene._sync()
    return scene


def teleport_cursor(ctx, seed: int):
    """A human Red aiming a Teleport (the spectrum cursor pulses)."""
    from .match_scene import MatchScene

    scene = MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="cpu_violet"))
    scene.phase, scene.cursor_kind, scene.cursor = "cursor", "TELEPORT", R.pos_of(2, 3)
    return scene


def action_list(ctx, seed: int):
    from .match_scene import MatchScene

    scene = MatchScene(ctx, seed, dict(DEFAULT_OPTIONS, mode="two"))
    scene.phase, scene.spell_index = "spells", 1
    return scene


def scenes(game) -> dict:
    from .menus import OptionsScene, TitleScene

    return {"demo": demo,
            "strong": lambda ctx, seed: demo(ctx, seed, "strong"),
            "blitz": blitz,
            "teleport": teleport_cursor,
            "spells": action_list,
            "title": lambda ctx, seed: TitleScene(ctx, game),
            "options": lambda ctx, seed: OptionsScene(ctx, game)}
