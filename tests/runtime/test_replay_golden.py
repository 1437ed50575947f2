"""Each game's play version stands for one way of playing: two short recorded
matches, from fixed seeds and fixed taps, must end in the state pinned here for
that version. When they do not, the game now plays differently and the replays
recorded before would re-run to other states."""

import pytest

from handheld.context import Context
from handheld.games.registry import load_game
from handheld.input.actions import Action
from handheld.runtime.match import MatchRunner
from handheld.runtime.rng import Rng
from handheld.runtime.statehash import state_hash
from test_replay_verify import BUILT, Hands

GOLDEN = {  # game_id: (play_version, golden_hash(game_id))
    "archon": (1, "03e926475919d5b0"),
    "spectral": (1, "5fa50ed6ecab24c0"),
    "sphinx": (4, "481f10e70567c2b5"),
    "chamber": (1, "220f5e83000f7c18"),
    "atom4": (3, "d1a829f1465b1b20"),
}
# each game's options for its computer on every side
COMPUTER_ONLY = {"archon": {"mode": "demo"}, "spectral": {"mode": "demo"},
                 "sphinx": {"mode": "demo", "rounds": 5}, "chamber": {"seats": [["cpu", 1], ["cpu", 2], ["cpu", 3]]},
                 "atom4": {"players": 0, "level": "easy", "rounds": 1}}
# each game's strongest computer (the levels replays are recorded with besides the defaults)
STRONGEST = {"archon": {"mode": "demo", "level": "strong"}, "spectral": {"mode": "demo", "level": "strong"},
             "sphinx": {"level": "perfect"}, "chamber": {"seats": [["cpu", 3], ["cpu", 3]]},
             "atom4": {"players": 0, "level": "hard", "rounds": 1}}
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
    the game's strongest computer, which the default options do not play."""
    return state_hash((recorded_match(game_id, {}, 1500), recorded_match(game_id, COMPUTER_ONLY[game_id], 10_000),
                       recorded_match(game_id, STRONGEST[game_id], 3000)))


@pytest.mark.parametrize("game_id", BUILT)
def test_a_game_plays_as_its_play_version_was_pinned(game_id):
    assert game_id in COMPUTER_ONLY and game_id in STRONGEST, (
        f"give {game_id} options in COMPUTER_ONLY that let its computer play every side, and in STRONGEST for its "
        f"strongest computer")
    version = load_game(game_id).play_version
    got = golden_hash(game_id)
    pinned_version, pinned = GOLDEN.get(game_id, (None, None))
    assert pinned_version == version, f"{game_id} is at play version {version}: pin {game_id!r}: ({version}, {got!r}) in GOLDEN"
    assert got == pinned, (
        f"{game_id} plays differently at the same play version {version}: its golden matches end in state {got}, "
        f"pinned {pinned}. Bump play_version in handheld/games/{game_id}/__init__.py and pin {game_id!r}: "
        f"({version + 1}, {got!r}) here, so a replay recorded before that no longer verifies says its game changed "
        f"instead of reporting a bare MISMATCH (or, if play was not meant to change, undo what changed it)")
