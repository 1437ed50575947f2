"""The GPIO backend: buttons wired straight to the header, read through the
RPi.GPIO API (RPi.GPIO on Pi 1-4, rpi-lgpio's drop-in module on a Pi 5).

Two ways to read: `poll` reads every pin once per tick; `edge` registers
RPi.GPIO edge callbacks (they run on the library's thread and only queue the
level and time). Both feed a software debounce: a new level counts once it
has been stable for `debounce_ms`. When polling, a level seen at a sample is
taken to have started right after the previous sample: with ~16 ms between
samples a switch bounce (a few ms) can never show up as two presses.

A missing library, a Pi without access, or a pin another program holds gives
one clear line in `errors`; the pins that could be set up keep working, and
so do the other backends. (The kernel route, `handheld hw overlay`, needs
none of this: the pins then arrive as an evdev device.)
"""

from __future__ import annotations

import time
import warnings
from collections import deque

from handheld.input.pinmap import Pin


class PinState:
    __slots__ = ("pin", "active", "raw", "since", "last_seen", "edge", "events")

    def __init__(self, pin: Pin):
        self.pin = pin
        self.active = False     # debounced: pressed?
        self.raw = False        # last level seen, as pressed/not
        self.since = 0.0        # when `raw` started
        self.last_seen: float | None = None   # time of the previous poll sample
        self.edge = False       # fed by callbacks instead of polling
        self.events = 0


class GpioBackend:
    def __init__(self, raw, pins: list[Pin], debounce_ms: int = 5, mode: str = "poll",
                 gpio=None, clock=time.monotonic, log=None):
        self.raw = raw
        self.pins = pins
        self.window = debounce_ms / 1000.0 - 1e-9  # float clock: 5 ms means 5 ms
        self.mode = mode
        self.gpio = gpio
        self.clock = clock
        self.log = log or (lambda line: None)
        self.errors: list[str] = []
        self.states: list[PinState] = []
        self._polled: list[PinState] = []
        self._by_bcm: dict[int, PinState] = {}
        self._queue: deque = deque()
        self.chip = ""
        self.opened = False

    # --- setup ---------------------------------------------------------
    def open(self) -> bool:
        """Set the pins up. False (and one line in errors) when GPIO can't be used."""
        if self.gpio is None:
            try:
                import RPi.GPIO as gpio  # noqa: N813 - the library's own name
            except ImportError:
                return self._fail("GPIO: the RPi.GPIO module is not installed: sudo apt install "
                                  "python3-rpi.gpio (Pi 5: python3-rpi-lgpio), or use the kernel "
                                  "route: handheld hw overlay PINMAP.toml")
            except RuntimeError as e:
                return self._fail(f"GPIO: RPi.GPIO cannot run here ({e}); on a Raspberry Pi add "
                                  f"the user to group 'gpio'; other inputs keep working")
            self.gpio = gpio
        g = self.gpio
        try:
            g.setwarnings(True)
            g.setmode(g.BCM)
        except (RuntimeError, ValueError, OSError) as e:
            return self._fail(f"GPIO: cannot use the GPIO chip ({e}); add the user to group "
                              f"'gpio' or check /dev/gpiomem and /dev/gpiochip*")
        except Exception as e:  # rpi-lgpio raises lgpio.error
            return self._fail(f"GPIO: cannot open the GPIO chip ({e}); add the user to group 'gpio'")
        pulls = {"up": g.PUD_UP, "down": g.PUD_DOWN, "off": g.PUD_OFF}
        for pin in self.pins:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    g.setup(pin.bcm, g.IN, pull_up_down=pulls[pin.pull])
                except Exception as e:  # RuntimeError (RPi.GPIO), lgpio.error (rpi-lgpio)
                    self._note(f"GPIO: {pin.describe()} is busy ({e}): another program or a "
                               f"dtoverlay holds it; free it or change the pin map")
                    continue
            for w in caught:
                if "in use" in str(w.message):
                    self._note(f"GPIO: {pin.describe()} was already set up by another program; "
                               f"reading it anyway (check nothing else drives it)")
            st = PinState(pin)
            st.raw = st.active = self._read(st)
            st.last_seen = st.since = self.clock()
            if self.mode == "edge":
                try:
                    g.add_event_detect(pin.bcm, g.BOTH, callback=self._edge)
                    st.edge = True
                except Exception as e:
                    self._note(f"GPIO: edge detection failed on {pin.describe()} ({e}); polling it instead")
            self.states.append(st)
            self._by_bcm[pin.bcm] = st
        self._polled = [s for s in self.states if not s.edge]
        self.opened = True
        return bool(self.states)

    def _fail(self, line: str) -> bool:
        self._note(line)
        return False

    def _note(self, line: str) -> None:
        self.errors.append(line)
        self.log(line)

    def _read(self, st: PinState) -> bool:
        level = self.gpio.input(st.pin.bcm)
        return (not level) if st.pin.active_low else bool(level)

    def _edge(self, channel: int) -> None:
        """RPi.GPIO callback thread: queue the level and the time, nothing else."""
        try:
            level = self.gpio.input(channel)
        except Exception:
            return
        self._queue.append((channel, level, self.clock()))

    # --- per tick ------------------------------------------------------
    def poll(self, now: float | None = None) -> None:
        if not self.states:
            return
        now = self.clock() if now is None else now
        q = self._queue
        while q:
            channel, level, t = q.popleft()
            st = self._by_bcm.get(channel)
            if st is None:
                continue
            self._settle(st, t)
            active = (not level) if st.pin.active_low else bool(level)
            if active != st.raw:
                st.raw = active
                st.since = t
        window = self.window
        for st in self._polled:
            active = self._read(st)
            if active != st.raw:
                st.raw = active
                st.since = st.last_seen if st.last_seen is not None else now
            st.last_seen = now
            if st.raw != st.active and now - st.since >= window:
                self._commit(st)
        for st in self.states:
            if st.edge:
                self._settle(st, now)

    def _settle(self, st: PinState, now: float) -> None:
        if st.raw != st.active and now - st.since >= self.window:
            self._commit(st)

    def _commit(self, st: PinState) -> None:
        st.active = st.raw
        st.events += 1
        pin = st.pin
        if st.active:
            self.raw.press(pin.player, pin.action, ("gpio", pin.bcm))
        else:
            self.raw.release(pin.player, pin.action, ("gpio", pin.bcm))

    # --- reporting / shutdown -------------------------------------------
    def devices(self) -> list[dict]:
        if not self.states:
            return []
        players = sorted({s.pin.player for s in self.states})
        return [{"backend": "gpio", "name": f"GPIO header ({len(self.states)} pins, {self.mode})",
                 "identity": "gpio", "kind": "gpio",
                 "player": players[0] if len(players) == 1 else None,
                 "path": "/dev/gpiochip0", "events": sum(s.events for s in self.states),
                 "rate": 0, "grabbed": False, "last_raw": None, "device": self}]

    def close(self) -> None:
        if self.gpio is None or not self.states:
            return
        chans = [s.pin.bcm for s in self.states]
        for s in self.states:
            if s.edge:
                try:
                    self.gpio.remove_event_detect(s.pin.bcm)
                except Exception:
                    pass
            if s.active:
                self.raw.release(s.pin.player, s.pin.action, ("gpio", s.pin.bcm))
        try:
            self.gpio.cleanup(chans)
        except Exception:
            pass
        self.states = []
        self._polled = []
