"""Re-running a recorded match headless: what `handheld replay` and the
determinism tests use. It sits above the games (it loads one by id) and the
replay format (handheld.runtime.replay) below them."""

from __future__ import annotations

from handheld.context import Context
from handheld.games.registry import GAMES, load_game
from handheld.runtime.replay import Replay, ReplayError


def run_replay(replay: Replay, ctx=None):
    """Re-run a replay headless; returns the match scene at its last tick.
    Raises ReplayError for a game this cabinet lacks, options the game refuses,
    or frames left over after the match ended (a live match gets none)."""
    if replay.game not in GAMES:
        raise ReplayError(f"replay is of {replay.game!r}, not a game of this cabinet "
                          f"({', '.join(GAMES)})")
    game = load_game(replay.game)
    if not game.built:
        raise ReplayError(f"replay is of {replay.game!r}, which this cabinet does not have yet")
    ctx = ctx or Context.headless_context(seed=replay.seed)
    try:
        scene = game.match_scene(ctx, replay.seed, replay.options)
    except (KeyError, TypeError, ValueError) as e:
        raise ReplayError(f"replay options {replay.options} are not valid for {replay.game} ({e})") from None
    for tick, frame in enumerate(replay.input_frames()):
        if scene.finished:
            raise ReplayError(f"the match ended at tick {tick} but the replay goes on to tick "
                              f"{replay.ticks}; the file was changed")
        scene.update(frame)
    return scene
