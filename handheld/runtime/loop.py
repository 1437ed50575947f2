"""The fixed 60 Hz loop: game time follows the wall clock, whatever the display does.

Ticks. Every pass adds the wall time since the last pass to an account and
runs the ticks it holds, so the ticks run always equal elapsed time / tick,
within one tick. Only a pass that owes more than MAX_CATCHUP ticks (the machine
truly cannot keep up, or the process was stopped) drops the rest; they are
counted in `stats.dropped_ticks`, and a stretch of dropping that lasts 2 s is
logged in one line.

Pacing decides only when a pass starts, never how many ticks it runs:

- Clock-paced (fbdev, headless, and any present not known to wait for vblank):
  sleep until the next tick is due, run it, draw once.
- Vblank-paced, only while the evidence says present waits for vblank
  (`VblankPacer`): sleep until just before the next vblank, leaving room for
  the recent frames' work, then sample input, tick, draw and present, so a
  press is on screen about one refresh later (RetroArch calls this frame
  delay). The ticks of a frame are the time from the last vblank to the one it
  is shown at, rounded, the error carried: one tick a frame at 60 Hz, one or
  two at 50, sometimes none at 75.
"""

from __future__ import annotations

import logging

from handheld import TICK_HZ

log = logging.getLogger("handheld.loop")

TICK_NS = 1_000_000_000 // TICK_HZ
MAX_CATCHUP = 5
FRAME_DELAY_MARGIN_NS = 700_000   # slack left before the vblank after the recent frames' work
WORK_WINDOW = 8                   # frames the work estimate looks back over
BEHIND_LOG_NS = 2_000_000_000     # dropping ticks this long is worth a line in the log
BEHIND_GAP_NS = 500_000_000       # frames that drop no further apart than this are one stretch

PERIOD_MIN_NS = 4_000_000         # refresh rates the pacer believes in: 24-250 Hz
PERIOD_MAX_NS = 42_000_000
PROBE_EVERY_NS = 500_000_000      # unlocked: how often to test whether present waits...
PROBE_BACKOFF_MAX_NS = 8_000_000_000  # ...doubling up to this while presents keep no rate
CHECK_EVERY_NS = 2_000_000_000    # locked: how often a frame presents early to re-measure...
SUSPICIOUS_PERIOD_NS = 25_000_000 # ...or PROBE_EVERY_NS when locked below 40 Hz (a slow start's lock)
STRIKES_TO_UNLOCK = 3             # presents in a row off the vblank grid that end the lock


class LoopStats:
    def __init__(self) -> None:
        self.ticks = 0
        self.frames = 0
        self.skipped_draws = 0
        self.dropped_ticks = 0
        self.idle_frames = 0      # frames that ran no tick (refresh above 60 Hz, probes)
        self.vblank_frames = 0    # frames paced by vblank
        self.missed_vblanks = 0   # vblank-paced frames shown a refresh (or more) late
        self.locks = 0            # times the pacer found that present waits for vblank
        self.unlocks = 0          # ... and found it no longer does


class VblankPacer:
    """Knows whether present waits for vblank, from evidence, and keeps checking.

    The refresh period is only ever measured on frames that did not wait on the
    loop's clock, so the loop's own sleeps can never teach it a rate. A probe is
    three frames: two presented at once, a third a little later. If present waits
    for vblank, all three come back one refresh apart, the late one too; a present
    that returns at once, takes time of its own or jitters comes back later or
    anywhere. While locked, every present must come back on the vblank grid (a
    missed vblank is fine: whole refreshes late), and now and then a check frame
    presents half a refresh early: if that shows earlier than the lock expects
    (a slow start locked at 30 fps on a 60 Hz screen), or presents leave the grid
    (a new HDMI rate, a present that stopped waiting), the lock ends and a new
    probe follows at once. Until a probe succeeds the loop paces by its own clock.
    """

    def __init__(self) -> None:
        self.period_ns = 0                    # the refresh period while locked (0: unlocked)
        self._probed_ns = 0                   # ...as the probe that locked measured it
        self.vblank_ns = -1                   # when the last present returned (-1: none yet)
        self.strikes = 0
        self.stage = 0                        # 0: no probe; 1-3: which probe frame is next
        self._intervals: list[int] = []
        self._delay_ns = 0
        self._next_test_ns = 0                # next probe (unlocked) or check (locked)
        self._backoff_ns = PROBE_EVERY_NS

    @property
    def locked(self) -> bool:
        return self.period_ns > 0

    def plan(self, now: int, work: int) -> tuple[str, int, int]:
        """How the next frame goes: (how, target vblank, sleep until). `how` is
        'vblank' (ticks rounded to the target), 'probe' or 'clock'."""
        if self.vblank_ns < 0:
            return "clock", 0, 0
        if self.locked:
            period = self.period_ns
            k = max(1, -(-(now + work + FRAME_DELAY_MARGIN_NS - self.vblank_ns) // period))
            target = self.vblank_ns + k * period
            if k == 1 and now >= self._next_test_ns:
                # a check: present half a period early; a waiting present still shows it at the target
                self._next_test_ns = now + (CHECK_EVERY_NS if period <= SUSPICIOUS_PERIOD_NS else PROBE_EVERY_NS)
                self.stage = -1
                return "vblank", target, target - period // 2 - work - FRAME_DELAY_MARGIN_NS
            return "vblank", target, target - work - FRAME_DELAY_MARGIN_NS
        if self.stage == 0 and now >= self._next_test_ns:
            self.stage, self._intervals = 1, []
        if self.stage in (1, 2):
            return "probe", 0, 0
        if self.stage == 3:
            return "probe", 0, self.vblank_ns + self._delay_ns
        return "clock", 0, 0

    def presented(self, target: int, work: int, after: int, stats: LoopStats) -> None:
        """After each present: `target` the vblank aimed at (0 if none), `work` the
        recent frames' ticks and draw, `after` when present returned."""
        last, self.vblank_ns = self.vblank_ns, after
        if last < 0:
            return
        if self.locked:
            check, self.stage = self.stage == -1, 0
            self._on_grid(target, after, stats, check)
        elif self.stage:
            self._probe(after - last, work, after, stats)

    def _on_grid(self, target: int, after: int, stats: LoopStats, check: bool) -> None:
        """A present must come back on the vblank it aimed at, or whole refreshes later;
        a check (presented half a refresh early) must come back on its target too."""
        period = self.period_ns
        tol = max(1_000_000, period // 10)
        m = (after - target + period // 2) // period
        error = after - target - m * period
        if m >= 0 and abs(error) <= tol:
            self.strikes = 0
            stats.missed_vblanks += m > 0
            # follow the grid's phase and rate smoothly, so that the scheduler's wake-up
            # jitter does not reach the tick count
            self.vblank_ns = target + m * period + error // 4
            spread = self._probed_ns // 32       # as far as the probe's own tolerance
            self.period_ns = min(max(period + error // 32, self._probed_ns - spread), self._probed_ns + spread)
        elif check:
            self._unlock(after, stats)     # shown early: the refresh is faster than the lock
        else:
            self.strikes += 1
            if self.strikes >= STRIKES_TO_UNLOCK:
                self._unlock(after, stats)

    def _unlock(self, now: int, stats: LoopStats) -> None:
        self.period_ns = 0
        self.strikes = 0
        self._next_test_ns = now               # probe again at once
        self._backoff_ns = PROBE_EVERY_NS
        stats.unlocks += 1

    def _probe(self, interval: int, work: int, now: int, stats: LoopStats) -> None:
        self._intervals.append(interval)
        if self.stage == 1 and interval < PERIOD_MIN_NS:
            self._probe_failed(now, fast=True)      # back at once: present waits for nothing
            return
        if self.stage == 2:
            # the third frame presents this much after the second: half its spare time, 2-6 ms
            self._delay_ns = min(6_000_000, max(2_000_000, (interval - work) // 2))
        if self.stage < 3:
            self.stage += 1
            return
        low, mid, high = sorted(self._intervals)
        if high - low > max(500_000, mid // 32):
            self._probe_failed(now, fast=high <= PERIOD_MAX_NS)
        elif not PERIOD_MIN_NS <= mid <= PERIOD_MAX_NS:
            self._probe_failed(now, fast=False)      # frames too slow to tell: try again soon
        else:
            self.stage = 0
            self.period_ns = self._probed_ns = mid
            self._next_test_ns = now + (CHECK_EVERY_NS if mid <= SUSPICIOUS_PERIOD_NS else PROBE_EVERY_NS)
            self._backoff_ns = PROBE_EVERY_NS
            stats.locks += 1

    def _probe_failed(self, now: int, fast: bool) -> None:
        """Fast frames whose presents do not keep a rate: test less and less often
        (up to every PROBE_BACKOFF_MAX_NS); slow frames: again soon, they may end."""
        self.stage = 0
        self._backoff_ns = min(PROBE_BACKOFF_MAX_NS, self._backoff_ns * 2) if fast else PROBE_EVERY_NS
        self._next_test_ns = now + self._backoff_ns


class FixedStepLoop:
    """Drives `tick()` at exactly TICK_HZ with an accumulator.

    `tick()` samples input and advances the game one step; `render()` draws and
    `present()` shows. All three are callables so the app, tests and bench can
    plug in. `vsync=True`: present may wait for vblank (the display asked for
    it); the loop then tests whether it does and paces by it while it does.
    """

    def __init__(self, tick, render, clock, max_catchup: int = MAX_CATCHUP, vsync: bool = False,
                 present=None) -> None:
        self.tick = tick
        self.render = render
        self.present = present or (lambda: None)
        self.clock = clock
        self.max_catchup = max_catchup
        self.pacer = VblankPacer() if vsync else None
        self.stats = LoopStats()
        self._ref_ns: int | None = None       # the time the ticks run so far account up to...
        self._owed_ns = TICK_NS               # ...plus this (the first pass owes one tick)
        self._works = [0] * WORK_WINDOW       # recent frames' work (ticks + draw)...
        self._work_ns = 0                     # ...and the slowest of them
        self._frame = 0
        self._behind_since: int | None = None
        self._last_drop_ns = 0
        self._behind_dropped = 0
        self._behind_logged = False

    def step(self) -> None:
        """One pass: wait as the pacing says, run the due ticks, draw and present once."""
        clock, pacer = self.clock, self.pacer
        now = clock.now_ns()
        if self._ref_ns is None:
            self._ref_ns = now
        how, target, wake = pacer.plan(now, self._work_ns) if pacer else ("clock", 0, 0)
        if how == "clock" and self._owed_ns + now - self._ref_ns < TICK_NS:
            wake = self._ref_ns + TICK_NS - self._owed_ns
        if wake > now:
            clock.sleep_until_ns(wake)
        start = clock.now_ns()
        # vblank-paced, a frame owes the time up to the vblank it will be shown at
        ref = target if how == "vblank" else start
        owed = self._owed_ns + ref - self._ref_ns
        self._ref_ns = ref
        due = max(0, (owed + TICK_NS // 2) // TICK_NS if how == "vblank" else owed // TICK_NS)
        if due > self.max_catchup:
            self._dropped(due - self.max_catchup, start)
            owed -= (due - self.max_catchup) * TICK_NS
            due = self.max_catchup
        self._owed_ns = owed - due * TICK_NS
        for _ in range(due):
            self.tick()
        self.render()
        self._learn_work(clock.now_ns() - start)
        self.present()
        self._count(due, how == "vblank")
        self._frame += 1
        if pacer:
            pacer.presented(target, self._work_ns, clock.now_ns(), self.stats)

    def _learn_work(self, work: int) -> None:
        """The work estimate frame delay leaves room for: the slowest of the last
        WORK_WINDOW frames. A frame far above it (a stall, a stop) counts as at most
        twice the estimate, so one outlier does not hold frame delay off for long
        while frames that stay slow are believed within a few frames."""
        est = self._work_ns
        self._works[self._frame % WORK_WINDOW] = min(work, 2 * est + 2_000_000)
        self._work_ns = max(self._works)

    def _count(self, due: int, vblank: bool) -> None:
        stats = self.stats
        stats.ticks += due
        stats.frames += 1
        if due == 0:
            stats.idle_frames += 1
        else:
            stats.skipped_draws += due - 1
        stats.vblank_frames += vblank

    def _dropped(self, n: int, now: int) -> None:
        """Count `n` dropped ticks; one log line when a stretch of dropping has lasted
        2 s, or one frame alone dropped 2 s of game time."""
        self.stats.dropped_ticks += n
        if self._behind_since is None or now - self._last_drop_ns > BEHIND_GAP_NS:
            self._behind_since, self._behind_dropped, self._behind_logged = now, 0, False
        self._last_drop_ns = now
        self._behind_dropped += n
        if self._behind_logged:
            return
        lost_s = self._behind_dropped / TICK_HZ
        if n * TICK_NS >= BEHIND_LOG_NS:
            self._behind_logged = True
            log.warning("the loop stood still for %.1f s (the process was stopped, or the machine "
                        "swapping): %d ticks dropped, the game goes on from where it was", lost_s, n)
        elif now - self._behind_since >= BEHIND_LOG_NS:
            self._behind_logged = True
            log.warning("falling behind real time for %.1f s: %d ticks (%.1f s of game time) dropped; "
                        "frames take longer than %d ticks", (now - self._behind_since) / 1e9,
                        self._behind_dropped, lost_s, self.max_catchup)

    def run(self, should_stop) -> LoopStats:
        while not should_stop():
            self.step()
        return self.stats
