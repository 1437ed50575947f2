"""Re-running a recorded match headless: what `handheld replay` and the
determinism tests use. It sits above the games (it loads one by id) and the
replay format (handheld.runtime.replay) below them."""

from __future__ import annotations

from handheld.context import Context
from handheld.games.registry import load_game
from handheld.input.raw import FrameBuilder
from handheld.runtime.replay import Replay, ReplayError


def run_replay(replay: Replay, ctx=None):
    """Re-run a replay headless; returns the match scene at its last tick."""
    game = load_game(replay.game)
    if not game.built:
        raise ReplayError(f"replay is of {replay.game!r}, which this cabinet does not have yet")
    ctx = ctx or Context.headless_context(seed=replay.seed)
    scene = game.match_scene(ctx, replay.seed, replay.options)
    builder = FrameBuilder()
    for raw in replay.raw_ticks():
        scene.update(builder.step(raw))
    return scene
