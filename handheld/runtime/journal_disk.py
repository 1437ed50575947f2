"""The match journal's disk work, on a thread of its own.

The frame thread only hands bytes over; this thread writes them and fdatasyncs,
so a slow SD card (one fsync can take tens of milliseconds there, hundreds on a
worn card) never holds up a frame. One thread and one bounded queue serve the
whole process, so what one match's journal and the next do to the one file
happens in the order it was asked: a RESTART's delete of the old journal comes
before the new one is created. Records handed over while the card is still busy
with the last ones wait in memory and go in one write and one fdatasync: the
file's bytes are the same however fast the card is, only the fsyncs are fewer.
A failure is one log line and that journal stops (the match plays on; it will
not resume); nothing here raises into the frame loop.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
from collections.abc import Callable

log = logging.getLogger("handheld.journal")

# Jobs waiting for the thread: a journal's appends take one slot however many records
# wait, so only starts, closes and deletes fill it.
QUEUE_SLOTS = 16
HAND_OVER_TIMEOUT_S = 2.0       # a start, a close or a delete waits this long for a slot
# Records waiting for a card that takes nothing: at the budget's 4 KB/s, a minute.
MAX_WAITING_BYTES = 256 << 10
DRAIN_TIMEOUT_S = 5.0           # a clean exit waits this long for the card

_lock = threading.Lock()
_queue: queue.Queue | None = None
_thread: threading.Thread | None = None


class JournalFile:
    """One journal file as the writer thread keeps it. Only that thread touches it;
    the frame thread reads its counters (plain ints) for figures and tests."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.fd: int | None = None
        self.fsyncs = 0
        self.bytes_written = 0
        self.synced_ticks = 0           # match ticks on the card, fdatasynced
        self.failed = False
        self._lock = threading.Lock()   # guards the waiting records, shared with the frame thread
        self._waiting = bytearray()
        self._waiting_ticks = 0
        self._scheduled = False         # an append job for them is in the queue

    def add(self, record: bytes, ticks: int) -> bool:
        """The frame thread's side: `record` (which takes the match to `ticks`) is to
        be appended. False when MAX_WAITING_BYTES already wait: the card is stuck."""
        with self._lock:
            if len(self._waiting) + len(record) > MAX_WAITING_BYTES:
                return False
            self._waiting += record
            self._waiting_ticks = ticks
            if self._scheduled:
                return True
            self._scheduled = True
        if not hand_over(self.write_waiting):
            with self._lock:            # the next add tries again; a close writes them anyway
                self._scheduled = False
        return True

    def write_waiting(self) -> None:
        with self._lock:
            data, ticks = bytes(self._waiting), self._waiting_ticks
            self._waiting.clear()
            self._scheduled = False
        if data:
            self.append(data, ticks)

    def create(self, content: bytes, ticks: int) -> None:
        """Replace any journal at the path by `content`, atomically, and open it to append."""
        from handheld.base.atomic import replace_atomically

        def write(tmp):
            with open(tmp, "wb") as fh:
                fh.write(content)

        try:
            replace_atomically(self.path, write)
            self.fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            self._fail("cannot start it", e)
            return
        self._on_card(len(content), ticks)

    def append(self, record: bytes, ticks: int) -> None:
        if self.fd is None:
            return
        try:
            os.write(self.fd, record)
            os.fdatasync(self.fd)
        except OSError as e:
            self._fail("cannot write", e)
            return
        self._on_card(len(record), ticks)

    def _on_card(self, nbytes: int, ticks: int) -> None:
        """`nbytes` more written and synced, taking the match on the card to `ticks`."""
        self.fsyncs += 1
        self.bytes_written += nbytes
        self.synced_ticks = ticks

    def close(self) -> None:
        self.write_waiting()
        self._close_fd()

    def _close_fd(self) -> None:
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                os.close(fd)
            except OSError:
                pass

    def remove(self) -> None:
        with self._lock:
            self._waiting.clear()
        self.close()
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("cannot remove the match journal %s: %s", self.path, e.strerror or e)

    def _fail(self, what: str, e: OSError) -> None:
        log.warning("match journal %s: %s (%s); this match will not resume", self.path, what, e.strerror or e)
        self.failed = True
        with self._lock:                # what waits would fail the same way: one line is enough
            self._waiting.clear()
        self._close_fd()


def hand_over(job: Callable[[], None], wait_s: float = 0.0) -> bool:
    """Queue `job` for the writer thread; False if the queue stayed full for `wait_s`."""
    q = _started()
    try:
        if wait_s > 0:
            q.put(job, timeout=wait_s)
        else:
            q.put_nowait(job)
    except queue.Full:
        return False
    return True


def wait_until_written(timeout: float = DRAIN_TIMEOUT_S) -> bool:
    """Block until every job handed over so far is done; False on timeout.
    Immediate when the thread has never run."""
    if _thread is None:
        return True
    done = threading.Event()
    if not hand_over(done.set, wait_s=timeout):
        return False
    return done.wait(timeout)


def is_writer_thread() -> bool:
    return threading.current_thread() is _thread


def _started() -> queue.Queue:
    global _queue, _thread
    with _lock:
        if _queue is None or _thread is None or not _thread.is_alive():
            _queue = _queue or queue.Queue(QUEUE_SLOTS)
            _thread = threading.Thread(target=_serve, args=(_queue,), name="journal-writer", daemon=True)
            _thread.start()
        return _queue


def _serve(q: queue.Queue) -> None:
    while True:
        job = q.get()
        try:
            job()
        except Exception as e:      # one line, and the thread goes on: the frame loop never sees it
            log.error("match journal writer: %s: %s", type(e).__name__, e)


def _at_exit() -> None:
    if _thread is not None and not wait_until_written():
        log.warning("match journal: the card did not take the last writes within %.0f s", DRAIN_TIMEOUT_S)


def _forget_in_child() -> None:
    """A forked child (the respawn supervisor's) has the queue but not the thread."""
    global _queue, _thread, _lock
    _queue = _thread = None
    _lock = threading.Lock()


atexit.register(_at_exit)
os.register_at_fork(after_in_child=_forget_in_child)
