"""Every game, a match cut at 20 random moments (some mid-record, as a power cut
mid-write leaves it), the cabinet started again, the match resumed: the state
hash is the one the uninterrupted match had at the last journaled tick, and the
match played on from there ends exactly as the uninterrupted one did."""

import pytest

from handheld.games.registry import built_games, load_game
from handheld.base.actions import Action
from handheld.base.frames import FrameBuilder
from handheld.games.playback import run_replay
from handheld.cabinet.resume_offer import ResumeOfferScene
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.runtime.match import MatchRunner
from handheld.runtime.rng import Rng

from resume_script import headless_cabinet, mash

CUTS = 20
TICKS = 900


class Played:
    """One uninterrupted match: its state hash and journal bytes after every tick."""

    def __init__(self, game_id, state_dir):
        cabinet = headless_cabinet(state_dir)
        runner = cabinet.ctx.start_match(load_game(game_id), {}, seed=21)
        builder = FrameBuilder()
        self.hashes = [runner.match.state_hash()]
        journal_disk.wait_until_written()
        self.journal_bytes = [open(J.journal_path(state_dir), "rb").read()]
        for raw in mash(4, TICKS):
            runner.update(builder.step(raw))
            if runner.match.finished:       # journal ended and removed: nothing to resume after this
                break
            self.hashes.append(runner.match.state_hash())
            journal_disk.wait_until_written()          # what the writer thread has been handed, on the card
            self.journal_bytes.append(open(J.journal_path(state_dir), "rb").read())
        self.replay = runner.replay
        self.final_hash = runner.match.state_hash()


def _cuts(played, seed):
    """Journal bytes as a cut left them."""
    rng = Rng(seed)
    history = played.journal_bytes
    for i in range(CUTS):
        tick = 1 + rng.randrange(len(history) - 1)
        data = history[tick]
        later = next((h for h in history[tick:] if len(h) > len(data)), data)
        if i % 2 and len(later) > len(data):             # mid-record: part of the next record made it
            data = later[:len(data) + 1 + rng.randrange(len(later) - len(data) - 1)]
        yield data


@pytest.mark.parametrize("game_id", [g.id for g in built_games()])
def test_a_cut_match_resumes_to_the_same_state_hash(game_id, tmp_path):
    played = Played(game_id, str(tmp_path / "played"))
    offered = 0
    for n, data in enumerate(_cuts(played, seed=len(game_id))):
        state = tmp_path / f"cut{n}"
        state.mkdir()
        (state / J.FILE_NAME).write_bytes(data)
        ticks = J.read_journal(str(state / J.FILE_NAME)).ticks
        cabinet = headless_cabinet(str(state))          # the cabinet starts again
        if ticks == 0:                                  # cut before the first flush: nothing to offer
            assert not isinstance(cabinet.director.top, ResumeOfferScene)
            continue
        offered += 1
        runner = resume_with_fire(cabinet)
        assert runner.match.state_hash() == played.hashes[ticks], (n, ticks)
        assert runner.replay.ticks == ticks
        if n >= CUTS - 2:
            _plays_on_to_the_same_end(runner, played, ticks)
    assert offered >= CUTS // 2


def resume_with_fire(cabinet):
    """FIRE on the offer, then ticks until the match is back (a long journal takes
    a few); returns its runner before it has played a tick."""
    assert isinstance(cabinet.director.top, ResumeOfferScene)
    cabinet.input.raw.press(0, Action.FIRE, "test")
    for _ in range(1000):
        cabinet.tick()
        if isinstance(cabinet.director.top, MatchRunner):
            cabinet.input.raw.release(0, Action.FIRE, "test")
            return cabinet.director.top
    raise AssertionError("the match never came back")


def _plays_on_to_the_same_end(runner, played, ticks):
    """Fed the rest of the uninterrupted match's frames, the resumed match ends the
    same, in one replay equal to the uninterrupted one, which verifies."""
    for frame in list(played.replay.input_frames())[ticks:]:
        runner.update(frame)
    assert runner.replay.frames == played.replay.frames
    assert runner.match.state_hash() == played.final_hash
    assert run_replay(runner.replay).state_hash() == played.final_hash


def test_archon_resumes_inside_a_duel_at_most_two_seconds_back(tmp_path):
    cabinet = headless_cabinet(str(tmp_path))
    runner = cabinet.ctx.start_match(load_game("archon"), {}, seed=3)
    builder, hashes = FrameBuilder(), {}
    idle = [[(0, 0, 0)] * 4] * 300              # the player stops touching anything: only the arena's rule flushes
    for raw in [*mash(3, 600), *idle]:          # the script's first duel starts at tick 512
        runner.update(builder.step(raw))
        hashes[runner.replay.ticks] = runner.match.state_hash()
    assert runner.match.real_time               # the power goes mid-duel
    runner = resume_with_fire(headless_cabinet(str(tmp_path)))
    assert runner.match.real_time
    assert 900 - 120 <= runner.replay.ticks <= 900
    assert runner.match.state_hash() == hashes[runner.replay.ticks]
