from handheld.runtime.clock import FakeClock
from handheld.runtime.loop import MAX_CATCHUP, TICK_NS, FixedStepLoop


def make(clock, work_ms=0.0, log=None):
    log = log if log is not None else []

    def tick():
        log.append(("tick", clock.now_ns()))
        clock.advance_ms(work_ms)

    def render():
        log.append(("draw", clock.now_ns()))

    return FixedStepLoop(tick, render, clock), log


def test_on_time_machine_ticks_once_per_frame_at_60hz():
    clock = FakeClock()
    loop, log = make(clock, work_ms=2)
    for _ in range(120):
        loop.step()
    assert loop.stats.ticks == 120 and loop.stats.frames == 120
    ticks = [t for kind, t in log if kind == "tick"]
    assert ticks[60] - ticks[0] == 60 * TICK_NS
    assert loop.stats.skipped_draws == 0


def test_late_frame_catches_up_with_ticks_but_one_draw():
    clock = FakeClock()
    loop, log = make(clock)
    loop.step()
    clock.advance_ms(50)  # a 50 ms hiccup: three ticks are due
    loop.step()
    kinds = [k for k, _ in log]
    assert kinds == ["tick", "draw", "tick", "tick", "tick", "draw"]
    assert loop.stats.skipped_draws == 2


def test_catch_up_is_capped_and_the_rest_dropped_not_slow_motion():
    clock = FakeClock()
    loop, log = make(clock)
    loop.step()
    clock.advance_ms(1000)  # a one-second stall
    loop.step()
    assert loop.stats.ticks == 1 + MAX_CATCHUP
    assert loop.stats.dropped_ticks == 60 - MAX_CATCHUP
    # afterwards it is back on schedule: one tick per 1/60 s
    before = loop.stats.ticks
    for _ in range(30):
        loop.step()
    assert loop.stats.ticks - before == 30


def test_game_time_tracks_wall_time_when_every_tick_is_slow():
    clock = FakeClock()
    loop, _ = make(clock, work_ms=20)  # each tick takes longer than a frame
    for _ in range(100):
        loop.step()
    wall_ticks = clock.now_ns() // TICK_NS
    # never slow motion: ticks keep up with wall time minus what the cap dropped
    assert loop.stats.ticks + loop.stats.dropped_ticks >= wall_ticks - (MAX_CATCHUP + 2)
