"""Resuming a match from its journal (handheld/runtime/journal.py).

`pending` finds a journal worth offering when the cabinet starts; `Resumption` re-runs
one at full speed into a new MatchRunner, which records every frame it is fed
(so the resumed match ends in one replay, as if never cut) and journals on
from there.
"""

from __future__ import annotations

import logging
import os

from handheld import TICK_HZ
from handheld.runtime import journal as J
from handheld.runtime.replay import unpack_frame

log = logging.getLogger("handheld.resume")

REFUSED_SUFFIX = ".refused"
RESUME_TICKS_PER_STEP = 3000      # Resumption.step's default, for tools and tests
# How the offer paces a re-run (ResumePacing): a re-run expected to take longer than
# SHOW_BAR_AFTER_S gets a progress bar and goes on in slices of SLICE_S a cabinet tick
# (three quarters of a tick: the bar is drawn at the frame rate); a shorter one is done
# in the tick of the FIRE. The expectation is ticks left / ticks a second so far,
# measured after every chunk: a quarter of a slice's worth at that rate, FIRST_CHUNK_TICKS
# before there is one, never more than MAX_CHUNK_TICKS (a tick may suddenly cost more:
# the computer thinking again), which bounds how far past its aim a pass goes.
SHOW_BAR_AFTER_S = 0.3
SLICE_S = 0.75 / TICK_HZ
FIRST_CHUNK_TICKS = 60
MAX_CHUNK_TICKS = 300

def pending(state_dir: str):
    """The unfinished journal to offer, or None. A journal that cannot be resumed
    (damaged, another play version of the game, a game this cabinet lacks) is
    moved aside as match.journal.refused with one log line; a finished or empty
    one is removed."""
    path = J.journal_path(state_dir)
    if not os.path.exists(path):
        return None
    try:
        journal = J.read_journal(path)
        problem = _cannot_resume(journal)
    except J.JournalError as e:
        journal, problem = None, str(e)
    if problem or journal is None:
        log.warning("not resuming: %s (kept as %s%s)", problem, path, REFUSED_SUFFIX)
        try:
            os.replace(path, path + REFUSED_SUFFIX)
        except OSError:
            J.remove_journal(path)
        return None
    if journal.torn_bytes:
        log.info("match journal %s: dropped a torn last record (%d bytes)", path, journal.torn_bytes)
    if journal.ended or journal.ticks == 0:
        J.remove_journal(path)
        return None
    journal.path, journal.mtime = path, os.stat(path).st_mtime
    return journal


def _cannot_resume(journal) -> str:
    from handheld.games.registry import GAMES, load_game

    if journal.game not in GAMES or not load_game(journal.game).built:
        return f"the match journal is of {journal.game!r}, a game this cabinet does not have"
    current = load_game(journal.game).play_version
    if journal.header["play_version"] != current:
        return (f"the match journal is of {journal.game} play version {journal.header['play_version']} and "
                f"this cabinet plays version {current}: it would not replay into the same match")
    return ""


def describe(journal, now: float) -> tuple[str, str]:
    """("RESUME ARCHON?", "1 PLAYER, 4:12 IN, 5 MIN AGO") for the offer."""
    from handheld.games.registry import load_game
    from handheld.base.records import clock_text

    title = load_game(journal.game).title.upper()
    humans = journal.header["humans"]
    players = f"{humans} PLAYER{'S' if humans != 1 else ''}"
    return f"RESUME {title}?", f"{players}, {clock_text(journal.ticks)} IN, {ago_text(now - journal.mtime)}"


def ago_text(seconds: float) -> str:
    """How long ago, in words a glance takes in. A Pi without a clock battery may
    boot with the clock behind the file's time: that reads as just now."""
    if seconds < 60:
        return "JUST NOW"
    minutes = int(seconds // 60)
    if minutes < 60:
        return f"{minutes} MIN AGO"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} HOUR{'S' if hours != 1 else ''} AGO"
    return f"{hours // 24} DAYS AGO"


class Resumption:
    """Re-runs a journal into a new MatchRunner, `step()` by `step()`; once
    `done`, the runner holds the match at the last journaled tick and its
    journal has been rewritten with everything so far."""

    def __init__(self, ctx, journal, use_decisions: bool = True):
        self.ctx = ctx
        self.journal = journal
        self.total = journal.ticks
        self._frames: dict = {}         # packed -> InputFrame (immutable): a match repeats few
        self.done = False
        self._start(use_decisions)

    def _start(self, use_decisions: bool) -> None:
        """A new match to feed the journal to from its first tick. With the computer
        players' recorded decisions, where the game can use them (it checks each)."""
        from handheld.games.registry import load_game
        from handheld.runtime.match import MatchRunner

        header = self.journal.header
        self.runner = MatchRunner(self.ctx, load_game(self.journal.game), header["options"], header["seed"],
                                  journal=False)
        if use_decisions and self.journal.decisions:
            self.runner.match.use_recorded_decisions(self.journal.decisions)
        self._pairs = iter(self.journal.frames)

    @property
    def ticks(self) -> int:
        return self.runner.replay.ticks

    def step(self, max_ticks: int = RESUME_TICKS_PER_STEP) -> bool:
        """Feed up to about `max_ticks` journaled frames (whole runs of one frame);
        True once all are in. The runner's replay takes each run as the journal
        holds it: the same packing, so the same replay as a live record."""
        try:
            return self._feed(max_ticks)
        except J.DecisionMismatch as e:
            log.warning("resuming %s: %s; thinking every move again from the start", self.journal.game, e)
            self._start(use_decisions=False)
            return False

    def _feed(self, max_ticks: int) -> bool:
        runner, budget = self.runner, max_ticks
        while budget > 0 and not self.done:
            pair = next(self._pairs, None)
            if pair is None:
                self._finish()
                break
            packed, count = pair
            frame = self._frames.get(packed) or self._frames.setdefault(packed, unpack_frame(packed))
            update = runner.match.update
            for _ in range(count):
                if runner.match.finished:
                    raise J.JournalError(f"the journal goes on after the match ended at tick {self.ticks}")
                update(frame)
                runner.replay.ticks += 1
            runner.replay.frames.append([packed, count])
            budget -= count
        return self.done

    def run(self):
        while not self.step():
            pass
        return self.runner

    def _finish(self) -> None:
        runner = self.runner
        runner.journal = J.JournalWriter.create(self.journal.path, self.journal.header, runner.replay.frames,
                                                runner.match.decisions)
        self.done = True
        log.info("resumed %s at tick %d (%s of game time)", self.journal.game, self.ticks,
                 f"{self.ticks / TICK_HZ:.1f} s")
        if runner.match.finished:       # cut after the last move but before the result was saved
            runner._finish()


class ResumePacing:
    """Feeds a Resumption a slice of wall time per cabinet tick (`advance()`), and
    decides from the rate it measures whether the re-run is long enough for a
    progress bar (`show_bar`). `clock`: seconds, monotonic (a fake one in tests)."""

    def __init__(self, resumption, clock=None):
        import time

        self.resumption = resumption
        self.clock = clock or time.perf_counter
        self.show_bar = False
        self.seconds = 0.0              # wall time spent re-running so far
        self.rate = 0.0                 # ticks re-run a second, so far (0: not measured yet)

    @property
    def fraction(self) -> float:
        r = self.resumption
        return min(r.ticks, r.total) / r.total if r.total else 1.0

    def advance(self) -> bool:
        """One cabinet tick's worth of re-running; True once the match is back.
        Until the bar shows, it goes on for as long as the whole re-run is expected
        to take at most SHOW_BAR_AFTER_S; then a slice of SLICE_S a tick."""
        r = self.resumption
        start = self.clock()
        while not r.step(self._chunk()):
            elapsed = self.clock() - start
            spent = self.seconds + elapsed
            self.rate = r.ticks / spent if spent > 0 else 0.0
            if self.show_bar:
                if elapsed >= SLICE_S:
                    break
            elif self.rate and spent + (r.total - r.ticks) / self.rate > SHOW_BAR_AFTER_S:
                self.show_bar = True    # the next frame shows it
                break
        self.seconds += self.clock() - start
        return r.done

    def _chunk(self) -> int:
        if not self.rate:
            return FIRST_CHUNK_TICKS
        return max(1, min(MAX_CHUNK_TICKS, int(self.rate * SLICE_S / 4)))
