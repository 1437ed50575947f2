"""The fixed 60 Hz loop, paced by its own clock or by the display's vblank.

Game time always advances in 60 Hz ticks counted by an accumulator of wall
time, so the game runs at exactly 60 ticks per second of wall time, never in
slow motion, whatever the screen's refresh rate.

- Clock-paced (fbdev, headless, and any display that does not wait for
  vblank): each pass sleeps until the next tick is due, runs the ticks that
  are due (at most MAX_CATCHUP; beyond that the lost time is dropped instead
  of spiralling) and draws once.
- Vblank-paced (`display.paces_itself`: present blocks until the next vblank):
  the loop never sleeps on its own clock, since two clocks that never agree
  double-wait and judder. Each pass reads the time since the last pass and
  runs as many ticks as it holds, rounded: at 60 Hz that is one tick a
  frame even with a jittery clock, at 50 Hz one or two, at 75 Hz sometimes
  none (the picture repeats). The rounding error is carried, so speed stays
  exact. Input is read as late as it can be (RetroArch calls this frame
  delay): the pass sleeps until just before the next vblank, leaving room
  for the slowest recent tick and draw, then samples input, ticks, draws and
  presents, so a press reaches the screen about one refresh later at most.
"""

from __future__ import annotations

from handheld import TICK_HZ

TICK_NS = 1_000_000_000 // TICK_HZ
MAX_CATCHUP = 5
FRAME_DELAY_MARGIN_NS = 700_000   # slack left before the vblank after the slowest recent work
WORK_WINDOW = 60                  # frames the slowest-recent-work estimate looks back over
LEARN_FRAMES = 8                  # frames presented without frame delay to measure the refresh period


class LoopStats:
    def __init__(self):
        self.ticks = 0
        self.frames = 0
        self.skipped_draws = 0
        self.dropped_ticks = 0
        self.idle_frames = 0    # vblank-paced frames that ran no tick (refresh above 60 Hz)


class FixedStepLoop:
    """Drives `tick()` at exactly TICK_HZ with an accumulator.

    `tick()` samples input and advances the game one step; `render()` draws and
    presents. Both are callables so the app, tests and bench can plug in.
    With `vsync=True` the render's present is what waits (see above).
    """

    def __init__(self, tick, render, clock, max_catchup: int = MAX_CATCHUP, vsync: bool = False,
                 present=None):
        self.tick = tick
        self.render = render
        self.present = present or (lambda: None)
        self.clock = clock
        self.max_catchup = max_catchup
        self.vsync = vsync
        self.stats = LoopStats()
        self._next_ns: int | None = None
        self._last_ns = 0                       # vblank-paced: the vblank before the last one
        self._owed_ns = 0
        self._vblank_ns: int | None = None      # when the last present returned
        self._period_ns = TICK_NS               # the display's refresh period, measured
        self._measured = 0
        self._tick_ns: list[int] = []           # recent time per tick, and per draw
        self._draw_ns: list[int] = []

    def step(self) -> None:
        """One pass: run the due ticks, draw once."""
        if self.vsync:
            self._vsync_step()
            return
        now = self.clock.now_ns()
        if self._next_ns is None:
            self._next_ns = now
        if now < self._next_ns:
            self.clock.sleep_until_ns(self._next_ns)
            now = self.clock.now_ns()
        due = (now - self._next_ns) // TICK_NS + 1
        if due > self.max_catchup:
            self.stats.dropped_ticks += due - self.max_catchup
            self._next_ns += (due - self.max_catchup) * TICK_NS
            due = self.max_catchup
        self._run_ticks(due)
        self._next_ns += due * TICK_NS
        self.stats.skipped_draws += due - 1
        self.render()
        self.present()
        self.stats.frames += 1

    def _vsync_step(self) -> None:
        # the time the last frame was on screen: from the vblank before it to the one that ended it
        self._owed_ns += TICK_NS if self._vblank_ns is None else self._vblank_ns - self._last_ns
        due = (self._owed_ns + TICK_NS // 2) // TICK_NS
        if due > self.max_catchup:
            self.stats.dropped_ticks += due - self.max_catchup
            self._owed_ns -= (due - self.max_catchup) * TICK_NS
            due = self.max_catchup
        self._owed_ns -= due * TICK_NS
        if self._measured >= LEARN_FRAMES and self._tick_ns:
            # frame delay: read input as late as this frame's ticks and draw allow
            work = due * max(self._tick_ns) + max(self._draw_ns)
            self.clock.sleep_until_ns(self._vblank_ns + self._period_ns - work - FRAME_DELAY_MARGIN_NS)
        start = self.clock.now_ns()
        self._run_ticks(due)
        ticked = self.clock.now_ns()
        if due == 0:
            self.stats.idle_frames += 1
        else:
            self.stats.skipped_draws += due - 1
            self._tick_ns = (self._tick_ns + [(ticked - start) // due])[-WORK_WINDOW:]
        self.render()
        self._draw_ns = (self._draw_ns + [self.clock.now_ns() - ticked])[-WORK_WINDOW:]
        self.present()
        after = self.clock.now_ns()
        if self._vblank_ns is None:
            self._last_ns = after - TICK_NS
        else:
            interval = after - self._vblank_ns
            if self._measured < LEARN_FRAMES:               # no frame delay yet: each present waits one vblank
                self._period_ns = interval if not self._measured else (self._period_ns + interval) // 2
                self._measured += 1
            elif interval * 2 < 3 * self._period_ns:       # a missed vblank says nothing of the rate
                self._period_ns += (interval - self._period_ns) // 8
            self._last_ns = self._vblank_ns
        self._vblank_ns = after
        self.stats.frames += 1

    def _run_ticks(self, n: int) -> None:
        for _ in range(n):
            self.tick()
            self.stats.ticks += 1

    def run(self, should_stop) -> LoopStats:
        while not should_stop():
            self.step()
        return self.stats
