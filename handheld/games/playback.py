"""Re-running a recorded match headless: what `handheld replay`, the link's
cabinet processes and the determinism tests use. It sits beside the registry
(it loads a game by id), above the replay format (handheld.runtime.replay)."""

from __future__ import annotations

from handheld.runtime.context import Context
from handheld.games.registry import GAMES, load_game
from handheld.runtime.replay import Replay, ReplayError


def run_replay(replay: Replay, ctx=None):
    """Re-run a replay headless; returns the match scene at its last tick.
    Raises ReplayError for a game this cabinet lacks, options the game refuses,
    or frames left over after the match ended (a live match gets none; from
    another play version of the game, they mean it played differently)."""
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
                              f"{replay.ticks}; " + (other_play_version(replay) or "the file was changed"))
        scene.update(frame)
    return scene


def other_play_version(replay: Replay) -> str:
    """Why a replay may re-run differently here: it was recorded by another play
    version of its game (Game.play_version). "" when the versions are the same."""
    current = load_game(replay.game).play_version
    if replay.play_version == current:
        return ""
    if replay.play_version == 0:
        return (f"it was recorded before play versions were kept, and {replay.game} may have changed since "
                f"(this cabinet plays version {current}): record a new one")
    if replay.play_version > current:
        return (f"it was recorded by {replay.game} play version {replay.play_version}, newer than this "
                f"cabinet's {current}: check it on the cabinet that recorded it, or update this one")
    return (f"it was recorded by {replay.game} play version {replay.play_version} and this cabinet plays "
            f"version {current} (its rules or computer players changed since): record a new one")
