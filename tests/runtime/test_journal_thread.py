"""The journal's writer thread, with real files: the frame thread only hands
bytes over (it never fsyncs), order is kept, a close or a clean exit after
queued writes leaves everything on the card, a card that falls behind or fails
never stops the frame loop."""

import logging
import os
import subprocess
import sys
import threading
from pathlib import Path

from handheld.games.registry import load_game
from handheld.base.actions import EMPTY_FRAME, frame_from_masks
from handheld.base.frames import FrameBuilder
from handheld.runtime import journal as J
from handheld.runtime import journal_disk
from handheld.runtime.replay import Replay
from handheld.runtime.rng import Rng

from resume_script import headless_cabinet, mash

HEADER = {"game": "sphinx", "play_version": load_game("sphinx").play_version, "seed": 3, "options": {},
          "humans": 1, "started": 0}


class HeldCard:
    """os.fdatasync that waits until released: a card that has stopped answering."""

    def __init__(self, monkeypatch):
        self.release = threading.Event()
        self.calls = 0
        real = os.fdatasync

        def fdatasync(fd):
            self.calls += 1
            assert self.release.wait(20), "the test never released the card"
            real(fd)
        monkeypatch.setattr(os, "fdatasync", fdatasync)


def _ticks(frames):
    return [packed for packed, count in frames for _ in range(count)]


def _changing_frames(seed, ticks):
    rng = Rng(seed)
    for _ in range(ticks):
        yield frame_from_masks([rng.randrange(64)])


def _flush_every_second(writer, replay, seconds, seed):
    taken = []
    for n, frame in enumerate(_changing_frames(seed, seconds * 60)):
        replay.record(frame)
        if n % 60 == 59:
            taken.append(writer.flush(replay))
    return taken


def test_a_close_after_queued_writes_leaves_everything_on_the_card(tmp_path, monkeypatch):
    path = str(tmp_path / J.FILE_NAME)
    card = HeldCard(monkeypatch)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    taken = _flush_every_second(writer, replay, 10, seed=1)
    writer.close()                                  # everything still queued behind the held card
    assert all(taken) and card.calls <= 1
    card.release.set()
    assert journal_disk.wait_until_written()
    journal = J.read_journal(path)
    assert journal.frames == replay.frames and journal.ticks == replay.ticks and journal.torn_bytes == 0
    assert writer.disk.fd is None and writer.synced_ticks == replay.ticks


def test_the_frame_thread_never_fsyncs_the_journal_from_start_to_end(tmp_path, monkeypatch):
    """Every fsync of the journal (or the temporary file that becomes it) is the
    writer thread's. (At the end the frame thread saves the replay and the
    records itself, as before: those are not the journal.)"""
    calls = []
    for name in ("fsync", "fdatasync"):
        real = getattr(os, name)

        def record(fd, real=real):
            calls.append((threading.current_thread(), os.path.basename(os.readlink(f"/proc/self/fd/{fd}"))))
            return real(fd)
        monkeypatch.setattr(os, name, record)
    cabinet = headless_cabinet(str(tmp_path / "state"))
    runner = cabinet.ctx.start_match(load_game("sphinx"), {"mode": "cpu"}, seed=4)
    builder = FrameBuilder()
    for raw in mash(2, 20 * 60):
        runner.update(builder.step(raw))
        if runner.match.finished:
            break
    assert runner.match.finished                    # the end record and its wait included
    assert journal_disk.wait_until_written()
    journal_calls = [thread for thread, name in calls if J.FILE_NAME in name]
    # at least the end's; how many flushes along the way go in one write depends on how
    # fast this machine runs the match against the writer, so the count is not pinned
    assert journal_calls
    assert {t.name for t in journal_calls} == {"journal-writer"}
    assert threading.main_thread() not in journal_calls


def test_a_card_that_falls_behind_never_holds_up_a_flush_and_loses_nothing(tmp_path, monkeypatch):
    path = str(tmp_path / J.FILE_NAME)
    card = HeldCard(monkeypatch)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    assert all(_flush_every_second(writer, replay, 60, seed=2))     # a minute of flushes, card stuck
    assert card.calls <= 1
    card.release.set()
    assert journal_disk.wait_until_written()
    journal = J.read_journal(path)
    assert journal.frames == replay.frames and journal.torn_bytes == 0
    assert writer.fsyncs <= 3                        # what waited went in one write and one fdatasync
    writer.close()


def test_a_card_stuck_for_good_stops_the_journal_with_one_line(tmp_path, monkeypatch, caplog):
    path = str(tmp_path / J.FILE_NAME)
    card = HeldCard(monkeypatch)
    monkeypatch.setattr(journal_disk, "MAX_WAITING_BYTES", 2000)
    writer = J.JournalWriter.create(path, HEADER)
    replay = Replay("sphinx", 3, {})
    with caplog.at_level(logging.WARNING, logger="handheld.journal"):
        taken = _flush_every_second(writer, replay, 120, seed=3)
    assert taken[0] and not all(taken) and writer.closed
    (line,) = [r.getMessage() for r in caplog.records if r.name == "handheld.journal"]
    assert "taken nothing" in line and "will not resume past" in line
    card.release.set()
    assert journal_disk.wait_until_written()
    journal = J.read_journal(path)              # what it held is a good journal, up to where it stopped
    assert journal.torn_bytes == 0 and 0 < journal.ticks < replay.ticks
    assert _ticks(journal.frames) == _ticks(replay.frames)[:journal.ticks]


def test_records_reach_the_card_in_the_order_they_were_handed_over(tmp_path):
    """A RESTART: the old journal's delete, then the new one's header, on one file."""
    path = str(tmp_path / J.FILE_NAME)
    for seed in range(20):
        old = J.JournalWriter.create(path, HEADER)
        replay = Replay("sphinx", 3, {})
        _flush_every_second(old, replay, 2, seed)
        old.discard()
        J.JournalWriter.create(path, dict(HEADER, seed=seed)).close()
        assert journal_disk.wait_until_written()
        journal = J.read_journal(path)
        assert journal.header["seed"] == seed and journal.ticks == 0


def test_a_card_that_fails_is_one_line_and_the_match_plays_on(tmp_path, monkeypatch, caplog):
    def broken(fd):
        raise OSError(5, "Input/output error")

    cabinet = headless_cabinet(str(tmp_path))
    runner = cabinet.ctx.start_match(load_game("archon"), {}, seed=4)
    monkeypatch.setattr(os, "fdatasync", broken)
    builder = FrameBuilder()
    with caplog.at_level(logging.WARNING, logger="handheld.journal"):
        for raw in mash(5, 30 * 60):
            runner.update(builder.step(raw))
        journal_disk.wait_until_written()
    lines = [r.getMessage() for r in caplog.records if r.name == "handheld.journal"]
    assert len(lines) == 1 and "Input/output error" in lines[0] and "will not resume" in lines[0]
    assert runner.replay.ticks == 30 * 60 and runner.journal.disk.failed
    assert not runner.journal.flush(runner.replay)  # nothing more is handed over


def test_a_card_that_fails_with_more_records_waiting_is_still_one_line(tmp_path, monkeypatch, caplog):
    """The frame thread may hand records over while a write fails: they are dropped
    with it, not written (and failed, and logged) again as the file is closed."""
    disk = journal_disk.JournalFile(str(tmp_path / J.FILE_NAME))
    disk.create(b"HHJ1", 0)
    real_write = os.write

    def write_then_more_arrive(fd, data):
        with disk._lock:
            disk._waiting += b"more"
        return real_write(fd, data)

    def broken(fd):
        raise OSError(5, "Input/output error")
    monkeypatch.setattr(os, "write", write_then_more_arrive)
    monkeypatch.setattr(os, "fdatasync", broken)
    with caplog.at_level(logging.WARNING, logger="handheld.journal"):
        disk.append(b"record", 1)
    lines = [r.getMessage() for r in caplog.records if r.name == "handheld.journal"]
    assert len(lines) == 1 and disk.failed and disk.fd is None and not disk._waiting


def test_an_unexpected_error_in_a_job_is_one_line_and_the_thread_goes_on(caplog):
    def bad_job():
        raise RuntimeError("a bug")

    with caplog.at_level(logging.ERROR, logger="handheld.journal"):
        assert journal_disk.hand_over(bad_job, wait_s=2)
        assert journal_disk.wait_until_written()
    (line,) = [r.getMessage() for r in caplog.records if r.name == "handheld.journal"]
    assert line == "match journal writer: RuntimeError: a bug"


CHILD = """
import os, sys, time
from handheld.base.actions import frame_from_masks
from handheld.runtime import journal as J
from handheld.runtime.replay import Replay
real = os.fdatasync
os.fdatasync = lambda fd: (time.sleep(0.05), real(fd))[1]       # a slow card
writer = J.JournalWriter.create(sys.argv[1], {header!r})
replay = Replay("sphinx", 3, {{}})
for n in range(600):
    replay.record(frame_from_masks([n // 7 % 64]))
    if n % 60 == 59:
        writer.flush(replay)
print(replay.ticks, flush=True)
"""


def test_a_clean_exit_waits_for_the_card(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2]))
    out = subprocess.run([sys.executable, "-c", CHILD.format(header=HEADER), path], capture_output=True,
                         text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert J.read_journal(path).ticks == int(out.stdout) == 600


def test_reading_a_journal_sees_every_write_handed_over_before_it(tmp_path):
    path = str(tmp_path / J.FILE_NAME)
    for round_ in range(20):
        writer = J.JournalWriter.create(path, HEADER)
        replay = Replay("sphinx", 3, {})
        for n in range(90 + round_):
            replay.record(EMPTY_FRAME if n < 45 else frame_from_masks([1]))
        assert writer.flush(replay)
        assert J.read_journal(path).ticks == 90 + round_
        writer.close()
