"""Keep the cabinet on screen: run it in a forked child, and fork a fresh one at
once if it dies.

Why fork: a cold start of Python and pygame costs seconds on a Pi Zero 2 W
and over ten under QEMU, most of it imports. The parent (the service's main
process) pays for them once and then only waits; a crashed or killed cabinet is
replaced by a fork of the warm parent, which just opens the display and draws.
The first child is forked cold, before the parent warms up, so the title is not
kept waiting: the parent imports (``warm_up``) once that child has sent READY=1,
or has died, and logs "warmed up". A child that dies before then is replaced only
after the warm-up (a few seconds under QEMU).

What the child's end means:

* exit status 0 (a clean quit) or 2 (a setup error, e.g. no display): the parent
  ends with the same status, since running it again would not help;
* a signal (kill -9, a segfault) or any other status is a crash: a new child
  starts at once;
* more than ``CRASH_LIMIT`` crashes within ``CRASH_WINDOW_S`` seconds: the parent
  gives up with status 1 and the service manager's own restart (a cold start)
  takes over.

SIGTERM, SIGINT and SIGHUP sent to the parent are passed on to the child; the
parent then waits for it and exits 0. Once its title is up, the child asks the
kernel to kill it if the parent dies, so no orphan keeps the framebuffer or the
input grabs (before that, systemd's stop of the service's cgroup does).
"""

from __future__ import annotations

import logging
import os
import select
import signal
import sys
import time
import traceback
from collections import deque
from typing import Callable, NoReturn

log = logging.getLogger("handheld.respawn")

CRASH_LIMIT = 5
CRASH_WINDOW_S = 30.0
FINAL_STATUSES = (0, 2)
FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
PR_SET_PDEATHSIG = 1


def describe(status: int) -> str:
    """A wait status as words: 'exit status 3' or 'signal 9 (SIGKILL)'."""
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return f"exit status {code}"
    try:
        name = signal.Signals(-code).name
    except ValueError:
        name = "unknown"
    return f"signal {-code} ({name})"


def _die_with_parent(parent: int) -> None:
    """Ask the kernel to kill this child when its supervisor dies, even by SIGKILL."""
    try:
        import ctypes  # here: a tenth of a second of a cold start under QEMU, paid after the title

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return  # not Linux: an orphan is then cleaned up by the service manager
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGKILL)  # the supervisor went before we asked


def _child(run: Callable[[], int], ready_fd: int | None = None) -> NoReturn:
    """Runs in the forked child; never returns. With ready_fd, one byte is written
    there after the first frame's READY=1."""
    code = 1
    try:
        for sig in FORWARDED:
            signal.signal(sig, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        from handheld.system import sdnotify

        # once the title is up: until then the service manager is the one to clean up
        parent = os.getppid()
        sdnotify.after_ready(lambda: _die_with_parent(parent))
        if ready_fd is not None:
            sdnotify.after_ready(lambda: os.write(ready_fd, b"!"))
        code = int(run() or 0)
    except KeyboardInterrupt:
        code = 130
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class Supervisor:
    """Forks ``run`` in a child and replaces it when it crashes (see module doc)."""

    def __init__(self, run: Callable[[], int], clock: Callable[[], float] = time.monotonic,
                 crash_limit: int = CRASH_LIMIT, crash_window_s: float = CRASH_WINDOW_S,
                 warm_up: Callable[[], None] | None = None, warm_up_wait_s: float = 120.0):
        self.run = run
        self.warm_up = warm_up
        self.warm_up_wait_s = warm_up_wait_s
        self.clock = clock
        self.crash_limit = crash_limit
        self.crash_window_s = crash_window_s
        self.child = 0
        self.starts = 0
        self.stopping = False
        self._crashes: deque[float] = deque()

    def _on_signal(self, signum, _frame) -> None:
        self.stopping = True
        if self.child:
            try:
                os.kill(self.child, signum)
            except ProcessLookupError:
                pass

    def _spawn(self) -> None:
        pipe = os.pipe() if self.warm_up is not None else None
        pid = os.fork()
        if pid == 0:
            if pipe is not None:
                os.close(pipe[0])
            _child(self.run, pipe[1] if pipe is not None else None)
        self.child = pid
        self.starts += 1
        if pipe is not None:
            read_fd, write_fd = pipe
            os.close(write_fd)
            self._warm_up_after_first_frame(read_fd)

    def _warm_up_after_first_frame(self, read_fd: int) -> None:
        """Wait for the child's first frame (or its end), then import for the next ones."""
        try:
            select.select([read_fd], [], [], self.warm_up_wait_s)
        finally:
            os.close(read_fd)
        warm_up, self.warm_up = self.warm_up, None
        if self.stopping or warm_up is None:
            return
        try:
            warm_up()
        except Exception as exc:  # a respawn is then a little slower, nothing worse
            log.warning("warm-up failed (%s); respawned cabinets import for themselves", exc)
            return
        log.info("supervisor %d: warmed up: a cabinet that dies now is replaced at once", os.getpid())

    def _crashed_too_often(self) -> bool:
        now = self.clock()
        self._crashes.append(now)
        while self._crashes and now - self._crashes[0] > self.crash_window_s:
            self._crashes.popleft()
        return len(self._crashes) > self.crash_limit

    def serve(self) -> int:
        previous = {sig: signal.signal(sig, self._on_signal) for sig in FORWARDED}
        try:
            while True:
                if self.stopping:
                    return 0
                self._spawn()
                if self.stopping:  # the signal came while forking: the new child missed it
                    os.kill(self.child, signal.SIGTERM)
                _, status = os.waitpid(self.child, 0)
                pid, self.child = self.child, 0
                code = os.waitstatus_to_exitcode(status)
                if self.stopping:
                    return 0
                if code in FINAL_STATUSES:
                    return code
                if self._crashed_too_often():
                    log.error("cabinet crashed %d times in %g s; leaving the restart to the service manager",
                              len(self._crashes), self.crash_window_s)
                    return 1
                log.warning("cabinet process %d ended with %s; starting a new one", pid, describe(status))
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def supervise(run: Callable[[], int], **kw) -> int:
    """Run ``run`` in a respawned child until it quits cleanly; return the exit status."""
    return Supervisor(run, **kw).serve()
