"""Input cost per tick for `handheld bench`: four devices read through the
real evdev backend code, with fake device nodes at the hardware edge."""

from __future__ import annotations

import time

from handheld.input.evdev_backend import EvdevBackend
from handheld.input.fakes import (EV_ABS, EV_KEY, FakeInputDevice, encoder_caps, gamepad_caps,
                                  keyboard_caps)
from handheld.base.frames import FrameBuilder, RawInput


def _devices() -> list[FakeInputDevice]:
    return [
        FakeInputDevice("/dev/input/event0", "Stick 1", "usb-0000:01:00.0-1.1/input0", encoder_caps()),
        FakeInputDevice("/dev/input/event1", "Stick 2", "usb-0000:01:00.0-1.2/input0", encoder_caps()),
        FakeInputDevice("/dev/input/event2", "Pad", "usb-0000:01:00.0-1.3/input0", gamepad_caps()),
        FakeInputDevice("/dev/input/event3", "IPAC", "usb-0000:01:00.0-1.4/input0", keyboard_caps()),
    ]


def read_cost_ms(quick: bool = False) -> float:
    """Mean milliseconds per tick to poll 4 devices and cut the frame: the
    analog pad streams an axis event every tick (a noisy stick), one of the
    other devices gets a press or release each tick, and the hot-plug scan
    runs once a second of simulated time."""
    devs = _devices()
    nodes = {d.path: d for d in devs}
    t = [0.0]
    raw = RawInput()
    be = EvdevBackend(raw, opener=nodes.__getitem__, lister=lambda: list(nodes),
                      clock=lambda: t[0])
    builder = FrameBuilder()
    be.poll(0.0)
    ticks = 3000 if quick else 30000
    buttons = {0: (EV_KEY, 288), 1: (EV_KEY, 289), 3: (EV_KEY, 29)}
    start = time.perf_counter()
    for i in range(ticks):
        t[0] = i / 60
        devs[2].push(EV_ABS, 0, (i * 997) % 65536 - 32768)
        which = (0, 1, 3)[i % 3]
        etype, code = buttons[which]
        devs[which].push(etype, code, (i // 3) & 1)
        be.poll(t[0])
        builder.step(raw.take())
    elapsed = time.perf_counter() - start
    be.close()
    return elapsed * 1000.0 / ticks
