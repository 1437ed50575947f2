"""Simulated presents: what displays do to time, for the loop's soak tests and the bench.

Each model stands in for the hardware edge, the display's present, and moves a
FakeClock the way a real one would move time: a KMS page flip blocks until the
next vblank (woken a little late by the scheduler), a software renderer takes
time of its own, a "vsync" that is not one returns at once. `soak()` runs the
real FixedStepLoop against one, with a workload that can start slow, slow down
in the middle or be stopped, for an hour of simulated time in a few seconds, and
reports what a player would notice: game speed, frame time, press-to-screen.
"""

from __future__ import annotations

import bisect
import logging
import random
from array import array
from dataclasses import dataclass, field

from handheld import TICK_HZ
from handheld.runtime.clock import FakeClock
from handheld.runtime.loop import TICK_NS, FixedStepLoop, LoopStats

SECOND = 1_000_000_000
MS = 1_000_000


class Vblank:
    """Present blocks until the next vblank; `changes`: (at_ns, hz) switches of the
    HDMI mode mid-run. Records the refreshes that showed no new frame."""

    paces = True

    def __init__(self, clock: FakeClock, hz: float, jitter_ns: int = 300_000, seed: int = 1,
                 changes: tuple = ()):
        self.clock, self.jitter, self.rng = clock, jitter_ns, random.Random(seed)
        self.period = SECOND / hz
        self.hz = hz
        self.changes = sorted(changes)
        self.next_vblank = self.period
        self.last_shown = 0.0
        self.skipped_at: list[int] = []    # vblanks that showed the same picture again

    def refresh_ns(self) -> float:
        return self.period

    def present(self) -> None:
        t = self.clock.t
        while self.next_vblank <= t:       # a missed vblank waits for the next
            self._advance()
        shown = self.next_vblank
        if shown - self.last_shown > 1.5 * self.period and self.last_shown:
            self.skipped_at.append(int(shown))
        self.last_shown = shown
        self._advance()
        self.clock.t = int(shown) + (self.rng.randrange(self.jitter) if self.jitter else 0)

    def _advance(self) -> None:
        while self.changes and self.next_vblank >= self.changes[0][0]:
            self.hz = self.changes.pop(0)[1]
            self.period = SECOND / self.hz
        self.next_vblank += self.period


class Immediate:
    """A "vsync" that is not one: present returns at once."""

    paces = False

    def __init__(self, clock: FakeClock, **_kw):
        self.clock = clock

    def refresh_ns(self) -> float:
        return TICK_NS

    def present(self) -> None:
        self.clock.t += 50_000


class Software:
    """A software renderer, a compositor or VNC: each present takes 4-12 ms, no vblank."""

    paces = False

    def __init__(self, clock: FakeClock, low_ns: int = 4 * MS, high_ns: int = 12 * MS, seed: int = 1, **_kw):
        self.clock, self.low, self.high, self.rng = clock, low_ns, high_ns, random.Random(seed)

    def refresh_ns(self) -> float:
        return TICK_NS

    def present(self) -> None:
        self.clock.t += self.rng.randrange(self.low, self.high)


class Irregular:
    """A present that returns at once but blocks `block_ns` every `every`-th frame."""

    paces = False

    def __init__(self, clock: FakeClock, every: int = 7, block_ns: int = 40 * MS, **_kw):
        self.clock, self.every, self.block, self.n = clock, every, block_ns, 0

    def refresh_ns(self) -> float:
        return TICK_NS

    def present(self) -> None:
        self.n += 1
        self.clock.t += self.block if self.n % self.every == 0 else 50_000


MODELS = {"vblank": Vblank, "immediate": Immediate, "software": Software, "irregular": Irregular}


@dataclass
class Load:
    """What the frames cost: `tick_ns` a tick, `draw_ns` a draw; the first
    `slow_frames` frames draw in `slow_ns` instead (a cold start); `bursts`:
    (start_s, seconds, frame_ns) stretches of slow frames; `stops`: (at_s, seconds)
    the process is stopped (SIGSTOP, a swap storm)."""

    tick_ns: int = 300_000
    draw_ns: int = 500_000
    slow_frames: int = 0
    slow_ns: int = 0
    bursts: tuple = ()
    stops: tuple = ()

    def disturbed(self) -> list[tuple[int, int]]:
        """(start_ns, end_ns) of every stretch the machine cannot keep up (the slow
        start's end is only known once run: see SoakResult.slow_start_end_ns)."""
        spans = [(int(s * SECOND), int((s + d) * SECOND)) for s, d, _ in self.bursts]
        spans += [(int(s * SECOND), int((s + d) * SECOND)) for s, d in self.stops]
        return spans


@dataclass
class SoakResult:
    wall_s: float
    stopped_s: float
    ticks: int
    frames: int
    dropped_ticks: int
    frame_ms_by_minute: list[float]
    calm_dropped: int                     # ticks dropped outside the slow start, bursts and stops
    press_ms: list[float]                 # sorted press-to-screen latencies outside disturbances
    refresh_ms: float
    skipped_at_ns: list[int] = field(default_factory=list)
    slow_start_end_ns: int = 0
    stats: LoopStats = field(default_factory=LoopStats)

    @property
    def speed(self) -> float:
        """Game seconds per wall second, the time the process was stopped left out."""
        return self.ticks / TICK_HZ / (self.wall_s - self.stopped_s)

    @property
    def accounted(self) -> float:
        """Ticks run and dropped per tick of wall time: 1.0 when no time is lost or
        invented, whatever the display did (a stop's ticks count as dropped)."""
        return (self.ticks + self.dropped_ticks) / TICK_HZ / self.wall_s

    def press_p99_ms(self) -> float:
        return self.press_ms[int(len(self.press_ms) * 0.99)] if self.press_ms else 0.0

    def frame_time_growth(self) -> float:
        """The last minute's mean frame time over the second's (1.0: no growth)."""
        return self.frame_ms_by_minute[-1] / self.frame_ms_by_minute[1]

    def last_skip_after(self, start_ns: int, end_ns: int) -> float:
        """Seconds from `start_ns` to the last refresh before `end_ns` that showed no new
        frame (0 if none): how long until every refresh shows a frame again."""
        i = bisect.bisect_right(self.skipped_at_ns, end_ns) - 1
        if i < 0 or self.skipped_at_ns[i] < start_ns:
            return 0.0
        return (self.skipped_at_ns[i] - start_ns) / SECOND


def soak(model: str, seconds: float, load: Load | None = None, seed: int = 1, presses: int = 20_000,
         **model_kw) -> SoakResult:
    """Run the real loop against a simulated present for `seconds` of simulated time."""
    load = load or Load()
    clock = FakeClock()
    display = MODELS[model](clock, seed=seed, **model_kw)
    end = int(seconds * SECOND)
    bursts = [(int(s * SECOND), int((s + d) * SECOND), ns) for s, d, ns in load.bursts]
    stops = sorted((int(s * SECOND), int(d * SECOND)) for s, d in load.stops)
    stopped = sum(d for _, d in stops)
    first_sample = array("q")             # per frame that ticked: when its first tick read input...
    shown = array("q")                    # ...and when that frame's present returned
    state = {"frames": 0, "sampled": -1, "slow_end": 0}

    def tick():
        if state["sampled"] < 0:
            state["sampled"] = clock.t
        if stops and clock.t >= stops[0][0]:
            clock.t += stops.pop(0)[1]
        clock.t += load.tick_ns

    def render():
        n = state["frames"] = state["frames"] + 1
        cost = load.draw_ns
        if n <= load.slow_frames:
            cost = load.slow_ns
            state["slow_end"] = clock.t + cost
        for start, stop, ns in bursts:
            if start <= clock.t < stop:
                cost = ns
        clock.t += cost

    def present():
        display.present()
        if state["sampled"] >= 0:
            first_sample.append(state["sampled"])
            shown.append(clock.t)
            state["sampled"] = -1

    loop = FixedStepLoop(tick, render, clock, vsync=True, present=present)
    stats = loop.stats
    minutes: list[float] = []
    drops: list[tuple[int, int]] = []     # (when, how many) ticks were dropped
    while clock.t < end:
        t0, f0 = clock.t, stats.frames
        minute_end = min(end, t0 + 60 * SECOND)
        while clock.t < minute_end:
            dropped = stats.dropped_ticks
            loop.step()
            if stats.dropped_ticks != dropped:
                drops.append((clock.t, stats.dropped_ticks - dropped))
        minutes.append((clock.t - t0) / max(1, stats.frames - f0) / MS)
    spans = load.disturbed()
    if state["slow_end"]:
        spans.append((0, state["slow_end"]))
    return SoakResult(
        wall_s=clock.t / SECOND, stopped_s=stopped / SECOND, ticks=stats.ticks, frames=stats.frames,
        dropped_ticks=stats.dropped_ticks, frame_ms_by_minute=minutes,
        calm_dropped=sum(n for t, n in drops if not _inside(t, spans)),
        press_ms=_press_latencies(first_sample, shown, spans, presses, seed),
        refresh_ms=display.refresh_ns() / MS, skipped_at_ns=getattr(display, "skipped_at", []),
        slow_start_end_ns=state["slow_end"], stats=stats)


def _inside(t: int, spans) -> bool:
    """Inside a stretch the machine cannot keep up with, or the second after it."""
    return any(a <= t < b + SECOND for a, b in spans)


def _press_latencies(first_sample, shown, spans, presses: int, seed: int) -> list[float]:
    """A press at a random moment is read by the next tick that samples input, and is
    on screen when that tick's frame is presented. Presses inside a stretch the
    machine cannot keep up with (and the second after it) are left out."""
    if len(first_sample) < 20:
        return []
    rng = random.Random(seed)
    lo, hi = first_sample[10], first_sample[-10]
    out = []
    for _ in range(presses):
        press = rng.randrange(lo, hi)
        if _inside(press, spans):
            continue
        i = bisect.bisect_left(first_sample, press)
        out.append((shown[i] - press) / MS)
    out.sort()
    return out


# The present models `handheld bench` reports, by name: (model, load, model options)
SCENARIOS: dict[str, tuple[str, Load, dict]] = {
    "vblank-60": ("vblank", Load(), {"hz": 60.0}),
    "vblank-59.94": ("vblank", Load(), {"hz": 59.94}),
    "vblank-50": ("vblank", Load(), {"hz": 50.0}),
    "vblank-75": ("vblank", Load(), {"hz": 75.0}),
    "vblank-60-slow-start": ("vblank", Load(slow_frames=60, slow_ns=100 * MS), {"hz": 60.0}),
    "vblank-60-to-50": ("vblank", Load(), {"hz": 60.0, "changes": ((20 * SECOND, 50.0),)}),
    "vsync-returns-at-once": ("immediate", Load(), {}),
    "software-4-12ms": ("software", Load(), {}),
    "blocks-40ms-every-7th": ("irregular", Load(), {}),
    "stopped-5s": ("vblank", Load(stops=((20, 5),)), {"hz": 60.0}),
}


def bench_pacing(seconds: float) -> dict:
    """Game seconds per wall second (the stop left out), frame time and
    press-to-screen for every present model, `seconds` of simulated time each."""
    out = {}
    quiet = logging.getLogger("handheld.loop")
    quiet.disabled = True                 # the slow start and the stop are logged, as they should be
    try:
        for name, (model, load, kw) in SCENARIOS.items():
            r = soak(model, seconds, load, presses=5000, **kw)
            out[name] = {"game_speed": round(r.speed, 5), "frame_ms": round(r.frame_ms_by_minute[-1], 3),
                         "press_p99_ms": round(r.press_p99_ms(), 2), "dropped_ticks": r.dropped_ticks,
                         "vblank_paced": round(r.stats.vblank_frames / r.frames, 3)}
    finally:
        quiet.disabled = False
    return out
