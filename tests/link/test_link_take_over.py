"""A link gone for good: in every two-player game the LINK LOST screen offers
COMPUTER PLAYS ON, the agreed ticks re-run from the linked replay, the
computer plays the other cabinet's side to the end, the replay (with
computer_from) verifies whole, and nothing counts in the records."""

import pytest

from handheld.base.actions import IDLE, Action, InputFrame, PlayerInput
from handheld.games.registry import load_game
from handheld.link.harness import play_linked_match
from handheld.link.linked_match import TAKE_OVER, TakenOverRunner
from handheld.link.pad_players import archon_player, masher
from handheld.link.relay import Condition
from handheld.link.peer import GIVE_UP_TICKS
from handheld.runtime.replay import Replay
from handheld.games.playback import run_replay

TWO = {"spectral": {"mode": "two"}, "sphinx": {"mode": "two"},
       "chamber": {"seats": [["human", 0], ["human", 0]]}, "atom4": {"players": 2, "rounds": 1}}
FIRE = InputFrame((PlayerInput(0, Action.FIRE, 0, Action.FIRE),) + (IDLE,) * 3)


def _cut_from(start: int):
    def on_tick(now, relay, _host, _guest):
        relay.cut = now >= start
    return on_tick


def _take_over_and_finish(runner, slot: int, player, most: int = 400_000):
    """COMPUTER PLAYS ON chosen on `runner` (the cabinet with slot `slot`); `player`
    (the runner the computer took over -> a sample a frame) plays to the end."""
    for _ in range(300):                                   # the other one gives up a few frames later
        if runner.ended:
            break
        runner.update(InputFrame((IDLE,) * 4))
    assert runner.ended == "lost" and runner.menu.items == [TAKE_OVER, "MAIN MENU"]
    agreed = runner.replay.ticks
    runner.menu.index = 0
    runner._update_menu(runner.menu, FIRE)
    local = runner.ctx.director.top
    assert isinstance(local, TakenOverRunner) and runner.link is None
    assert local.replay.ticks == agreed                     # the agreed ticks, re-run here
    press = player(local)
    for _ in range(most):
        if local.match.finished:
            break
        local.update(InputFrame((press(), IDLE, IDLE, IDLE)))
    assert local.match.finished and local.saved_path is not None
    replay = Replay.load(local.saved_path)
    assert replay.options["computer_from"] == [1 - slot, agreed + 1]
    scene = run_replay(replay)
    assert scene.finished and scene.state_hash() == replay.state_hash
    assert "records" not in local.match.result              # a match the computer finished counts nowhere


def _game_cut(tmp_path, game_id: str, cut_at: int):
    return play_linked_match(load_game(game_id), TWO[game_id], 7, masher(5), masher(6),
                             data_dirs=(tmp_path / "host", tmp_path / "guest"), on_tick=_cut_from(cut_at),
                             max_wall_ticks=cut_at + GIVE_UP_TICKS + 200)


@pytest.mark.parametrize("game_id", ["sphinx", "spectral"])
def test_the_computer_plays_on_for_the_cabinet_that_is_gone(tmp_path, game_id):
    r = _game_cut(tmp_path, game_id, 150)
    _take_over_and_finish(r.host, 0, masher(11))
    _take_over_and_finish(r.guest, 1, masher(12))


@pytest.mark.parametrize("cut_at", [300, 3000])     # on the board (Dark to move), in a duel
def test_the_computer_finishes_archon_cut_on_the_board_or_in_a_duel(tmp_path, cut_at):
    from types import SimpleNamespace

    from handheld.link.pad_players import ArchonPad

    def pad(slot):
        def player(local):
            return ArchonPad(SimpleNamespace(match=local.match, link=SimpleNamespace(host=slot == 0)), 3,
                             "classic", 2)._decide
        return player
    r = play_linked_match(load_game("archon"), {"mode": "two_players"}, 10, archon_player(21),
                          archon_player(20), Condition(30, 6, 20), data_dirs=(tmp_path / "host", tmp_path / "guest"),
                          on_tick=_cut_from(cut_at), max_wall_ticks=cut_at + GIVE_UP_TICKS + 200)
    _take_over_and_finish(r.host, 0, pad(0), 200_000)
    _take_over_and_finish(r.guest, 1, pad(1), 200_000)


LATE = {"sphinx": 400, "spectral": 250, "chamber": 1500, "atom4": 1500}     # before each match's end


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["sphinx", "spectral", "chamber", "atom4"])
@pytest.mark.parametrize("late", [False, True], ids=["early", "late"])
def test_the_computer_plays_on_in_every_game_cut_early_or_late(tmp_path, game_id, late):
    r = _game_cut(tmp_path, game_id, LATE[game_id] if late else 150)
    _take_over_and_finish(r.host, 0, masher(11))
    _take_over_and_finish(r.guest, 1, masher(12))


@pytest.mark.parametrize("game_id", ["chamber", pytest.param("atom4", marks=pytest.mark.slow)])
def test_a_taken_over_side_is_played_by_the_computer_offline(game_id):
    """The option alone, as a replay re-runs it: from its tick that side moves by itself."""
    from handheld.runtime.context import Context

    game = load_game(game_id)
    scene = game.match_scene(Context.headless_context(seed=3), 3, dict(TWO[game_id], computer_from=[1, 1]))
    press = masher(4)(None)
    for _ in range(200_000):
        if scene.finished:
            break
        scene.update(InputFrame((press(), IDLE, IDLE, IDLE)))
    assert scene.finished and "records" not in scene.result
    with pytest.raises(ValueError, match="computer_from"):
        game.match_scene(Context.headless_context(seed=3), 3, dict(TWO[game_id], computer_from=[2, 1]))
