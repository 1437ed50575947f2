"""`handheld screenshot`: render any scene headless to a PNG."""

from __future__ import annotations

import sys

from handheld.runtime.context import Context
from handheld.base.actions import EMPTY_FRAME


def scene_factories(game_id: str) -> dict:
    """name -> factory(ctx, seed) for the launcher ('menu') or a built game."""
    if game_id == "menu":
        from handheld.cabinet.showcase import cabinet_scenes
        return cabinet_scenes()
    from handheld.games.registry import load_game

    game = load_game(game_id)
    return game.screenshot_scenes() if game.built else {}


def make_scene(target: str, seed: int, ctx: Context | None = None):
    """(scene, ctx) for 'menu', 'menu:title', 'sphinx', 'sphinx:board'...; raises
    ValueError with a one-line message naming the valid choices."""
    from handheld.games.registry import GAMES

    game_id, _, name = target.partition(":")
    if game_id != "menu" and game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r}; choose menu or one of: {', '.join(GAMES)}")
    factories = scene_factories(game_id)
    if not factories:
        raise ValueError(f"{game_id} is not built yet (coming soon)")
    if not name:
        name = next(iter(factories))
    if name not in factories:
        raise ValueError(f"{game_id} has no scene {name!r}; choose from: {', '.join(factories)}")
    ctx = ctx or Context.headless_context(seed=seed)
    scene = factories[name](ctx, seed)
    ctx.director.push(scene)
    return scene, ctx


def take_screenshot(args) -> int:
    import pygame

    from handheld.display.base import logical_surface

    try:
        scene, ctx = make_scene(args.target, args.seed)
    except ValueError as e:
        print(f"handheld: error: {e}", file=sys.stderr)
        return 2
    for _ in range(max(args.ticks, 0)):
        (ctx.director.top or scene).update(EMPTY_FRAME)
    surface = logical_surface()
    (ctx.director.top or scene).draw(surface)
    if args.scale and args.scale > 1:
        surface = pygame.transform.scale(surface, (surface.get_width() * args.scale, surface.get_height() * args.scale))
    try:
        save_png(surface, args.out)
    except (pygame.error, OSError) as e:
        print(f"handheld: error: cannot write {args.out}: {e}", file=sys.stderr)
        return 2
    print(args.out)
    return 0


def save_png(surface, out) -> None:
    """Write a PNG whole or not at all (an interrupted run leaves no half picture)."""
    from handheld.base import pngfile
    from handheld.base.atomic import replace_atomically

    replace_atomically(out, lambda tmp: pngfile.save(surface, tmp), suffix=".png")
