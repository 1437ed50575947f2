"""A resume plays the computer's recorded moves of Atom-4 rounds that are over
instead of searching them again, and lands on the same state as the match had;
played on, the match ends in the replay the uninterrupted one made, which
`replay --verify` (which never sees the journal) re-derives. A recorded move that
does not fit is one log line, and the resume thinks everything again."""

import logging

import pytest

from resuming import cut_and_played_on, put_journal, resume_match

from handheld.games.atom4 import ai
from handheld.games.atom4.rules import CELLS
from handheld.games.playback import run_replay
from handheld.runtime import journal as J
from handheld.runtime import journal_disk

OPTIONS = {"players": 1, "rounds": 3}
CUT = 26000          # the scripted player's second round started at tick 24752


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The scripted match: its journal and state as the power cut it at CUT, then
    played on uninterrupted to its end (round 2, at ~32200 ticks)."""
    return cut_and_played_on(tmp_path_factory.mktemp("played"), "atom4", OPTIONS, CUT)


@pytest.fixture
def searches(monkeypatch):
    count = [0]
    real = ai.Search.__init__

    def counted(self, *args, **kwargs):
        count[0] += 1
        real(self, *args, **kwargs)
    monkeypatch.setattr(ai.Search, "__init__", counted)
    return count


def test_a_finished_rounds_moves_come_from_the_journal_and_the_state_is_the_same(tmp_path, played, searches):
    journal = J.read_journal(put_journal(played.journal, tmp_path))
    assert journal.decisions == played.decisions and journal.ticks == CUT
    in_round_2 = sum(1 for d in journal.decisions if d[1] == 2)
    assert in_round_2 >= 1 and len(journal.decisions) > in_round_2 + 5
    runner = resume_match(tmp_path)
    assert runner.match.state_hash() == played.state_hash
    assert in_round_2 <= searches[0] <= in_round_2 + 1      # round 2's again (and one in flight), round 1's not
    assert runner.match.decisions == played.decisions
    whole = played.whole
    for frame in list(whole.replay.input_frames())[CUT:]:
        runner.update(frame)
    assert runner.match.finished and runner.replay.frames == whole.replay.frames
    assert runner.match.state_hash() == whole.match.state_hash() == run_replay(runner.replay).state_hash()
    journal_disk.wait_until_written()


def test_a_resumed_journal_keeps_the_decisions_for_the_next_cut(tmp_path, played):
    path = put_journal(played.journal, tmp_path)
    resume_match(tmp_path)
    journal_disk.wait_until_written()
    assert J.read_journal(path).decisions == played.decisions


@pytest.mark.parametrize("which", ["round 1", "round 2"])
def test_a_recorded_move_that_does_not_fit_is_one_line_and_everything_is_thought_again(
        tmp_path, played, caplog, searches, which):
    """Round 1's moves are played from the record (a forged one leaves the next
    board other than recorded); round 2's are searched again and compared."""
    path = put_journal(played.journal, tmp_path)
    journal = J.read_journal(path)
    n = 3 if which == "round 1" else len(journal.decisions) - 1
    tick, rnd, ticks, move, key = journal.decisions[n]
    assert rnd == int(which[-1])
    forged = list(journal.decisions)
    forged[n] = (tick, rnd, ticks, (move + 1) % CELLS, key)
    J.JournalWriter.create(path, journal.header, journal.frames, forged).close()
    journal_disk.wait_until_written()           # close() only hands the file over to the writer thread
    with caplog.at_level(logging.INFO, logger="handheld.resume"):
        runner = resume_match(tmp_path)
    assert runner.match.state_hash() == played.state_hash
    assert searches[0] >= len(journal.decisions)                  # every move searched again
    (line,) = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert "thinking every move again" in line and "tick" in line
    journal_disk.wait_until_written()


def test_decisions_round_trip_and_a_torn_decisions_record_drops_only_them(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    header = {"game": "atom4", "play_version": 1, "seed": 1, "options": {}, "humans": 1, "started": 0}
    decisions = [(10, 1, 40, 17, (1 << 62) - 3), (300, 2, 1, 0, 5)]
    J.JournalWriter.create(path, header, [[0, 400]], decisions).close()
    journal_disk.wait_until_written()
    assert J.read_journal(path).decisions == decisions
    data = open(path, "rb").read()
    open(path, "wb").write(data[:-3])                             # the power went mid-way through them
    journal = J.read_journal(path)
    assert journal.ticks == 400 and journal.decisions == [] and journal.torn_bytes > 0
