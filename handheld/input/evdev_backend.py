"""The evdev backend: USB sticks, pads, arcade encoders, keyboards and the
kernel's gpio-keys buttons, read straight from /dev/input/event*.

Every tick `poll()` drains each open device without blocking (python-evdev's
`read()` raises BlockingIOError when nothing is pending) and turns key, axis
and hat events into `RawInput.press/release` calls. At most once a second it
also looks for new device nodes (hot-plug). A device that disappears raises
OSError(ENODEV) on its next read; it is dropped then, what it held is let go,
and nothing touches it again, so there is no busy loop. Players are assigned
by a stable identity (the USB port path `phys`, else the name), remembered,
so a replugged stick comes back as the same player.
"""

from __future__ import annotations

import errno
import glob
import re
import time
from typing import Callable

from handheld.input import evdevmap as em
from handheld.input.evdevmap import EV_ABS, EV_KEY, EV_SYN, SYN_DROPPED

SCAN_EVERY_S = 1.0
# A node we ignore (a mouse, a keyboard beside a window) is looked at again now
# and then: unplugged and replaced between two scans, its event number may now
# belong to a stick, which would otherwise stay dead.
RECHECK_IGNORED_S = 5.0
# At boot the cabinet starts before udev has given every input node its group: a
# node that refuses us is tried again at each scan, and only one that still refuses
# after this long is reported as a permission problem.
PERMISSION_GRACE_S = 10.0


def list_event_nodes() -> list[str]:
    """/dev/input/event* in numeric order."""
    paths = glob.glob("/dev/input/event*")
    return sorted(paths, key=lambda p: int(re.sub(r"\D", "", p) or 0))


def default_opener(path: str):
    import evdev  # imported here: a missing python-evdev only disables this backend
    return evdev.InputDevice(path)


def identity_of(dev) -> str:
    """Stable name for assignments and mappings: the USB port path when the
    device has one, else 'name:<device name>'."""
    phys = (getattr(dev, "phys", "") or "").strip()
    return phys if phys else "name:" + (getattr(dev, "name", "") or "?")


class Axis:
    __slots__ = ("lo", "hi", "min", "max", "dir", "deadzone")

    def __init__(self, lo, hi, minimum: int, maximum: int, deadzone: int):
        self.lo = lo            # (player, bits) below centre, or None
        self.hi = hi            # (player, bits) above centre, or None
        self.min = minimum
        self.max = maximum
        self.dir = 0
        self.deadzone = deadzone

    def direction(self, value: int) -> int:
        """-1, 0 or 1: integer maths on doubled values, range widened when a
        stick reports past its advertised limits (self-calibrating)."""
        if value < self.min:
            self.min = value
        elif value > self.max:
            self.max = value
        offset2 = 2 * value - (self.min + self.max)
        threshold2 = (self.max - self.min) * self.deadzone // 100
        if offset2 < -threshold2:
            return -1
        if offset2 > threshold2:
            return 1
        return 0


class Device:
    """One open evdev device and what its codes mean."""

    def __init__(self, dev, path: str, kind: str, identity: str):
        self.dev = dev
        self.path = path
        self.name = getattr(dev, "name", "?")
        self.phys = getattr(dev, "phys", "")
        self.kind = kind
        self.identity = identity
        self.player: int | None = None
        self.buttons: dict[int, tuple[int, int]] = {}
        self.axes: dict[int, Axis] = {}
        self.active: set = set()
        self.events = 0
        self.rate = 0
        self._events_at = 0
        self.grabbed = False
        self.last_raw: tuple[int, int, int] | None = None   # unmapped (type, code, value)
        self.caps: dict = {}


class EvdevBackend:
    def __init__(self, raw, deadzone: int = 25, devices_conf: dict | None = None,
                 kiosk: bool = False, read_keyboards: bool = True,
                 opener=default_opener, lister=list_event_nodes,
                 clock=time.monotonic, log=None):
        self.raw = raw
        self.deadzone = deadzone
        self.devices_conf = devices_conf or {}
        self.kiosk = kiosk
        self.read_keyboards = read_keyboards
        self.opener = opener
        self.lister = lister
        self.clock = clock
        self.log = log or (lambda line: None)
        self.open: list[Device] = []
        self._by_path: dict[str, Device] = {}
        self.ignored: dict[str, str] = {}       # path -> why (mouse, keyboard in a window...)
        self._ignored_at: dict[str, float] = {}  # path -> when it was last looked at
        self.failed: dict[str, str] = {}        # path -> one-line error (logged once)
        self._denied_since: dict[str, float] = {}  # path -> when it first refused us
        self.remembered: dict[str, int] = {}    # identity -> player, across unplugs
        # called with (device, type, code, value) while a mapping screen listens
        self.capture: Callable[[Device, int, int, int], None] | None = None
        self._next_scan: float | None = None
        self._last_scan: float | None = None
        self.errors: list[str] = []

    # --- hot-plug ------------------------------------------------------
    def scan(self, now: float | None = None) -> list[Device]:
        """Open device nodes not seen before; returns the devices added."""
        now = self.clock() if now is None else now
        try:
            paths = list(self.lister())
        except OSError as e:
            self._note(f"input: cannot list /dev/input ({e.strerror}); is /dev mounted?")
            return []
        listed = set(paths)
        for table in (self.ignored, self.failed, self._denied_since):
            for p in [p for p in table if p not in listed]:
                del table[p]
        for p, since in list(self._ignored_at.items()):
            if p not in self.ignored or now - since >= RECHECK_IGNORED_S:
                self.ignored.pop(p, None)
                del self._ignored_at[p]
        added = []
        for path in paths:
            if path in self._by_path or path in self.ignored:
                continue
            d = self._open(path, now)
            if d is not None:
                added.append(d)
            elif path in self.ignored:
                self._ignored_at[path] = now
        for d in sorted(added, key=lambda d: d.identity):
            self._assign(d)
            self._build_map(d)
            self.open.append(d)
            self._by_path[d.path] = d
            if self.kiosk:
                self._grab(d)
            who = "by code" if d.player is None else f"P{d.player + 1}"
            self.log(f"input: {d.kind} '{d.name}' ({d.identity}) -> {who}")
        self._update_rates(now)
        return added

    def _open(self, path: str, now: float) -> Device | None:
        try:
            dev = self.opener(path)
            caps = dev.capabilities(absinfo=True)
        except OSError as e:
            if path not in self.failed:
                if e.errno in (errno.EACCES, errno.EPERM):
                    if now - self._denied_since.setdefault(path, now) < PERMISSION_GRACE_S:
                        return None
                    msg = (f"input: no permission to read {path}: add the user to group "
                           f"'input' (sudo usermod -aG input $USER) and log in again")
                else:
                    msg = f"input: cannot open {path}: {e.strerror or e}"
                self.failed[path] = msg
                self._note(msg)
            return None
        kind = em.classify(caps)
        if kind == "other" or (kind == "keyboard" and not self.read_keyboards):
            self.ignored[path] = kind
            try:
                dev.close()
            except OSError:
                pass
            return None
        d = Device(dev, path, kind, identity_of(dev))
        d.caps = caps
        return d

    def _conf(self, d: Device) -> dict:
        return self.devices_conf.get(d.identity) or self.devices_conf.get("name:" + d.name) or {}

    def _assign(self, d: Device) -> None:
        conf = self._conf(d)
        if "player" in conf:
            d.player = int(conf["player"]) - 1
        elif d.kind == "keyboard":
            d.player = None                      # keys carry their player (MAME layout)
        elif d.identity in self.remembered:
            d.player = self.remembered[d.identity]
        else:
            taken = {o.player for o in self.open if o.player is not None and o.kind != "keyboard"}
            reserved = set(self.remembered.values()) | {
                int(c["player"]) - 1 for c in self.devices_conf.values() if "player" in c}
            free = [p for p in range(len(self.raw.held)) if p not in taken]
            fresh = [p for p in free if p not in reserved]
            d.player = (fresh or free or [0])[0]
        if d.player is not None:
            self.remembered[d.identity] = d.player

    def _build_map(self, d: Device) -> None:
        player = 0 if d.player is None else d.player
        conf_map = self._conf(d).get("map")
        if d.kind == "keyboard" and d.player is not None and not conf_map:
            d.buttons = {c: (d.player, bits) for c, (_, bits) in em.KEYBOARD_MAP.items()}
        else:
            d.buttons = em.default_buttons(d.kind, player)
        # (player, lo, hi) from the defaults, (lo_p, lo_b, hi_p, hi_b) from the config
        axes_spec: dict[int, tuple[int, ...]] = dict(em.default_axes(d.kind, player))
        if conf_map:
            d.buttons, axes_spec = {}, {}
            for name, spec in conf_map.items():
                parsed = em.parse_code(name)
                act = em.parse_action(spec, player)
                if parsed is None or act is None:
                    continue  # settings.validate already warned
                etype, c, sign = parsed
                if etype == EV_KEY:
                    d.buttons[c] = act
                else:
                    lo_p, lo_b, hi_p, hi_b = _unpack(axes_spec.get(c))
                    if sign < 0:
                        lo_p, lo_b = act
                    else:
                        hi_p, hi_b = act
                    axes_spec[c] = (lo_p, lo_b, hi_p, hi_b)
        absinfo = {c[0]: c[1] for c in d.caps.get(EV_ABS, ()) if isinstance(c, tuple)}
        d.axes = {}
        for code, spec in axes_spec.items():
            if code not in absinfo:
                continue
            lo_p, lo_b, hi_p, hi_b = _unpack(spec)
            info = absinfo[code]
            d.axes[code] = Axis((lo_p, lo_b) if lo_b else None, (hi_p, hi_b) if hi_b else None,
                                info.min, info.max, self.deadzone)

    def _grab(self, d: Device) -> None:
        try:
            d.dev.grab()
            d.grabbed = True
        except OSError as e:
            self._note(f"input: could not grab '{d.name}' ({e.strerror or e}); "
                       f"another program holds it, its keys may reach the console")

    # --- per tick ------------------------------------------------------
    def poll(self, now: float | None = None) -> None:
        if self._next_scan is None or (now if now is not None else self.clock()) >= self._next_scan:
            now = self.clock() if now is None else now
            self.scan(now)
            self._next_scan = now + SCAN_EVERY_S
        gone = None
        for d in self.open:
            try:
                for ev in d.dev.read():
                    self._event(d, ev.type, ev.code, ev.value)
            except BlockingIOError:
                pass
            except OSError as e:
                gone = gone or []
                gone.append((d, e))
        if gone:
            for d, err in gone:
                self._drop(d, err)

    def _event(self, d: Device, etype: int, code: int, value: int) -> None:
        if etype == EV_KEY:
            if value == 2:
                return  # autorepeat: we count repeat in ticks ourselves
            d.events += 1
            if self.capture is not None:
                self.capture(d, etype, code, value)
            m = d.buttons.get(code)
            if m is None:
                d.last_raw = (etype, code, value)
                return
            src: tuple[str | int, ...] = (d.path, code)
            if value:
                d.active.add((m[0], m[1], src))
                self.raw.press(m[0], m[1], src)
            else:
                d.active.discard((m[0], m[1], src))
                self.raw.release(m[0], m[1], src)
        elif etype == EV_ABS:
            d.events += 1
            if self.capture is not None:
                self.capture(d, etype, code, value)
            ax = d.axes.get(code)
            if ax is None:
                d.last_raw = (etype, code, value)
                return
            new = ax.direction(value)
            if new == ax.dir:
                return
            src = (d.path, EV_ABS, code)
            old = ax.lo if ax.dir < 0 else ax.hi if ax.dir > 0 else None
            if old is not None:
                d.active.discard((old[0], old[1], src))
                self.raw.release(old[0], old[1], src)
            ax.dir = new
            cur = ax.lo if new < 0 else ax.hi if new > 0 else None
            if cur is not None:
                d.active.add((cur[0], cur[1], src))
                self.raw.press(cur[0], cur[1], src)
        elif etype == EV_SYN and code == SYN_DROPPED:
            self._resync(d)

    def _resync(self, d: Device) -> None:
        """Events were lost (kernel buffer overrun): let go of everything and
        re-press the keys the device says are down."""
        self._release_all(d)
        try:
            keys = d.dev.active_keys()
        except (OSError, AttributeError):
            keys = []
        for code in keys:
            self._event(d, EV_KEY, code, 1)

    def _release_all(self, d: Device) -> None:
        for player, bits, src in list(d.active):
            self.raw.release(player, bits, src)
        d.active.clear()
        for ax in d.axes.values():
            ax.dir = 0

    def _drop(self, d: Device, err: OSError) -> None:
        self._release_all(d)
        try:
            d.dev.close()
        except OSError:
            pass
        self.open.remove(d)
        self._by_path.pop(d.path, None)
        why = "unplugged" if err.errno == errno.ENODEV else f"read failed ({err.strerror or err})"
        self.log(f"input: '{d.name}' {why}; dropped")

    def _update_rates(self, now: float) -> None:
        if self._last_scan is not None and now > self._last_scan:
            dt = now - self._last_scan
            for d in self.open:
                d.rate = int((d.events - d._events_at) / dt + 0.5)
                d._events_at = d.events
        self._last_scan = now

    def _note(self, line: str) -> None:
        if line not in self.errors:
            self.errors.append(line)
        self.log(line)

    # --- reporting / shutdown -------------------------------------------
    def devices(self) -> list[dict]:
        out = []
        for d in self.open:
            out.append({"backend": "evdev", "name": d.name, "identity": d.identity,
                        "kind": d.kind, "player": d.player, "path": d.path,
                        "events": d.events, "rate": d.rate, "grabbed": d.grabbed,
                        "last_raw": d.last_raw, "device": d})
        return out

    def close(self) -> None:
        for d in list(self.open):
            self._release_all(d)
            if d.grabbed:
                try:
                    d.dev.ungrab()
                except OSError:
                    pass
            try:
                d.dev.close()
            except OSError:
                pass
        self.open.clear()
        self._by_path.clear()


def _unpack(spec) -> tuple[int, int, int, int]:
    """(player, lo, hi) from the defaults or (lo_p, lo_b, hi_p, hi_b) -> 4-tuple."""
    if spec is None:
        return (0, 0, 0, 0)
    if len(spec) == 3:
        p, lo, hi = spec
        return (p, int(lo), p, int(hi))
    return tuple(spec)
