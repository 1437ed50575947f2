"""Each game's play version stands for one way of playing: two short recorded
matches, from fixed seeds and fixed taps, must end in the state pinned here for
that version. When they do not, the game now plays differently and the replays
recorded before would re-run to other states."""

import json
from pathlib import Path

import pytest

from handheld.runtime.context import Context
from handheld.games.registry import load_game
from handheld.base.actions import Action
from handheld.runtime.match import MatchRunner
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from test_replay_verify import BUILT, Hands

# game_id: [play_version, golden_hash(game_id)], written by `pytest --pin-golden`
PINS = Path(__file__).with_name("golden_replays.json")
TAPS = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT, Action.FIRE, Action.FIRE, Action.ALT)


def recorded_match(game_id, options, ticks) -> str:
    """The state a match recorded as the cabinet records one ends in, after
    `ticks` or sooner if it finishes, with player 1 tapping at random."""
    ctx = Context.headless_context(seed=7)
    hands, rng = Hands(), Rng(3)
    runner = MatchRunner(ctx, load_game(game_id), options, seed=7)
    for _ in range(ticks):
        if runner.match.finished:
            break
        tap = rng.choice(TAPS) if rng.chance(1, 6) else 0
        hands.raw.press(0, tap)
        runner.update(hands.frame())
        hands.raw.release(0, tap)
    return runner.match.state_hash()


def golden_hash(game_id) -> str:
    """Player 1 against the computer in the game's default options, then the
    computer alone on every side (against random taps it makes few moves), then
    the game's strongest computer, which the default options do not play: the
    game declares both (computer_options, strongest_options)."""
    game = load_game(game_id)
    return state_hash((recorded_match(game_id, {}, 1500), recorded_match(game_id, game.computer_options, 10_000),
                       recorded_match(game_id, game.strongest_options, 3000)))


@pytest.mark.parametrize("game_id", BUILT)
def test_a_game_plays_as_its_play_version_was_pinned(game_id, request):
    game = load_game(game_id)
    assert game.computer_options and game.strongest_options, (
        f"declare computer_options (its computer on every side) and strongest_options (its strongest computer) "
        f"in {game_id}'s Game class")
    got = golden_hash(game_id)
    pins = json.loads(PINS.read_text())
    if request.config.getoption("--pin-golden"):
        pins[game_id] = [game.play_version, got]
        PINS.write_text(json.dumps(pins, indent=1, sort_keys=True) + "\n")
    pinned_version, pinned = pins.get(game_id, (None, None))
    assert pinned_version == game.play_version, (
        f"{game_id} is at play version {game.play_version} with no golden replay pinned for it: "
        f"run pytest tests/runtime/test_replay_golden.py --pin-golden")
    assert got == pinned, (
        f"{game_id} plays differently at the same play version {game.play_version}: its golden matches end in "
        f"state {got}, pinned {pinned}. Bump play_version in {game_id}'s Game class and run pytest "
        f"tests/runtime/test_replay_golden.py --pin-golden, so a replay recorded before that no longer verifies "
        f"says its game changed instead of reporting a bare MISMATCH (or, if play was not meant to change, undo "
        f"what changed it)")
