"""A resumed Sphinx match plays the computer's recorded moves instead of
thinking them again (PROVER thinks up to 320,000 nodes a move, so a best-of-3
against it took seconds to re-run here, minutes on a Zero 2 W), and lands on
the state the match had. Every level's moves go through the same record; the
match here is against STRONG, which plays a best-of-3 in about a second where
PROVER took 38 s of the default test run; played on, it ends in the replay the uninterrupted
match made, which `replay --verify` (never seeing the journal) re-derives. A
recorded move that does not fit is one log line, and every move is thought
again."""

import logging

import pytest

from resuming import cut_and_played_on, put_journal, resume_match

from handheld.games.playback import run_replay
from handheld.games.sphinx import ai
from handheld.games.sphinx.phases import THINK
from handheld.runtime import journal as J
from handheld.runtime import journal_disk

OPTIONS = {"mode": "cpu", "level": "strong", "first": "computer", "rounds": 3}
CUT = 1327           # round 2, STRONG 40 ticks into its 9th move


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The scripted match's journal and state as the power cut it at CUT, then
    the match played on uninterrupted to its end."""
    def thinking_in_round_2(match):
        assert match.phase == THINK and match.round == 2 and not match.thinker.done
    return cut_and_played_on(tmp_path_factory.mktemp("played"), "sphinx", OPTIONS, CUT, thinking_in_round_2)


@pytest.fixture
def thoughts(monkeypatch):
    """How many moves the computer thinks (ai.think searches the match steps)."""
    count = [0]
    real = ai.think

    def counted(*args, **kwargs):
        search = real(*args, **kwargs)

        def stepped():
            count[0] += 1
            return (yield from search)
        return stepped()
    monkeypatch.setattr(ai, "think", counted)
    return count


def test_recorded_moves_are_played_without_thinking_and_the_state_is_the_same(tmp_path, played, thoughts):
    journal = J.read_journal(put_journal(played.journal, tmp_path))
    assert journal.decisions == played.decisions and len(journal.decisions) == 8
    assert {d[1] for d in journal.decisions} == {1, 2}
    runner = resume_match(tmp_path)
    assert runner.match.state_hash() == played.state_hash
    assert thoughts[0] == 1                   # only the move in flight at the cut is thought again
    assert runner.match.decisions == played.decisions
    whole = played.whole
    for frame in list(whole.replay.input_frames())[CUT:]:
        runner.update(frame)
    assert runner.match.finished and runner.replay.frames == whole.replay.frames
    assert runner.match.decisions == whole.match.decisions
    assert runner.match.state_hash() == whole.match.state_hash() == run_replay(runner.replay).state_hash()
    journal_disk.wait_until_written()


def test_a_recorded_move_that_does_not_fit_is_one_line_and_every_move_is_thought_again(
        tmp_path, played, caplog, thoughts):
    path = put_journal(played.journal, tmp_path)
    journal = J.read_journal(path)
    tick, rnd, ticks, column, key = journal.decisions[5]
    forged = list(journal.decisions)
    forged[5] = (tick, rnd, ticks, column, key + 1)      # chosen on another board
    J.JournalWriter.create(path, journal.header, journal.frames, forged).close()
    with caplog.at_level(logging.INFO, logger="handheld.resume"):
        runner = resume_match(tmp_path)
    assert runner.match.state_hash() == played.state_hash
    assert thoughts[0] == len(journal.decisions) + 1     # 5 played from the record, then every one thought
    (line,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert "thinking every move again" in line and f"tick {tick}" in line
    journal_disk.wait_until_written()
