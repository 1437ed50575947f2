"""The match journal's file: round trip, torn and corrupt tails, refusals, and
the write budget an SD card lives with, measured on the tick clock."""

import logging
import os

import pytest

from handheld import TICK_HZ
from handheld.games.registry import load_game
from handheld.base.actions import EMPTY_FRAME, Action, frame_from_masks
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.cabinet import resume
from handheld.runtime.replay import Replay, pack_frame
from handheld.runtime.rng import Rng

HEADER = {"game": "sphinx", "play_version": load_game("sphinx").play_version, "seed": 3, "options": {"mode": "cpu"}, "humans": 1,
          "started": 1_700_000_000}


def _frame(held0: int, held1: int = 0):
    return frame_from_masks([held0, held1])


def _play(writer, replay, frames, live=False):
    for frame in frames:
        replay.record(frame)
        if writer.after_tick(replay, live=live):
            journal_disk.wait_until_written()       # the card keeps up with a flush a second of game time


def _random_frames(seed, ticks, every=1):
    rng = Rng(seed)
    frame = EMPTY_FRAME
    for t in range(ticks):
        if t % every == 0:
            frame = _frame(rng.randrange(64), rng.randrange(64))
        yield frame


def test_what_is_flushed_reads_back_as_the_replays_frames(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, _random_frames(1, 1000, every=7))
    writer.flush(replay)
    journal = J.read_journal(path)
    assert journal.header == HEADER and journal.torn_bytes == 0 and not journal.ended
    assert journal.frames == replay.frames and journal.ticks == replay.ticks == 1000


def test_a_torn_last_record_is_dropped_at_every_cut(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, _random_frames(2, 300, every=5))
    before = os.path.getsize(path)
    journal_before = J.read_journal(path)
    for frame in _random_frames(3, 100, every=5):
        replay.record(frame)
    writer.flush(replay)                              # one record of 100 ticks
    journal_disk.wait_until_written()
    whole = open(path, "rb").read()
    assert len(whole) > before + 8
    for cut in range(before + 1, len(whole)):
        open(path, "wb").write(whole[:cut])
        journal = J.read_journal(path)
        assert journal.frames == journal_before.frames, cut
        assert journal.torn_bytes == cut - before


def test_a_corrupt_record_ends_the_journal_there(tmp_path, caplog):
    path = str(tmp_path / J.FILE_NAME)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, _random_frames(4, 200, every=3))
    good = J.read_journal(path)
    size = os.path.getsize(path)
    _play(writer, replay, _random_frames(5, 200, every=3))
    data = bytearray(open(path, "rb").read())
    data[size + 12] ^= 0x40                          # a bit flipped inside the next record's payload
    open(path, "wb").write(bytes(data))
    journal = J.read_journal(path)
    assert journal.frames == good.frames and journal.torn_bytes == len(data) - size


def test_a_record_that_does_not_follow_on_is_not_read_as_input(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    J.JournalWriter.create(path, HEADER).close()
    journal_disk.wait_until_written()
    with open(path, "ab") as fh:
        fh.write(J.frame_record(0, [(pack_frame(_frame(1)), 10)]))
        fh.write(J.frame_record(99, [(pack_frame(_frame(2)), 10)]))     # a gap: ticks 10..98 missing
    journal = J.read_journal(path)
    assert journal.ticks == 10 and journal.torn_bytes > 0


@pytest.mark.parametrize("content", [b"", b"HHJ1", b"not a journal at all", J.MAGIC + J.framed(b"H{bad json")])
def test_a_journal_without_a_readable_header_is_refused_in_one_line(tmp_path, caplog, content):
    path = tmp_path / J.FILE_NAME
    path.write_bytes(content)
    with caplog.at_level(logging.INFO, logger="handheld.resume"):
        assert resume.pending(str(tmp_path)) is None
    lines = [r for r in caplog.records if r.name == "handheld.resume"]
    assert len(lines) == 1 and "not resuming" in lines[0].getMessage() and "\n" not in lines[0].getMessage()
    assert (tmp_path / (J.FILE_NAME + resume.REFUSED_SUFFIX)).read_bytes() == content   # kept, not lost


def test_a_journal_of_another_play_version_is_refused_and_kept(tmp_path, caplog):
    path = str(tmp_path / J.FILE_NAME)
    writer = J.JournalWriter.create(path, dict(HEADER, play_version=99))
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, _random_frames(6, 200, every=3))
    writer.close()
    journal_disk.wait_until_written()           # close() only hands the file over to the writer thread
    with caplog.at_level(logging.INFO, logger="handheld.resume"):
        assert resume.pending(str(tmp_path)) is None
    (line,) = [r.getMessage() for r in caplog.records if r.name == "handheld.resume"]
    assert "play version 99" in line and f"this cabinet plays version {load_game('sphinx').play_version}" in line
    assert os.path.exists(path + resume.REFUSED_SUFFIX) and not os.path.exists(path)


def test_an_ended_or_empty_journal_is_not_offered(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    J.JournalWriter.create(path, HEADER).close()
    journal_disk.wait_until_written()           # on a busy machine the file was created after pending() looked
    assert resume.pending(str(tmp_path)) is None and not os.path.exists(path)     # no input yet
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, _random_frames(7, 200, every=3))
    writer.finish(replay)
    assert J.read_journal(path).ended
    assert resume.pending(str(tmp_path)) is None and not os.path.exists(path)


# --- the write budget, on the tick clock ------------------------------------
def _budget(frames, live=False, tmp_path=None):
    writer = J.JournalWriter.create(str(tmp_path / J.FILE_NAME), HEADER)
    journal_disk.wait_until_written()
    start_fsyncs, start_bytes = writer.fsyncs, writer.bytes_written
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, frames, live=live)
    seconds = replay.ticks / TICK_HZ
    return (writer.fsyncs - start_fsyncs) / seconds, (writer.bytes_written - start_bytes) / seconds, writer


def test_input_changing_every_tick_costs_at_most_one_fsync_and_4_kb_a_second(tmp_path):
    # four players mashing every button every tick: the worst the budget sees
    rng = Rng(8)
    frames = [frame_from_masks([rng.randrange(256) for _ in range(4)]) for _ in range(3 * 60 * TICK_HZ)]
    fsyncs, bytes_per_s, _ = _budget(frames, tmp_path=tmp_path)
    assert 0.9 <= fsyncs <= 1.0
    assert bytes_per_s <= 4096


def test_an_idle_board_game_writes_nothing_and_a_duel_flushes_every_two_seconds(tmp_path):
    idle = [EMPTY_FRAME] * (5 * 60 * TICK_HZ)
    fsyncs, bytes_per_s, _ = _budget(idle, tmp_path=tmp_path)
    assert fsyncs == 0 and bytes_per_s == 0
    held = [_frame(Action.LEFT)] * (60 * TICK_HZ)          # a stick held in the arena: no change
    fsyncs, _, writer = _budget(held, live=True, tmp_path=tmp_path)
    assert fsyncs == pytest.approx(0.5, abs=0.01)


def test_a_press_is_on_the_card_within_a_second_of_it(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    _play(writer, replay, [EMPTY_FRAME] * 500)
    _play(writer, replay, [_frame(Action.FIRE)])         # a move, after a long think
    assert J.read_journal(path).ticks == 501
    _play(writer, replay, [EMPTY_FRAME] * 10 + [_frame(Action.LEFT)] + [EMPTY_FRAME] * 48)
    assert J.read_journal(path).ticks == 501             # the next change waits for its second...
    _play(writer, replay, [EMPTY_FRAME])
    assert J.read_journal(path).ticks == 561             # ...and no longer


def test_a_day_of_play_writes_a_few_megabytes(tmp_path):
    """The figure docs/resume.md gives: 12 h of two players pressing about
    three times a second each, a flush a second."""
    frames = list(_random_frames(9, 3 * 60 * TICK_HZ, every=10))
    _, bytes_per_s, _ = _budget(frames, tmp_path=tmp_path)
    day = bytes_per_s * 12 * 3600
    assert day < 16 << 20


@pytest.mark.parametrize("game_id", ["archon", "spectral", "sphinx", "chamber", "atom4"])
def test_every_game_journals_a_played_minute_within_the_budget(game_id, tmp_path):
    from handheld.tools.resume_bench import journaled_match

    runner, writer = journaled_match(str(tmp_path), game_id, {}, 60 * TICK_HZ, every=6)
    journal_disk.wait_until_written()
    seconds = runner.replay.ticks / TICK_HZ
    assert seconds > 5
    # one a second, plus three a match: its header, its last frames and its end
    assert seconds / 2 <= writer.fsyncs <= seconds + 3
    assert writer.bytes_written / seconds <= 4096


def test_bench_resume_figures_resume_to_the_played_hash(tmp_path):
    from handheld.tools.resume_bench import resume_figures

    figures = resume_figures("archon", {"mode": "computer_dark"}, 600)
    assert figures["ticks"] == 600 and figures["resume_s"] > 0
    assert set(figures) == {"ticks", "match_finished", "resume_s", "resume_cpu_s", "fsyncs_per_s",
                           "bytes_per_s"}


def test_a_new_journal_closes_the_file_of_a_match_dropped_without_a_word(tmp_path):
    journal_disk.wait_until_written()
    before = len(os.listdir("/proc/self/fd"))
    writers = [J.JournalWriter.create(str(tmp_path / J.FILE_NAME), HEADER) for _ in range(50)]
    journal_disk.wait_until_written()
    assert len(os.listdir("/proc/self/fd")) <= before + 1
    assert all(w.disk.fd is None for w in writers[:-1]) and writers[-1].disk.fd is not None
    writers[-1].close()
