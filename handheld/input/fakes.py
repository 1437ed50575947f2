"""Stand-ins for the hardware edge, following the real libraries' APIs.

`FakeInputDevice` behaves like `evdev.InputDevice` as far as the evdev
backend uses it: `path`, `name`, `phys`, `uniq`, `info`, `fd`,
`capabilities(verbose=False, absinfo=True)`, `read()` (a generator of real
`evdev.InputEvent`s that raises BlockingIOError when nothing is pending),
`read_one()`, `grab()`/`ungrab()` (OSError when grabbed twice, like EVIOCGRAB),
`active_keys()` and `close()`. Unplugging makes every call raise
OSError(ENODEV), as the kernel does for an open node whose device is gone.

`FakeGPIO` is a module-like object with RPi.GPIO's names (BCM, IN, PUD_UP,
setmode, setup, input, add_event_detect, remove_event_detect, cleanup...)
whose pin levels tests drive by hand.

They live in the package (not only in tests) because `handheld bench`
measures the cost of reading four devices with them.
"""

from __future__ import annotations

import errno
import warnings
from collections import deque
from typing import Callable

try:  # real event objects when python-evdev is there (it is on every Linux install)
    from evdev import InputEvent as _InputEvent
    from evdev.device import AbsInfo, DeviceInfo
    HAVE_EVDEV = True
except ImportError:  # pragma: no cover - non-Linux dev machines
    HAVE_EVDEV = False

EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
SYN_REPORT = 0


def make_absinfo(minimum: int, maximum: int, value: int | None = None, flat: int = 0):
    if value is None:
        value = (minimum + maximum) // 2
    if not HAVE_EVDEV:  # pragma: no cover
        return (value, minimum, maximum, 0, flat, 0)
    return AbsInfo(value=value, min=minimum, max=maximum, fuzz=0, flat=flat, resolution=0)


class FakeInputDevice:
    """An evdev.InputDevice look-alike fed by `push()`/`press()`/`move()`."""

    _next_fd = 100

    def __init__(self, path: str, name: str, phys: str = "", caps: dict | None = None,
                 uniq: str = "", vendor: int = 0x0079, product: int = 0x0006):
        self.path = path
        self.name = name
        self.phys = phys
        self.uniq = uniq
        self.info = DeviceInfo(bustype=3, vendor=vendor, product=product, version=0x110) \
            if HAVE_EVDEV else (3, vendor, product, 0x110)
        self._caps = caps or {}
        FakeInputDevice._next_fd += 1
        self.fd = FakeInputDevice._next_fd
        self._queue: deque = deque()
        self._keys: set[int] = set()
        self.grabbed = False
        self.unplugged = False
        self.closed = False
        self.reads = 0
        self._t = 0

    # --- the python-evdev API ------------------------------------------
    def fileno(self) -> int:
        return self.fd

    def capabilities(self, verbose: bool = False, absinfo: bool = True):
        self._check()
        out = {}
        for etype, codes in self._caps.items():
            lst = []
            for c in codes:
                if isinstance(c, tuple):
                    lst.append(c if absinfo else c[0])
                else:
                    lst.append(c)
            out[etype] = lst
        return out

    def read(self):
        """Like evdev: a generator; BlockingIOError when nothing is pending."""
        self.reads += 1
        self._check()
        if not self._queue:
            raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")
        while self._queue:
            item = self._queue.popleft()
            if item == "unplug":
                self.unplugged = True
                self._check()
            yield item

    def read_one(self):
        self._check()
        while self._queue:
            item = self._queue.popleft()
            if item == "unplug":
                self.unplugged = True
                self._check()
            return item
        return None

    def active_keys(self, verbose: bool = False):
        self._check()
        return sorted(self._keys)

    def grab(self) -> None:
        self._check()
        if self.grabbed:
            raise OSError(errno.EBUSY, "Device or resource busy")
        self.grabbed = True

    def ungrab(self) -> None:
        self._check()
        if not self.grabbed:
            raise OSError(errno.EINVAL, "Invalid argument")
        self.grabbed = False

    def close(self) -> None:
        self.closed = True
        self.fd = -1

    # --- driving it from a test ----------------------------------------
    def _check(self):
        if self.unplugged:
            raise OSError(errno.ENODEV, "No such device")

    def push(self, etype: int, code: int, value: int, syn: bool = True) -> None:
        self._t += 1
        self._queue.append(_InputEvent(1000, self._t, etype, code, value))
        if etype == EV_KEY:
            (self._keys.add if value else self._keys.discard)(code)
        if syn:
            self._queue.append(_InputEvent(1000, self._t, EV_SYN, SYN_REPORT, 0))

    def press(self, code: int) -> None:
        self.push(EV_KEY, code, 1)

    def release(self, code: int) -> None:
        self.push(EV_KEY, code, 0)

    def tap(self, code: int) -> None:
        self.press(code)
        self.release(code)

    def move(self, axis: int, value: int) -> None:
        self.push(EV_ABS, axis, value)

    def unplug_after_pending(self) -> None:
        """The next read delivers what is queued, then fails with ENODEV."""
        self._queue.append("unplug")

    def unplug(self) -> None:
        self.unplugged = True


# Capability sets of real devices, as python-evdev reports them.
def gamepad_caps() -> dict:
    """An Xbox-style pad: face buttons, start/select, d-pad as a hat, analog stick."""
    return {
        EV_KEY: [304, 305, 307, 308, 310, 311, 314, 315, 316, 317, 318],
        EV_ABS: [(0, make_absinfo(-32768, 32767, 0, 128)), (1, make_absinfo(-32768, 32767, 0, 128)),
                 (16, make_absinfo(-1, 1, 0)), (17, make_absinfo(-1, 1, 0))],
    }


def encoder_caps() -> dict:
    """A 'Zero Delay' USB arcade encoder: BTN_TRIGGER..BTN_BASE6, digital stick on 0..255."""
    return {
        EV_KEY: list(range(288, 300)),
        EV_ABS: [(0, make_absinfo(0, 255, 127)), (1, make_absinfo(0, 255, 127))],
    }


def keyboard_caps() -> dict:
    """A keyboard (or an I-PAC keyboard encoder): letters, digits, arrows, modifiers."""
    return {EV_KEY: list(range(1, 120)), 17: [0, 1, 2]}


def mouse_caps() -> dict:
    return {EV_KEY: [272, 273, 274], 2: [0, 1, 8]}


class FakeGPIO:
    """Module-like stand-in for RPi.GPIO with the real constant and function names."""

    BCM = 11
    BOARD = 10
    IN = 1
    OUT = 0
    PUD_OFF = 20
    PUD_DOWN = 21
    PUD_UP = 22
    RISING = 31
    FALLING = 32
    BOTH = 33
    HIGH = 1
    LOW = 0
    VERSION = "0.7.1"

    def __init__(self, busy: tuple[int, ...] = (), in_use: tuple[int, ...] = ()):
        self.mode: int | None = None
        self.levels: dict[int, int] = {}
        self.pulls: dict[int, int] = {}
        self.callbacks: dict[int, Callable[[int], None] | None] = {}
        self.busy = set(busy)        # setup raises, like rpi-lgpio's 'GPIO busy'
        self.in_use = set(in_use)    # setup warns, like RPi.GPIO's RuntimeWarning
        self.cleaned: list | None = None
        self.input_calls = 0

    def setwarnings(self, flag: bool) -> None:
        pass

    def setmode(self, mode: int) -> None:
        if self.mode is not None and self.mode != mode:
            raise ValueError("A different mode has already been set!")
        self.mode = mode

    def getmode(self):
        return self.mode

    def setup(self, channel: int, direction: int, pull_up_down: int = 20, initial: int = -1) -> None:
        if self.mode is None:
            raise RuntimeError("Please set pin numbering mode using GPIO.setmode(GPIO.BOARD) or GPIO.setmode(GPIO.BCM)")
        if channel in self.busy:
            raise RuntimeError("GPIO busy")
        if channel in self.in_use:
            warnings.warn("This channel is already in use, continuing anyway.  "
                          "Use GPIO.setwarnings(False) to disable warnings.", RuntimeWarning)
        self.pulls[channel] = pull_up_down
        # an open switch reads at the pull's level
        self.levels.setdefault(channel, 0 if pull_up_down == self.PUD_DOWN else 1)

    def input(self, channel: int) -> int:
        self.input_calls += 1
        if channel not in self.pulls:
            raise RuntimeError("You must setup() the GPIO channel first")
        return self.levels[channel]

    def add_event_detect(self, channel: int, edge: int, callback: Callable[[int], None] | None = None,
                         bouncetime: int = 0) -> None:
        if channel not in self.pulls:
            raise RuntimeError("You must setup() the GPIO channel first")
        if channel in self.callbacks:
            raise RuntimeError("Conflicting edge detection already enabled for this GPIO channel")
        self.callbacks[channel] = callback

    def remove_event_detect(self, channel: int) -> None:
        self.callbacks.pop(channel, None)

    def cleanup(self, channel=None) -> None:
        chans = list(self.pulls) if channel is None else (
            list(channel) if isinstance(channel, (list, tuple)) else [channel])
        for c in chans:
            self.pulls.pop(c, None)
            self.callbacks.pop(c, None)
        self.cleaned = chans

    # --- driving it from a test ----------------------------------------
    def set_level(self, channel: int, level: int) -> None:
        """Change the pin's level; fires the edge callback like the real library."""
        old = self.levels.get(channel)
        self.levels[channel] = level
        cb = self.callbacks.get(channel)
        if cb is not None and old != level:
            cb(channel)
