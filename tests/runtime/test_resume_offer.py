"""The offer at start, and what the cabinet journals: FIRE resumes, ALT discards,
kiosk gives way to the demos after 30 s and keeps the journal, demos are never
journaled, the config key turns it all off, and a resumed match counts once."""

import json
import logging
import os

from handheld import TICK_HZ
from handheld.attract import AttractScene
from handheld.display.base import logical_surface
from handheld.games.registry import load_game
from handheld.input.actions import Action
from handheld.input.raw import FrameBuilder
from handheld.launcher import TitleScene
from handheld.resume_offer import ResumeOfferScene
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.runtime.match import MatchRunner
from handheld.runtime.resume import RESUME_TICKS_PER_STEP

from resume_script import headless_cabinet, mash, tap
from test_resume_cuts import resume_with_fire


def _play(state_dir, game_id, ticks, options=None, seed=3, resume=True):
    """A match on a cabinet that is then switched off (the cabinet object dropped)."""
    cabinet = headless_cabinet(state_dir, resume=resume)
    runner = cabinet.ctx.start_match(load_game(game_id), options or {}, seed=seed)
    builder = FrameBuilder()
    for raw in mash(7, ticks):
        runner.update(builder.step(raw))
    journal_disk.wait_until_written()                   # then the power goes
    return runner


def test_alt_discards_the_match_and_leaves_the_title(tmp_path):
    _play(str(tmp_path), "archon", 300)
    cabinet = headless_cabinet(str(tmp_path))
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    tap(cabinet, Action.ALT)
    assert isinstance(cabinet.director.top, TitleScene)
    assert not os.path.exists(J.journal_path(str(tmp_path)))
    assert isinstance(headless_cabinet(str(tmp_path)).director.top, TitleScene)


def test_kiosk_gives_way_to_the_demos_after_30_s_and_keeps_the_journal(tmp_path):
    _play(str(tmp_path), "sphinx", 300)
    kept = open(J.journal_path(str(tmp_path)), "rb").read()
    cabinet = headless_cabinet(str(tmp_path), kiosk=True)
    for _ in range(30 * TICK_HZ - 1):
        cabinet.tick()
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    cabinet.tick()
    assert isinstance(cabinet.director.top, AttractScene)
    for _ in range(20 * TICK_HZ):                       # demos are never journaled
        cabinet.tick()
    assert open(J.journal_path(str(tmp_path)), "rb").read() == kept
    # ...until the next match starts, which replaces it
    cabinet.ctx.start_match(load_game("atom4"), {}, seed=9)
    assert J.read_journal(J.journal_path(str(tmp_path))).game == "atom4"


def test_without_kiosk_the_offer_waits(tmp_path):
    _play(str(tmp_path), "sphinx", 300)
    cabinet = headless_cabinet(str(tmp_path))
    for _ in range(120 * TICK_HZ):
        cabinet.tick()
    assert isinstance(cabinet.director.top, ResumeOfferScene)


def test_a_computer_only_match_is_never_journaled(tmp_path):
    for game_id, options in (("sphinx", {"mode": "demo"}), ("atom4", {"players": 0}),
                             ("chamber", {"seats": [["cpu", 1], ["cpu", 2]]}), ("spectral", {"mode": "demo"}),
                             ("archon", {"mode": "demo"})):
        runner = _play(str(tmp_path), game_id, 200, options)
        assert runner.journal is None and not os.path.exists(J.journal_path(str(tmp_path))), game_id


def test_the_config_key_turns_journal_and_offer_off(tmp_path):
    runner = _play(str(tmp_path), "archon", 300, resume=False)
    assert runner.journal is None and not os.path.exists(J.journal_path(str(tmp_path)))
    _play(str(tmp_path), "archon", 300)
    assert isinstance(headless_cabinet(str(tmp_path), resume=False).director.top, TitleScene)
    assert os.path.exists(J.journal_path(str(tmp_path)))      # not offered, not deleted


def test_quitting_a_match_leaves_nothing_to_resume(tmp_path):
    runner = _play(str(tmp_path), "archon", 300)
    cabinet = headless_cabinet(str(tmp_path))
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    runner = resume_with_fire(cabinet)
    tap(cabinet, Action.START)
    assert runner.menu_kind == "pause"
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.FIRE)                            # QUIT TO MENU
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.FIRE)                            # YES, QUIT
    assert runner not in cabinet.director.scenes
    journal_disk.wait_until_written()                    # the delete is the journal thread's
    assert not os.path.exists(J.journal_path(str(tmp_path)))


def test_a_resumed_match_counts_once_in_the_records(tmp_path):
    state = str(tmp_path)
    whole = _play(str(tmp_path / "whole"), "sphinx", 2000)
    assert whole.match.finished and whole.match.result.get("records")
    frames = list(whole.replay.input_frames())
    cabinet = headless_cabinet(state)
    runner = cabinet.ctx.start_match(load_game("sphinx"), {}, seed=3)
    for frame in frames[:600]:
        runner.update(frame)
    cabinet = headless_cabinet(state)                   # power cut, restart
    runner = resume_with_fire(cabinet)
    for frame in frames[runner.replay.ticks:]:
        runner.update(frame)
    assert runner.match.finished and runner.replay.frames == whole.replay.frames
    table = json.load(open(os.path.join(state, "records.json")))
    assert sum(sum(counts) for counts in table["games"]["sphinx"]["levels"].values()) == 1
    journal_disk.wait_until_written()
    assert not os.path.exists(J.journal_path(state))
    assert isinstance(headless_cabinet(state).director.top, TitleScene)


def test_a_cut_between_the_end_record_and_the_records_is_not_offered_again(tmp_path):
    state = str(tmp_path)
    runner = _play(state, "sphinx", 300)
    runner.journal.finish(runner.replay)                # the end record is down; then the power went
    assert isinstance(headless_cabinet(state).director.top, TitleScene)


def test_a_long_match_resumes_over_several_ticks_behind_a_progress_bar(tmp_path):
    _play(str(tmp_path), "archon", RESUME_TICKS_PER_STEP * 3)
    cabinet = headless_cabinet(str(tmp_path))
    offer = cabinet.director.top
    cabinet.input.raw.press(0, Action.FIRE, "test")
    cabinet.tick()
    assert cabinet.director.top is offer and 0 < offer.resumption.ticks < offer.resumption.total
    surface = logical_surface()
    offer.draw(surface)
    gold = (252, 212, 64)
    assert surface.get_at((40, 228))[:3] == gold and surface.get_at((200, 228))[:3] != gold   # a third full
    runner = resume_with_fire(cabinet)
    assert runner.replay.ticks == RESUME_TICKS_PER_STEP * 3 - RESUME_TICKS_PER_STEP * 3 % TICK_HZ


def test_a_journal_of_another_version_starts_the_title_with_one_line(tmp_path, caplog, monkeypatch):
    _play(str(tmp_path), "atom4", 300)
    monkeypatch.setattr(load_game("atom4"), "play_version", load_game("atom4").play_version + 1)
    with caplog.at_level(logging.INFO):
        cabinet = headless_cabinet(str(tmp_path))
    assert isinstance(cabinet.director.top, TitleScene)
    lines = [r.getMessage() for r in caplog.records if r.name == "handheld.resume"]
    assert len(lines) == 1 and "play version" in lines[0]


def test_resuming_does_not_start_a_match_in_another(tmp_path):
    """The runner the offer hands over is the director's top, over the game's menu card."""
    _play(str(tmp_path), "chamber", 300)
    cabinet = headless_cabinet(str(tmp_path))
    runner = resume_with_fire(cabinet)
    assert isinstance(runner, MatchRunner) and runner.journal is not None
    assert [type(s).__name__ for s in cabinet.director.scenes] == ["TitleScene", "MenuScene", "MatchRunner"]


def test_a_journal_whose_options_the_game_refuses_is_kept_aside_with_one_line(tmp_path, caplog):
    from handheld.input.actions import frame_from_masks
    from handheld.runtime.replay import Replay

    header = {"game": "sphinx", "play_version": load_game("sphinx").play_version, "seed": 1,
              "options": {"mode": "bogus"}, "humans": 1, "started": 0}
    path = J.journal_path(str(tmp_path))
    writer = J.JournalWriter.create(path, header)
    replay = Replay("sphinx", 1, {})
    for held in (Action.LEFT, 0, Action.FIRE):
        replay.record(frame_from_masks([held]))
    writer.flush(replay)
    writer.close()
    cabinet = headless_cabinet(str(tmp_path))
    with caplog.at_level(logging.INFO, logger="handheld.resume"):
        tap(cabinet, Action.FIRE)
    assert isinstance(cabinet.director.top, TitleScene)
    (line,) = [r.getMessage() for r in caplog.records if r.name == "handheld.resume"]
    assert "not resuming sphinx" in line and "bogus" in line
    assert os.path.exists(path + ".refused") and not os.path.exists(path)
