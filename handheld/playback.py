"""Re-running a recorded match headless: what `handheld replay` and the
determinism tests use. It sits above the games (it loads one by id) and the
replay format (handheld.runtime.replay) below them."""

from __future__ import annotations

from handheld.context import Context
from handheld.games.registry import GAMES, load_game
from handheld.runtime.replay import Replay, ReplayError


def run_replay(replay: Replay, ctx=None):
    """Re-run a replay headless; returns the match scene at its last tick.
    Raises ReplayError for a game this cabinet lacks, a play version other than
    the game's (it would re-run differently), options the game refuses, or
    frames left over after the match ended (a live match gets none)."""
    if replay.game not in GAMES:
        raise ReplayError(f"replay is of {replay.game!r}, not a game of this cabinet "
                          f"({', '.join(GAMES)})")
    game = load_game(replay.game)
    if not game.built:
        raise ReplayError(f"replay is of {replay.game!r}, which this cabinet does not have yet")
    if replay.play_version != game.play_version:
        raise ReplayError(_other_play_version(replay, game))
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


def _other_play_version(replay: Replay, game) -> str:
    if replay.play_version == 0:
        return (f"replay of {game.id} recorded before play versions were kept; this cabinet plays version "
                f"{game.play_version} and cannot tell whether its rules or computer changed since: record a new one")
    if replay.play_version > game.play_version:
        return (f"replay of {game.id} play version {replay.play_version}, newer than this cabinet's version "
                f"{game.play_version}: re-run it on the cabinet that recorded it, or update this one")
    return (f"replay of {game.id} play version {replay.play_version}; this cabinet plays version "
            f"{game.play_version} (its rules or computer changed since), so it cannot be re-run: record a new one")
