"""Every match the cabinet plays must verify: the replay holds exactly the
frames the match saw, whatever was held when it started, paused or resumed,
and --verify refuses files that were tampered with."""

import json

import pytest

from handheld.tools.cli import main as cli_main
from handheld.runtime.context import Context
from handheld.games.registry import GAMES, load_game
from handheld.base.actions import Action
from handheld.base.frames import FrameBuilder, RawInput
from handheld.runtime.match import MatchRunner
from handheld.runtime.replay import Replay
from handheld.runtime.rng import Rng

BUILT = [g for g in GAMES if load_game(g).built]
DIRS = (Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT)


class Hands:
    """The cabinet's input path: one RawInput and one FrameBuilder for every
    tick, whether the match sees it or not (pause menu, menus before it)."""

    def __init__(self):
        self.raw, self.builder = RawInput(), FrameBuilder()

    def frame(self):
        return self.builder.step(self.raw.take())


def play(game_id, tmp_path, script_seed=3, ticks=900):
    ctx = Context.headless_context(seed=7)
    ctx.data_dir = str(tmp_path)
    hands = Hands()
    rng = Rng(script_seed)
    hands.raw.press(0, Action.RIGHT)            # held before the match exists
    for _ in range(20):
        hands.frame()
    runner = MatchRunner(ctx, load_game(game_id), {}, seed=7)
    ctx.director.push(runner)
    for t in range(ticks):
        if runner.saved_path:
            break
        if t % 97 == 40:                        # pause with a direction held, stay paused, resume
            d = rng.choice(DIRS)
            hands.raw.press(0, d)
            hands.raw.press(0, Action.START)
            runner.update(hands.frame())
            hands.raw.release(0, Action.START)
            for _ in range(rng.randint(1, 40)):
                runner.update(hands.frame())
            hands.raw.press(0, Action.START)
            runner.update(hands.frame())
            hands.raw.release(0, Action.START)
            assert runner.menu is None
        elif rng.chance(1, 8):
            for bit in (*DIRS, Action.FIRE):
                hands.raw.release(0, bit)
            hands.raw.press(0, rng.choice((*DIRS, Action.FIRE)))
        runner.update(hands.frame())
    if not runner.saved_path:                   # unfinished: save what was played, as a test may
        runner.replay.state_hash = runner.match.state_hash()
        runner.saved_path = tmp_path / "unfinished.json"
        runner.replay.save(runner.saved_path)
    return runner


@pytest.mark.parametrize("game_id", BUILT)
def test_pausing_with_a_direction_held_and_holding_one_at_the_start_still_verifies(game_id, tmp_path, capsys):
    runner = play(game_id, tmp_path)
    assert runner.replay.ticks > 500
    assert cli_main(["replay", str(runner.saved_path), "--verify"]) == 0, capsys.readouterr().err


def saved(tmp_path):
    runner = play(BUILT[0], tmp_path, ticks=300)
    return runner.saved_path, json.loads(runner.saved_path.read_text())


def verify_says(path, capsys):
    code = cli_main(["replay", str(path), "--verify"])
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return code, err[0]


def test_a_forged_tick_count_is_refused(tmp_path, capsys):
    path, data = saved(tmp_path)
    data["ticks"] += 5
    path.write_text(json.dumps(data))
    code, err = verify_says(path, capsys)
    assert code != 0 and "ticks" in err


@pytest.mark.skipif("chamber" not in BUILT, reason="needs a game a mashed match finishes quickly")
def test_frames_appended_after_the_match_ended_are_refused(tmp_path, capsys):
    runner = play("chamber", tmp_path, ticks=20000)
    assert runner.match.finished
    path = runner.saved_path
    assert verify_says_ok(path, capsys)
    data = json.loads(path.read_text())
    data["frames"].append([0, 50])              # idle ticks: a finished match ignores them
    data["ticks"] += 50
    path.write_text(json.dumps(data))
    code, err = verify_says(path, capsys)
    assert code == 2 and "ended at tick" in err and err.endswith("the file was changed")
    data["play_version"] = 0                    # the same file from before play versions: the game may have changed
    path.write_text(json.dumps(data))
    code, err = verify_says(path, capsys)
    assert code == 2 and "ended at tick" in err and "recorded before play versions were kept" in err


def verify_says_ok(path, capsys):
    code = cli_main(["replay", str(path), "--verify"])
    return code == 0 and "replay verified" in capsys.readouterr().out


def test_trailing_bytes_after_the_json_are_refused(tmp_path, capsys):
    path, _data = saved(tmp_path)
    path.write_text(path.read_text() + "[0,1]")
    code, err = verify_says(path, capsys)
    assert code == 2 and str(path) in err


def test_a_replay_of_another_format_is_refused(tmp_path, capsys):
    path, data = saved(tmp_path)
    data["format"] = 1
    path.write_text(json.dumps(data))
    code, err = verify_says(path, capsys)
    assert code == 2 and "format" in err


def test_a_changed_input_fails_verify(tmp_path, capsys):
    path, data = saved(tmp_path)
    taps = [[(b | b << 8 | b << 24), 1] for b in (int(Action.RIGHT), int(Action.DOWN), int(Action.FIRE))]
    data["frames"] = [taps[k % 3] for k in range(data["ticks"])]      # same length, other input
    path.write_text(json.dumps(data))
    code, err = verify_says(path, capsys)
    assert code == 1 and "MISMATCH" in err


def test_a_replay_of_an_older_play_version_that_plays_the_same_still_verifies(tmp_path, capsys, monkeypatch):
    path, data = saved(tmp_path)
    monkeypatch.setattr(load_game(BUILT[0]), "play_version", data["play_version"] + 1)
    assert verify_says_ok(path, capsys)


def other_state(path, data, **fields):
    """The file as if its match had ended elsewhere (what a changed game re-runs to)."""
    data.update(fields, state_hash="0" * 16)
    path.write_text(json.dumps(data))


def test_a_mismatch_of_an_older_play_version_says_the_game_changed(tmp_path, capsys, monkeypatch):
    path, data = saved(tmp_path)
    other_state(path, data)
    monkeypatch.setattr(load_game(BUILT[0]), "play_version", data["play_version"] + 1)
    code, err = verify_says(path, capsys)
    assert code == 1 and "MISMATCH" in err
    assert (f"recorded by {BUILT[0]} play version {data['play_version']} and this cabinet plays version "
            f"{data['play_version'] + 1}") in err and err.endswith("record a new one")


def test_a_mismatch_of_a_newer_play_version_says_where_to_check_it(tmp_path, capsys):
    path, data = saved(tmp_path)
    other_state(path, data, play_version=data["play_version"] + 1)
    code, err = verify_says(path, capsys)
    assert code == 1 and "newer than this cabinet's" in err


def test_a_format_2_replay_still_verifies_and_a_mismatch_names_its_age(tmp_path, capsys):
    path, data = saved(tmp_path)
    del data["play_version"]
    data["format"] = 2
    path.write_text(json.dumps(data))
    assert verify_says_ok(path, capsys)
    other_state(path, data)
    code, err = verify_says(path, capsys)
    assert code == 1 and "recorded before play versions were kept" in err


def test_a_plain_mismatch_names_no_version(tmp_path, capsys):
    path, data = saved(tmp_path)
    other_state(path, data)
    code, err = verify_says(path, capsys)
    assert code == 1 and "MISMATCH" in err and "version" not in err


def test_watching_a_replay_that_ends_elsewhere_says_so_and_why(tmp_path, capsys, monkeypatch):
    path, data = saved(tmp_path)
    assert cli_main(["replay", str(path)]) == 0
    assert capsys.readouterr().err == ""          # it re-runs to the recorded state: nothing to say
    other_state(path, data)
    monkeypatch.setattr(load_game(BUILT[0]), "play_version", data["play_version"] + 1)
    assert cli_main(["replay", str(path)]) == 0   # watching is not checking: no failure
    err = capsys.readouterr().err.strip()
    assert "ends elsewhere than the recorded game" in err and err.endswith("record a new one")


def write_replay(tmp_path, **fields):
    data = {"format": 3, "game": "atom4", "play_version": load_game("atom4").play_version, "seed": 1,
            "options": {}, "ticks": 1, "frames": [[0, 1]], "state_hash": "0"}
    data.update(fields)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


def test_a_replay_keeps_the_play_version_that_recorded_it(tmp_path):
    path, data = saved(tmp_path)
    assert data["format"] == 3 and data["play_version"] == load_game(BUILT[0]).play_version
    assert Replay.load(path).play_version == data["play_version"]


def test_a_format_2_replay_loads_whole_with_its_play_version_unknown(tmp_path):
    old = {"format": 2, "game": "atom4", "seed": 5, "options": {"rounds": 1}, "ticks": 3,
           "frames": [[0, 2], [1, 1]], "state_hash": "ab"}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    replay = Replay.load(path)
    assert replay == Replay("atom4", 5, {"rounds": 1}, [[0, 2], [1, 1]], 3, "ab", play_version=0)


@pytest.mark.parametrize("fields, words", [
    ({"game": "pacman"}, "not a game of this cabinet"),
    ({"options": {"level": "impossible"}}, "not valid for"),
    ({"seed": "one"}, "damaged replay"),
    ({"frames": [[-1, 1]]}, "out of range"),
])
def test_a_bad_replay_is_one_line(tmp_path, capsys, fields, words):
    if "options" in fields and "atom4" not in BUILT:
        pytest.skip("needs atom4")
    code, err = verify_says(write_replay(tmp_path, **fields), capsys)
    assert code == 2 and words in err


def test_json_nested_100k_deep_is_one_line(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    code, err = verify_says(path, capsys)
    assert code == 2 and str(path) in err


@pytest.mark.slow
def test_two_hundred_played_matches_all_verify(tmp_path, capsys):
    """40 scripted matches a game, each with pauses while a direction is held
    and a direction held at the start, finished or cut off at 30,000 ticks."""
    verified = finished = 0
    for game_id in BUILT:
        for script_seed in range(1, 41):
            runner = play(game_id, tmp_path / f"{game_id}-{script_seed}", script_seed=script_seed, ticks=30_000)
            finished += runner.match.finished
            assert cli_main(["replay", str(runner.saved_path), "--verify"]) == 0, capsys.readouterr().err
            verified += 1
    print(f"{verified} replays verified ({finished} finished matches)")
    assert verified == 40 * len(BUILT)
