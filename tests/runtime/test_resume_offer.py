"""The offer at start, and what the cabinet journals: FIRE resumes, ALT discards,
kiosk gives way to the demos after 30 s and keeps the journal, demos are never
journaled, the config key turns it all off, and a resumed match counts once."""

import json
import logging
import os

from handheld import TICK_HZ
from handheld.cabinet.attract import AttractScene
from handheld.display.base import logical_surface
from handheld.games.registry import load_game
from handheld.base.actions import Action
from handheld.base.frames import FrameBuilder
from handheld.cabinet.launcher import TitleScene
from handheld.games.playback import run_replay
from handheld.cabinet.resume_offer import ResumeOfferScene
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.runtime.match import MatchRunner
from handheld.runtime.replay import Replay
from handheld.cabinet.resume import FIRST_CHUNK_TICKS, MAX_CHUNK_TICKS, SHOW_BAR_AFTER_S, SLICE_S

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


class TickCostClock:
    """Wall time as the re-run's ticks so far times a cost per tick (`cost(tick)`):
    how fast this machine is stays out of the test."""

    def __init__(self, offer, cost):
        self.offer, self.cost = offer, cost
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return sum(self.cost(t) for t in range(self.offer.pacing.resumption.ticks))


def _offer_with_clock(tmp_path, ticks, cost):
    _play(str(tmp_path), "archon", ticks)
    cabinet = headless_cabinet(str(tmp_path))
    offer = cabinet.director.top
    offer.clock = TickCostClock(offer, cost)
    cabinet.input.raw.press(0, Action.FIRE, "test")
    cabinet.tick()
    return cabinet, offer


def _gold_until(surface) -> int:
    """How far the bar's gold reaches, in pixels."""
    gold = (252, 212, 64)
    return next((x for x in range(9, 311) if surface.get_at((x, 228))[:3] != gold), 311) - 9


def test_a_resume_expected_under_0_3_s_is_done_in_the_tick_of_the_fire_without_a_bar(tmp_path):
    ticks = 6000
    cabinet, offer = _offer_with_clock(tmp_path, ticks, lambda t: 0.25 / ticks)      # 0.25 s in all
    assert isinstance(cabinet.director.top, MatchRunner) and not offer.pacing.show_bar
    assert cabinet.director.top.replay.ticks == offer.pacing.resumption.total > ticks - 60


def test_a_longer_resume_shows_a_bar_of_ticks_done_and_goes_on_a_slice_a_tick(tmp_path):
    ticks = 6000
    cabinet, offer = _offer_with_clock(tmp_path, ticks, lambda t: 2.0 / ticks)       # 2 s in all
    pacing = offer.pacing
    assert cabinet.director.top is offer and pacing.show_bar
    assert pacing.resumption.ticks <= FIRST_CHUNK_TICKS          # it knew after the first measurement
    fractions, widths = [], []
    surface = logical_surface()
    while isinstance(cabinet.director.top, ResumeOfferScene):
        offer.draw(surface)
        fractions.append(pacing.fraction)
        widths.append(_gold_until(surface))
        cabinet.tick()
    assert fractions == sorted(fractions) and fractions[0] < 0.1 and fractions[-1] > 0.9
    for fraction, width in zip(fractions, widths):
        assert abs(width - fraction * 302) <= 1                 # the bar is ticks done / ticks in all
    # a slice of SLICE_S wall time a tick (whole chunks of a quarter slice: up to a quarter more)
    assert 2.0 / (1.25 * SLICE_S) - 2 <= len(fractions) <= 2.0 / SLICE_S + 2
    assert cabinet.director.top.replay.ticks == pacing.resumption.total


def test_a_resume_that_turns_slow_shows_the_bar_once_it_is_over_0_3_s(tmp_path):
    """Quick at first (a board's moves), then slow (the computer thinking again)."""
    ticks = 6000
    cabinet, offer = _offer_with_clock(tmp_path, ticks, lambda t: 0.05 / ticks if t < 3000 else 1.0 / 3000)
    pacing = offer.pacing
    assert cabinet.director.top is offer and pacing.show_bar and pacing.resumption.ticks > 3000
    assert pacing.seconds <= SHOW_BAR_AFTER_S + MAX_CHUNK_TICKS / 3000     # at most a chunk past it
    runner = resume_with_fire(cabinet)
    assert runner.replay.ticks == pacing.resumption.total


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
    from handheld.base.actions import frame_from_masks
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


def test_run_game_still_offers_the_match_over_the_game_it_opens(tmp_path):
    """`handheld run --game X` would otherwise start a new match over the journal:
    the offer comes first, over X's start screen, whichever game the match is of."""
    played = _play(str(tmp_path), "archon", 400)
    cabinet = headless_cabinet(str(tmp_path), first_game="archon")
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    assert "archon" in type(cabinet.director.scenes[-2]).__module__     # the game's start screen below it
    runner = resume_with_fire(cabinet)
    ticks = runner.replay.ticks
    first = Replay("archon", played.seed, played.options, frames=[], play_version=played.replay.play_version)
    for frame in list(played.replay.input_frames())[:ticks]:
        first.record(frame)
    assert ticks > 300 and runner.match.state_hash() == run_replay(first).state_hash()
    assert [type(s).__name__ for s in cabinet.director.scenes].count("MenuScene") == 1
    tap(cabinet, Action.START)
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.FIRE)                            # QUIT TO MENU
    tap(cabinet, Action.DOWN)
    tap(cabinet, Action.FIRE)                            # YES, QUIT
    assert type(cabinet.director.top).__name__ == "MenuScene"


def test_run_game_with_another_games_match_discarded_is_at_that_game(tmp_path):
    _play(str(tmp_path), "atom4", 400)
    cabinet = headless_cabinet(str(tmp_path), first_game="sphinx")
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    opened = cabinet.director.scenes[-2]
    tap(cabinet, Action.ALT)
    assert cabinet.director.top is opened and "sphinx" in type(opened).__module__
