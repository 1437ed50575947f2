"""Collects every input source into one RawInput and cuts a frame per tick.

Sources: pygame key events (window and kmsdrm displays, MAME layout), the
evdev backend (USB sticks, pads, encoders, console keyboards, gpio-keys
buttons; hot-plug) and the GPIO backend (buttons on the header via RPi.GPIO).
A source that can't start leaves one line in `errors` and the others run.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from handheld.input import settings as input_settings
from handheld.base.actions import Action, InputFrame
from handheld.input.keyboard import keymap_by_code
from handheld.base.frames import FrameBuilder, RawInput

if TYPE_CHECKING:  # the backends are imported when they start (lean imports)
    from handheld.input.evdev_backend import EvdevBackend
    from handheld.input.gpio import GpioBackend

KEYBOARD = "keyboard"
log = logging.getLogger("handheld.input")


class InputManager:
    def __init__(self, config=None, kiosk: bool = False, *, opener=None, lister=None,
                 gpio_module=None, clock=time.monotonic, environ=None):
        """`opener`, `lister` and `gpio_module` replace the hardware edge in
        tests and the bench (python-evdev's InputDevice, the /dev/input
        listing, the RPi.GPIO module)."""
        self.config = config
        self.kiosk = kiosk
        self.clock = clock
        section = config.get("input", {}) if config is not None else {}
        self.settings, self.warnings = input_settings.validate(section or {})
        for line in self.warnings:      # the config file's [input] is checked here, where it is used
            log.warning("%s: %s", getattr(config, "path", "config"), line)
        self.raw = RawInput()
        self.builder = FrameBuilder()
        self._keymap: dict[int, tuple[int, Action]] | None = None
        self.key_events = 0
        self.errors: list[str] = []
        self.evdev: EvdevBackend | None = None
        self.gpio: GpioBackend | None = None
        env = os.environ if environ is None else environ
        if self.settings["evdev"]:
            self._start_evdev(opener, lister, env)
        self._start_gpio(gpio_module)

    # --- backends ------------------------------------------------------
    def _start_evdev(self, opener, lister, env) -> None:
        from handheld.input import evdev_backend as eb
        if opener is None:
            if not sys.platform.startswith("linux"):
                return
            try:
                import evdev  # noqa: F401
            except ImportError:
                self._error("evdev: python-evdev is not installed (sudo apt install python3-evdev, "
                            "or pip install evdev); USB sticks and pads are not read")
                return
            opener = eb.default_opener
        mode = self.settings["evdev_keyboards"]
        desktop = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
        read_keyboards = mode == "on" or (mode == "auto" and (self.kiosk or not desktop))
        self.evdev = eb.EvdevBackend(
            self.raw, deadzone=self.settings["deadzone"], devices_conf=self.settings["devices"],
            kiosk=self.kiosk, read_keyboards=read_keyboards, opener=opener,
            lister=lister or eb.list_event_nodes, clock=self.clock, log=log.info)

    def _start_gpio(self, gpio_module) -> None:
        from handheld.input.gpio import GpioBackend
        from handheld.input.pinmap import PinMapError, load_pinmap, parse_pins
        if self.settings["gpio"] == "off":
            return
        pins, warnings = parse_pins(self.settings["pins"], {}, "input.pins")
        path = self.settings["pinmap"]
        if path:
            path = self._resolve(path)
            try:
                pm, w = load_pinmap(path)
            except PinMapError as e:
                self._error(f"GPIO: {e}")
                return
            warnings += w
            have = {p.bcm for p in pins}
            pins += [p for p in pm.pins if p.bcm not in have]
        for line in warnings:
            self._error(f"GPIO: {line}")
        if not pins:
            return
        self.gpio = GpioBackend(self.raw, pins, debounce_ms=self.settings["debounce_ms"],
                                mode=self.settings["gpio"], gpio=gpio_module, clock=self.clock,
                                log=log.warning)
        self.gpio.open()

    def _resolve(self, path: str) -> str:
        p = Path(path).expanduser()
        if not p.is_absolute() and not p.exists() and getattr(self.config, "path", None):
            beside = Path(self.config.path).parent / p
            if beside.exists():
                return str(beside)
        return str(p)

    def _error(self, line: str) -> None:
        self.errors.append(line)
        log.warning("%s", line)

    @property
    def all_errors(self) -> list[str]:
        out = list(self.errors)
        for be in (self.evdev, self.gpio):
            if be is not None:
                out += [e for e in be.errors if e not in out]
        return out

    # --- per tick ------------------------------------------------------
    def handle_pygame_event(self, event) -> None:
        import pygame

        if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
            return
        if self._keymap is None:
            self._keymap = keymap_by_code()
        self.key_events += 1
        target = self._keymap.get(event.key)
        if target is None:
            return
        player, action = target[0], int(target[1])
        if event.type == pygame.KEYDOWN:
            self.raw.press(player, action, KEYBOARD)
        else:
            self.raw.release(player, action, KEYBOARD)

    def poll(self) -> None:
        """Non-blocking reads of evdev devices and GPIO pins (hot-plug scan
        at most once a second)."""
        now = self.clock()
        if self.evdev is not None:
            self.evdev.poll(now)
        if self.gpio is not None:
            self.gpio.poll(now)

    def sample(self) -> tuple[InputFrame, list[tuple[int, int, int]]]:
        raw = self.raw.take()
        return self.builder.step(raw), raw

    # --- mapping / reporting ---------------------------------------------
    @property
    def capture(self):
        return self.evdev.capture if self.evdev is not None else None

    @capture.setter
    def capture(self, fn) -> None:
        if self.evdev is not None:
            self.evdev.capture = fn

    def reload_devices(self) -> None:
        """Re-read [input.devices] and rebuild every open device's map (after
        the mapping screen saved)."""
        if self.config is not None:
            self.settings, _ = input_settings.validate(self.config.get("input", {}) or {})
        if self.evdev is not None:
            self.evdev.devices_conf = self.settings["devices"]
            for d in list(self.evdev.open):
                self.evdev._release_all(d)
                self.evdev._assign(d)
                self.evdev._build_map(d)

    def devices(self) -> list[dict]:
        rows = [{"backend": "pygame", "name": "keyboard (display window)", "identity": KEYBOARD,
                 "kind": "keyboard", "player": None, "path": "", "events": self.key_events,
                 "rate": 0, "grabbed": False, "last_raw": None, "device": None}]
        if self.evdev is not None:
            rows += self.evdev.devices()
        if self.gpio is not None:
            rows += self.gpio.devices()
        return rows

    def close(self) -> None:
        if self.evdev is not None:
            self.evdev.close()
        if self.gpio is not None:
            self.gpio.close()
